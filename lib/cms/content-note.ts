/**
 * Editors mark a post, an event or a media item as sensitive (racist abuse, violence, grief, deaths at borders) by
 * giving it the WordPress tag with this slug (name it "Content note"; the companion plugin gives events and media
 * items the Tags box). Its page then shows a short content note and 'Exit this page' before everything else.
 * A tag, not a category: categories are the blog's topics and show in its filter; a tag stays out of the way.
 */
export const CONTENT_NOTE_TAG = 'content-note';

/**
 * True when the item carries the content-note tag (by slug, so renaming the tag in WordPress changes nothing).
 * Takes a post, event or media item (its `tagSlugs` from the embedded terms; none read means no note).
 */
export function needsContentNote(item: { tagSlugs?: readonly string[] }): boolean {
  return item.tagSlugs?.includes(CONTENT_NOTE_TAG) ?? false;
}
