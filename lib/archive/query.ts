import { z } from 'zod';

import { capQueryText } from '@/lib/search/query-text';

/** The archive's post types as docs/SPEC-NOTES.md §7 names them (its `post_type` filter), in the order the type select lists them. */
export const ARCHIVE_TYPES = ['post', 'media_archive', 'reports'] as const;
export type ArchiveType = (typeof ARCHIVE_TYPES)[number];

/** Highest page number read from a URL; the search clamps further to the last page that exists. */
export const MAX_PAGE = 10_000;

const page = z.coerce
  .number()
  .catch(1)
  .transform((n) => (Number.isFinite(n) ? Math.min(Math.max(1, Math.trunc(n)), MAX_PAGE) : 1));

/**
 * The archive's URL state: `?q=&type=&order=&page=`. Every control lives in the URL, so a result page is
 * server-rendered and shareable. Anything unreadable falls back to its default rather than erroring.
 * `order` is undefined unless the visitor picked a date order (see `effectiveOrder`).
 */
export const archiveQuerySchema = z.object({
  q: z
    .string()
    .catch('')
    .default('')
    .transform(capQueryText),
  type: z
    .enum(['all', ...ARCHIVE_TYPES])
    .catch('all')
    .default('all'),
  order: z.enum(['desc', 'asc']).optional().catch(undefined),
  page: page.default(1),
});

export type ArchiveQuery = z.infer<typeof archiveQuerySchema>;

/** Reads Next's `searchParams` (a repeated parameter is an array: the first value wins; empty values are unset). */
export function parseArchiveQuery(params: Record<string, string | string[] | undefined>): ArchiveQuery {
  const first = Object.fromEntries(
    Object.entries(params)
      .map(([k, v]) => [k, Array.isArray(v) ? v[0] : v])
      .filter(([, v]) => v !== undefined && v !== ''),
  );
  return archiveQuerySchema.parse(first);
}

/**
 * How results are ordered. docs/SPEC-NOTES.md §7 orders by date, newest first unless `order=asc`. With search text the best
 * matches come first instead (a date order would bury the one post that names the words), unless the visitor
 * explicitly picked a date order: then matches are ordered by date.
 */
export function effectiveOrder(query: Pick<ArchiveQuery, 'q' | 'order'>): 'relevance' | 'desc' | 'asc' {
  return query.order ?? (query.q ? 'relevance' : 'desc');
}

/** The query string for a state with defaults left out (`/archive`, not `/archive?type=all&page=1`): '' or `?…`. */
export function archiveSearch(query: ArchiveQuery): string {
  const params = new URLSearchParams();
  if (query.q) params.set('q', query.q);
  if (query.type !== 'all') params.set('type', query.type);
  if (query.order) params.set('order', query.order);
  if (query.page > 1) params.set('page', String(query.page));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** True when anything but the page differs from the plain archive (search results are for people, not the index). */
export function isFiltered(query: ArchiveQuery): boolean {
  return Boolean(query.q || query.type !== 'all' || query.order);
}
