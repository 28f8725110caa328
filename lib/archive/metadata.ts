import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';

import type { Locale } from '@/i18n/routing';
import { getArchiveEntries } from '@/lib/cms';
import { pageMetadata } from '@/lib/seo/metadata';

import { isFiltered, type ArchiveQuery } from './query';
import { archiveIndexFor, searchArchive } from './search';

/**
 * Metadata of an archive view: the title names the page shown (the search shows the last page for a page past
 * it); search results and deeper pages are noindex, since the item pages (all in the sitemap) say the same.
 */
export async function archiveMetadata(locale: Locale, query: ArchiveQuery): Promise<Metadata> {
  const t = await getTranslations({ locale, namespace: 'Archive' });
  const shown = query.page > 1 ? searchArchive(archiveIndexFor(await getArchiveEntries()), query).page : 1;
  return pageMetadata({
    locale,
    path: '/archive',
    title: shown > 1 ? t('titlePage', { page: shown }) : t('title'),
    description: t('description'),
    noindex: isFiltered(query) || query.page > 1,
  });
}
