import type { ArchiveIndex } from '@/lib/archive/search';
import type { PostSummary } from '@/lib/cms';
import { searchIndex } from '@/lib/search';

import type { BlogQuery } from './query';

export type BlogSearchResult<P> = {
  posts: P[];
  total: number;
  totalPages: number;
  page: number;
  perPage: number;
};

/**
 * The blog list for search text, answered from the archive's index (lib/search), so the blog and the archive find
 * the same posts for the same words. `posts` are every published post (for the cards and the category filter);
 * hits on other content types are left out. Ordered by relevance (best first), date or title as `state` says,
 * then cut into pages of `perPage`, clamping the page into range. Pure.
 */
export function searchBlog<P extends Pick<PostSummary, 'slug' | 'title' | 'dateGmt' | 'categoryIds'>>(
  index: ArchiveIndex,
  posts: readonly P[],
  state: Pick<BlogQuery, 'q' | 'category' | 'sort' | 'order' | 'page'>,
  perPage: number,
): BlogSearchResult<P> {
  const bySlug = new Map(posts.map((p) => [p.slug, p]));
  const isPost = (id: number) => index.entries[id]!.type === 'post';
  const newest = (a: number, b: number) => index.times[b]! - index.times[a]!;
  const found = searchIndex(index.mini, state.q, { filter: isPost, tieBreak: newest })
    .map((hit) => bySlug.get(index.entries[hit.id]!.slug))
    .filter((p): p is P => p !== undefined)
    .filter((p) => !state.category || p.categoryIds.includes(state.category));
  const sign = state.order === 'asc' ? 1 : -1;
  if (state.sort === 'date') found.sort((a, b) => sign * a.dateGmt.localeCompare(b.dateGmt));
  if (state.sort === 'title') found.sort((a, b) => sign * a.title.localeCompare(b.title, 'en'));
  const total = found.length;
  const totalPages = Math.ceil(total / perPage);
  const page = Math.min(Math.max(1, state.page), Math.max(1, totalPages));
  return { posts: found.slice((page - 1) * perPage, page * perPage), total, totalPages, page, perPage };
}
