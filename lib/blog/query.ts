import { z } from 'zod';

import { capQueryText } from '@/lib/search/query-text';

/**
 * The blog list's URL state (docs/SPEC-NOTES.md §2 Blog list): `?q=&category=&sort=&order=&page=`. Every control lives in the
 * URL so a result page is server-rendered and shareable. Parsed with zod; anything unreadable falls back to its
 * default rather than erroring, since these come from hand-edited or old links.
 */
export const blogQuerySchema = z.object({
  // Cut to the longest search kept (lib/search/query-text.ts), as the archive does.
  q: z.string().catch('').default('').transform(capQueryText),
  category: z.coerce.number().int().positive().optional().catch(undefined),
  sort: z.enum(['date', 'title', 'relevance']).catch('date').default('date'),
  order: z.enum(['desc', 'asc']).catch('desc').default('desc'),
  page: z.coerce.number().int().min(1).max(10_000).catch(1).default(1),
});

export type BlogQuery = z.infer<typeof blogQuerySchema>;

/** The query parameters that make a blog list view (proxy.ts sends requests with any of them to the cached view, lib/redirects/list-views.ts). */
export const BLOG_LIST_PARAMS = ['q', 'category', 'sort', 'order', 'page'] as const;

/** Reads Next's `searchParams` (a value may be an array when repeated: the first one wins). */
export function parseBlogQuery(params: Record<string, string | string[] | undefined>): BlogQuery {
  const first = Object.fromEntries(
    Object.entries(params)
      .map(([k, v]) => [k, Array.isArray(v) ? v[0] : v])
      .filter(([, v]) => v !== undefined && v !== ''),
  );
  return blogQuerySchema.parse(first);
}

/**
 * The query string for a state, leaving defaults out so URLs stay short and canonical (`/blog`, not
 * `/blog?page=1&sort=date&order=desc`). Returns '' or `?…`.
 */
export function blogSearch(state: BlogQuery): string {
  const params = new URLSearchParams();
  if (state.q) params.set('q', state.q);
  if (state.category) params.set('category', String(state.category));
  if (state.sort !== 'date') params.set('sort', state.sort);
  if (state.order !== 'desc') params.set('order', state.order);
  if (state.page > 1) params.set('page', String(state.page));
  const text = params.toString();
  return text ? `?${text}` : '';
}
