import type { Metadata } from 'next';

import { NotFoundView, notFoundTitle } from '@/components/layout/not-found-view';

export async function generateMetadata(): Promise<Metadata> {
  // Next adds `robots: noindex` itself to every 404 response.
  return { title: await notFoundTitle('page') };
}

/**
 * What `notFound()` shows outside a route with its own not-found.tsx. Next renders it in the browser only (its
 * not-found boundaries do not run during server rendering), so every 404 the proxy can foresee (unknown paths,
 * unknown content) is answered by app/[locale]/missing-content instead, fully rendered on the server.
 */
export default function NotFound() {
  return <NotFoundView kind="page" />;
}
