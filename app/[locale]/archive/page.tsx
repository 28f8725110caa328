import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';

import { ArchiveCard } from '@/components/archive/archive-card';
import { ArchiveFilters } from '@/components/archive/archive-filters';
import { Pagination } from '@/components/blog/pagination';
import { PageHeader } from '@/components/layout/page-header';
import { localizedPath } from '@/i18n/paths';
import { localeParam } from '@/i18n/params';
import { archiveSearch, isFiltered, parseArchiveQuery } from '@/lib/archive/query';
import { ARCHIVE_PAGE_SIZE, archiveIndexFor, searchArchive } from '@/lib/archive/search';
import { getArchiveEntries } from '@/lib/cms';
import { resultRange } from '@/lib/pagination';
import { pageMetadata } from '@/lib/seo/metadata';

// Reads searchParams, so this page renders per request; the CMS reads under it come from Next's data cache and the
// search index is built once per process (lib/archive/search.ts).

export async function generateMetadata({
  params,
  searchParams,
}: PageProps<'/[locale]/archive'>): Promise<Metadata> {
  const locale = await localeParam(params);
  const t = await getTranslations({ locale, namespace: 'Archive' });
  const query = parseArchiveQuery(await searchParams);
  // The search shows the last page for a page past it: the title names the page shown.
  const shown = query.page > 1 ? searchArchive(archiveIndexFor(await getArchiveEntries()), query).page : 1;
  return pageMetadata({
    locale,
    path: '/archive',
    title: shown > 1 ? t('titlePage', { page: shown }) : t('title'),
    description: t('description'),
    // Search results and deeper pages only repeat what the item pages (all in the sitemap) already say.
    noindex: isFiltered(query) || query.page > 1,
  });
}

/**
 * Archive (docs/SPEC-NOTES.md §2, §7 Derived behaviour): one search over posts, media archive items and reports, with a type
 * filter, date or relevance order, a result summary, cards tagged with their type, and pagination.
 */
export default async function ArchivePage({ params, searchParams }: PageProps<'/[locale]/archive'>) {
  const locale = await localeParam(params);
  const t = await getTranslations('Archive');
  const query = parseArchiveQuery(await searchParams);
  const entries = await getArchiveEntries();
  const result = searchArchive(archiveIndexFor(entries), query);
  const range = resultRange(result.page, ARCHIVE_PAGE_SIZE, result.total);

  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
        <ArchiveFilters query={query} action={localizedPath(locale, '/archive')} />
        <p role="status" className="mt-6 text-muted">
          {result.total === 0
            ? t('noResults')
            : result.total === 1
              ? t('summaryOne')
              : t('summary', { from: range.from, to: range.to, total: range.total })}
          {query.q ? t('searchSuffix', { query: query.q }) : ''}
        </p>
        {result.items.length > 0 ? (
          <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {result.items.map((entry, i) => (
              <li key={`${entry.type}:${entry.slug}`} className="flex">
                <ArchiveCard entry={entry} locale={locale} priority={i === 0} />
              </li>
            ))}
          </ul>
        ) : (
          <div className="mt-8 rounded-2xl border border-dashed border-border p-10 text-center">
            <h2 className="text-xl font-semibold">{t('noResults')}</h2>
            <p className="mt-2 text-muted">{t('noResultsHint')}</p>
          </div>
        )}
        <Pagination
          page={result.page}
          totalPages={result.totalPages}
          hrefFor={(page) => `/archive${archiveSearch({ ...query, page })}`}
        />
      </div>
    </>
  );
}
