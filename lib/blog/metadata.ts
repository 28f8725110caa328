import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';

import type { Locale } from '@/i18n/routing';
import { pageMetadata } from '@/lib/seo/metadata';

import { getBlogPage } from './list';

import type { BlogQuery } from './query';

/** Whether a blog list state narrows or reorders the list (search, category, sort or order differ from defaults). */
export function isFiltered(state: BlogQuery): boolean {
  return Boolean(state.q || state.category || state.sort !== 'date' || state.order !== 'desc');
}

/**
 * Metadata of a blog list view: page 2, 3… of the plain list stay indexable under `/blog?page=N`; search and
 * filter results are for people, not for the index (noindex, canonical /blog).
 */
export async function blogListMetadata(locale: Locale, requested: BlogQuery): Promise<Metadata> {
  const t = await getTranslations({ locale, namespace: 'Blog' });
  // A page past the last shows the last one (lib/blog/list.ts): title and canonical say which.
  const shown = requested.page > 1 ? (await getBlogPage(requested)).page : requested.page;
  const state = { ...requested, page: shown };
  const filtered = isFiltered(state);
  return pageMetadata({
    locale,
    path: state.page > 1 && !filtered ? `/blog?page=${state.page}` : '/blog',
    title: state.page > 1 ? t('titlePage', { page: state.page }) : t('title'),
    description: t('description'),
    noindex: filtered,
  });
}
