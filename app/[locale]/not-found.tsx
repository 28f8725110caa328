import { getTranslations } from 'next-intl/server';

import { Link } from '@/i18n/navigation';

export async function generateMetadata() {
  const t = await getTranslations('NotFound');
  // Next adds `robots: noindex` itself to every 404 response.
  return { title: t('title') };
}

/** The translated 404 page; Next sends it with status 404 wherever `notFound()` is called. */
export default async function NotFound() {
  const t = await getTranslations('NotFound');
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-6 py-24 text-center">
      <p className="text-6xl font-bold text-brand" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-3xl font-bold">{t('title')}</h1>
      <p className="mt-4 text-muted">{t('description')}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link
          href="/"
          className="rounded-full bg-brand px-6 py-3 font-semibold text-brand-fg hover:bg-brand-hover"
        >
          {t('home')}
        </Link>
        <Link
          href="/contact"
          prefetch={false}
          className="rounded-full border border-border px-6 py-3 font-semibold hover:bg-surface-strong"
        >
          {t('contact')}
        </Link>
      </div>
    </div>
  );
}
