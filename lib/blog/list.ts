import 'server-only';

import { archiveIndexFor } from '@/lib/archive/search';
import { BLOG_PAGE_SIZE, getArchiveEntries, getPostList, getSearchablePosts, type PostList } from '@/lib/cms';

import type { BlogQuery } from './query';
import { searchBlog } from './search';

/**
 * The posts of a blog list state. Search text goes to the site's one search index (the archive's, lib/search), so
 * the blog and the archive find the same posts for the same words; without it the CMS pages the list itself (only
 * one page of posts is read, through lib/cms). A page past the last one (`/blog?page=99`) answers the last page
 * instead, so the list never says 'Showing 29 to 29 of 29' above 'No posts found'; `page` in the result is the
 * page actually shown (1 when nothing matches).
 */
export async function getBlogPage(state: BlogQuery): Promise<PostList> {
  if (state.q) {
    const [entries, posts] = await Promise.all([getArchiveEntries(), getSearchablePosts()]);
    return searchBlog(archiveIndexFor(entries), posts, state, BLOG_PAGE_SIZE) as PostList;
  }
  const read = (page: number) =>
    getPostList({ page, category: state.category, orderby: state.sort, order: state.order });
  const list = await read(state.page);
  if (list.totalPages >= 1 && list.page > list.totalPages) return read(list.totalPages);
  return list;
}
