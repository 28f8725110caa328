import { describe, expect, it } from 'vitest';

import snapshot from '@/content/snapshot/posts.json';
import { ARCHIVE_PAGE_SIZE, buildArchiveIndex, searchArchive } from '@/lib/archive/search';
import { searchBlog } from '@/lib/blog/search';
import type { ArchiveEntry } from '@/lib/cms';
import { reshapePostWithText } from '@/lib/cms/reshape';
import { isoDate } from '@/lib/utils/format';
import { buildSearchIndex, searchIndex } from '@/lib/search';

const ctx = { internalOrigins: [] } as never;
const posts = (snapshot as unknown[]).map((raw) => reshapePostWithText(raw, ctx)).filter((p) => p !== null);
const entries: ArchiveEntry[] = [
  ...posts.map((p) => ({
    type: 'post' as const,
    slug: p.slug,
    title: p.title,
    excerpt: p.excerpt,
    text: p.text,
    date: isoDate(p.dateGmt) ?? '',
    modified: p.modified,
    url: `/blog/${p.slug}`,
    image: null,
  })),
  {
    type: 'reports',
    slug: 'watched-report',
    title: 'Watched: facial recognition in Leeds',
    excerpt: '',
    text: '',
    date: '2025-01-01T00:00:00.000Z',
    modified: '2025-01-01T00:00:00.000Z',
    url: '/reports/watched-report',
    image: null,
  },
];
const index = buildArchiveIndex(entries);
const words = (text: string): string[] => text.toLowerCase().match(/\p{L}+/gu) ?? [];

function blogSlugs(q: string, sort: 'relevance' | 'date' = 'relevance') {
  return searchBlog(index, posts, { q, sort, order: 'desc', page: 1, category: undefined }, 1000).posts.map(
    (p) => p.slug,
  );
}
function archiveSlugs(q: string, order?: 'desc') {
  return searchArchive(index, { q, type: 'post', order, page: 1 }, 1000).items.map((e) => e.slug);
}

describe('the blog and the archive search alike (issue 19 item 7)', () => {
  it.each(['racial', 'facial', 'climate', 'drop-in', 'pastoral support', 'clmate', 'Racism', 'cafe'])(
    'find the same posts in the same order for "%s"',
    (q) => {
      expect(blogSlugs(q)).toEqual(archiveSlugs(q));
      expect(blogSlugs(q, 'date')).toEqual(archiveSlugs(q, 'desc'));
    },
  );

  it("never bends a real word into another: 'facial' does not find posts that only say 'racial'", () => {
    const found = blogSlugs('facial');
    expect(found.length).toBeGreaterThan(0);
    for (const slug of found) {
      const p = posts.find((x) => x.slug === slug)!;
      expect(words(`${p.title} ${p.excerpt} ${p.text}`).some((w) => w.startsWith('facial'))).toBe(true);
    }
    const racialOnly = posts.filter((p) => {
      const w = words(`${p.title} ${p.excerpt} ${p.text}`);
      return w.includes('racial') && !w.some((x) => x.startsWith('facial'));
    });
    expect(racialOnly.length).toBeGreaterThan(0);
    for (const p of racialOnly) expect(found).not.toContain(p.slug);
  });

  it('keeps other content types out of the blog but in the archive', () => {
    expect(blogSlugs('facial')).not.toContain('watched-report');
    expect(
      searchArchive(index, { q: 'facial', type: 'all', page: 1 }, ARCHIVE_PAGE_SIZE).items.map((e) => e.slug),
    ).toContain('watched-report');
  });
});

describe('lib/search rules', () => {
  const docs = buildSearchIndex([
    { id: 0, title: 'Gardeners and gardening', excerpt: 'Gardens gardens gardens', text: '' },
    { id: 1, title: 'Notes', excerpt: '', text: 'A small garden by the station.' },
    { id: 2, title: 'Race and place', excerpt: '', text: 'Climate and housing.' },
  ]);
  const ids = (q: string) => searchIndex(docs, q).map((h) => h.id);

  it('ranks exact matches above prefix matches, whatever the scores', () => {
    expect(searchIndex(docs, 'garden').map((h) => [h.id, h.tier])).toEqual([
      [1, 'exact'],
      [0, 'prefix'],
    ]);
  });

  it('tolerates one typo in unknown words of five letters or more, never in shorter ones or by two edits', () => {
    expect(ids('clmate')).toEqual([2]);
    expect(searchIndex(docs, 'clmate')[0]?.tier).toBe('fuzzy');
    expect(ids('gardn')).toEqual([1]); // 'garden', one letter missing
    expect(ids('rase')).toEqual([]); // four letters: no typo tolerance
    expect(ids('cilmtae')).toEqual([]); // more than one edit
  });

  it('needs every word, and finds nothing for punctuation only', () => {
    expect(ids('climate housing')).toEqual([2]);
    expect(ids('climate garden')).toEqual([]);
    expect(ids('?!')).toEqual([]);
  });
});
