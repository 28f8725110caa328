import './globals.css';

export const metadata = { title: 'Page Not Found', robots: { index: false } };

/**
 * 404 for requests outside the locale tree (the proxy sends every page path into `[locale]`, so this is rare:
 * e.g. a missing file with an extension). English, the fallback language; no header, so no provider is needed.
 */
export default function GlobalNotFound() {
  return (
    <html lang="en">
      <body>
        <main className="mx-auto flex max-w-xl flex-col items-center px-6 py-24 text-center">
          <h1 className="text-3xl font-bold">Page Not Found</h1>
          <p className="mt-4">The page you are looking for does not exist or has been moved.</p>
          {/* A full page load is right here: this page lives outside the app's router and locale tree. */}
          {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
          <a href="/" className="mt-8 underline">
            Return Home
          </a>
        </main>
      </body>
    </html>
  );
}
