import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { notFound } from 'next/navigation';

import { permanentRedirect } from '@/i18n/navigation';
import { localeParam } from '@/i18n/params';
import { catchAllRedirect } from '@/lib/routing/catch-all';

/**
 * Every path no route matches lands here. `/{slug}` (an old WordPress permalink) is sent on to `/blog/{slug}`
 * unless the slug is reserved (docs/SPEC-NOTES.md §2); everything else is the translated 404 page with a real 404 status.
 */
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('NotFound');
  // Next adds `robots: noindex` itself to every 404 response.
  return { title: t('title') };
}

export default async function CatchAllPage({ params }: PageProps<'/[locale]/[...rest]'>) {
  const locale = await localeParam(params);
  const { rest } = await params;
  const target = catchAllRedirect(rest);
  if (target) permanentRedirect({ href: target, locale });
  notFound();
}
