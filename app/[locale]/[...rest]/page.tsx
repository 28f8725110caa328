import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { notFound } from 'next/navigation';

/**
 * Every path no route matches lands here so it gets the translated 404 page with a real 404 status.
 * (The content issue turns this into the `/{slug}` → `/blog/{slug}` redirect for non-reserved slugs.)
 */
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('NotFound');
  // Next adds `robots: noindex` itself to every 404 response.
  return { title: t('title') };
}

export default function CatchAllPage() {
  notFound();
}
