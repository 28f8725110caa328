import { describe, expect, it } from 'vitest';

import { CONTENT_NOTE_TAG, needsContentNote } from '@/lib/cms/content-note';
import { reshapeEvent, reshapeMediaArchiveItem } from '@/lib/cms/reshape';

/** Issue 33 item 6: events and media items carry the content-note tag as posts do (the WordPress `post_tag`). */
const tagged = (slug: string) => ({
  id: 7,
  slug,
  title: { rendered: 'Vigil' },
  content: { rendered: '<p>Text</p>' },
  tags: [12],
  _embedded: {
    'wp:term': [
      [
        { id: 12, slug: CONTENT_NOTE_TAG, taxonomy: 'post_tag', name: 'Content note' },
        { id: 13, slug: 'vigil', taxonomy: 'post_tag', name: 'Vigil' },
      ],
      [{ id: 3, slug: 'photos', taxonomy: 'media_category', name: 'Photos' }],
    ],
  },
});

describe('content notes on events and media items', () => {
  it('reads an event’s tag slugs from its embedded terms, and marks it', () => {
    const event = reshapeEvent(tagged('vigil-for-lives-lost-at-sea'), {})!;
    expect(event.tagSlugs).toEqual([CONTENT_NOTE_TAG, 'vigil']);
    expect(needsContentNote(event)).toBe(true);
  });

  it('reads a media item’s tag slugs, not its media categories', () => {
    const item = reshapeMediaArchiveItem(tagged('vigil-photos'), {})!;
    expect(item.tagSlugs).toEqual([CONTENT_NOTE_TAG, 'vigil']);
    expect(needsContentNote(item)).toBe(true);
  });

  it('marks nothing without the tag, or without embedded terms', () => {
    const plain = reshapeEvent({ id: 8, slug: 'social', title: { rendered: 'Social' } }, {})!;
    expect(plain.tagSlugs).toEqual([]);
    expect(needsContentNote(plain)).toBe(false);
    // A category or media category named content-note is not the tag.
    const category = reshapeMediaArchiveItem(
      {
        id: 9,
        slug: 'x',
        _embedded: { 'wp:term': [[{ id: 1, slug: CONTENT_NOTE_TAG, taxonomy: 'media_category' }]] },
      },
      {},
    )!;
    expect(needsContentNote(category)).toBe(false);
    expect(needsContentNote({})).toBe(false);
  });
});
