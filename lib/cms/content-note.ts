import type { Post } from './types';

/**
 * Editors mark a post as sensitive (racist abuse, violence, grief) by giving it the WordPress tag with this slug
 * (name it "Content note"). The post page then shows a short content note before the body, with 'Exit this page'.
 * A tag, not a category: categories are the blog's topics and show in its filter; a tag stays out of the way.
 */
export const CONTENT_NOTE_TAG = 'content-note';

/** True when the post carries the content-note tag (by slug, so renaming the tag in WordPress changes nothing). */
export function needsContentNote(post: Pick<Post, 'tagSlugs'>): boolean {
  return post.tagSlugs.includes(CONTENT_NOTE_TAG);
}
