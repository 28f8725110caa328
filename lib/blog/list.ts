import 'server-only';

import { getPostList, type PostList } from '@/lib/cms';

import type { BlogQuery } from './query';

/**
 * The posts of a blog list state, read through lib/cms. A page past the last one (`/blog?page=99`) answers the
 * last page instead, so the list never says 'Showing 29 to 29 of 29' above 'No posts found'; `page` in the
 * result is the page actually shown (1 when nothing matches).
 */
export async function getBlogPage(state: BlogQuery): Promise<PostList> {
  const read = (page: number) =>
    getPostList({
      page,
      search: state.q,
      category: state.category,
      orderby: state.sort,
      order: state.order,
    });
  const list = await read(state.page);
  if (list.totalPages >= 1 && list.page > list.totalPages) return read(list.totalPages);
  return list;
}
