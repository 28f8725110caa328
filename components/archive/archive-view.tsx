import { getTranslations } from 'next-intl/server';

import { PageHeader } from '@/components/layout/page-header';
import { Pagination } from '@/components/blog/pagination';
import { localizedPath } from '@/i18n/paths';
import type { Locale } from '@/i18n/routing';
import { archiveSearch, type ArchiveQuery } from '@/lib/archive/query';
import { ARCHIVE_PAGE_SIZE, archiveIndexFor, searchArchive } from '@/lib/archive/search';
import { getArchiveEntries } from '@/lib/cms';
import { resultRange } from '@/lib/utils/pagination';

import { ArchiveCard } from './archive-card';
import { ArchiveFilters } from './archive-filters';

/**
 * Archive (docs/SPEC-NOTES.md §2, §7 Derived behaviour) for one URL state: one search over posts, media archive
 * items and reports, with a type filter, date or relevance order, a result summary, cards tagged with their type,
 * and pagination. Rendered by the static `/archive` page (default state) and by the cached view of any other
 * state (app/[locale]/archive/view/[state]), so both show exactly the same markup. The search index is built once
 * per content change (lib/archive/search.ts `archiveIndexFor`).
 */
export async function ArchiveView({ locale, query }: { locale: Locale; query: ArchiveQuery }) {
  const t = await getTranslations({ locale, namespace: 'Archive' });
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
