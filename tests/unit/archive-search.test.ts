import { describe, expect, it } from 'vitest';

import {
  MAX_PAGE,
  archiveSearch,
  effectiveOrder,
  isFiltered,
  parseArchiveQuery,
  type ArchiveQuery,
} from '@/lib/archive/query';
import { ARCHIVE_PAGE_SIZE, archiveIndexFor, buildArchiveIndex, searchArchive } from '@/lib/archive/search';
import type { ArchiveEntry } from '@/lib/cms';

const PREFIX = { post: '/blog', media_archive: '/media-archive', reports: '/reports' } as const;

function entry(
  type: ArchiveEntry['type'],
  slug: string,
  date: string,
  fields: Partial<Pick<ArchiveEntry, 'title' | 'excerpt' | 'text' | 'modified'>> = {},
): ArchiveEntry {
  return {
    type,
    slug,
    title: fields.title ?? slug.replace(/-/g, ' '),
    excerpt: fields.excerpt ?? '',
    text: fields.text ?? '',
    date,
    modified: fields.modified ?? date,
    url: `${PREFIX[type]}/${slug}`,
    image: null,
  };
}

const ENTRIES: ArchiveEntry[] = [
  entry('post', 'climate-justice-and-race', '2024-05-02T10:00:00.000Z', {
    title: 'Race and climate justice: why they belong together',
    excerpt: 'Why the two struggles are one.',
    text: 'Flooding, heat and housing fall hardest on the same streets.',
  }),
  entry('post', 'community-gardens', '2026-08-18T10:00:00.000Z', {
    title: 'Growing together: community gardens',
    excerpt: 'Allotments as climate action.',
    text: 'Gardeners talk about food, soil and the climate.',
  }),
  entry('post', 'cafe-evening', '2025-01-10T18:00:00.000Z', {
    title: 'A café evening for new neighbours',
    text: 'Tea, cake and conversation.',
  }),
  entry('reports', 'heat-at-home', '2024-09-03T08:00:00.000Z', {
    title: 'Heat at Home: Race, Housing and Extreme Heat in Leeds',
    excerpt: 'Our report on climate and housing.',
    text: 'Overheating homes are a climate injustice.',
  }),
  entry('reports', 'everyday-borders', '2025-04-08T08:30:00.000Z', {
    title: 'Everyday Borders',
    text: 'Immigration checks in local services.',
  }),
  entry('media_archive', 'explainer-video', '2024-03-12T12:00:00.000Z', {
    title: 'Stop The Scan: a three-minute explainer',
    text: 'Facial recognition, explained.',
  }),
  entry('media_archive', 'gardener-interview', '2026-08-25T09:00:00.000Z', {
    title: 'In conversation with a community gardener',
    text: 'Soil, seeds and climate.',
  }),
];

const query = (over: Partial<ArchiveQuery> = {}): ArchiveQuery => ({
  q: '',
  type: 'all',
  order: undefined,
  page: 1,
  ...over,
});

const slugs = (items: ArchiveEntry[]) => items.map((i) => i.slug);

describe('parseArchiveQuery', () => {
  it('gives the defaults for an empty URL', () => {
    expect(parseArchiveQuery({})).toEqual({ q: '', type: 'all', order: undefined, page: 1 });
  });

  it('reads every parameter', () => {
    expect(parseArchiveQuery({ q: ' climate ', type: 'reports', order: 'asc', page: '3' })).toEqual({
      q: 'climate',
      type: 'reports',
      order: 'asc',
      page: 3,
    });
  });

  it('accepts each type the spec names and falls back to all for anything else', () => {
    for (const type of ['all', 'post', 'media_archive', 'reports'] as const) {
      expect(parseArchiveQuery({ type }).type).toBe(type);
    }
    for (const type of ['posts', 'media', 'REPORTS', 'event', '<script>']) {
      expect(parseArchiveQuery({ type }).type).toBe('all');
    }
  });

  it('keeps order only when it is desc or asc', () => {
    expect(parseArchiveQuery({ order: 'desc' }).order).toBe('desc');
    expect(parseArchiveQuery({ order: 'asc' }).order).toBe('asc');
    expect(parseArchiveQuery({ order: 'relevance' }).order).toBeUndefined();
    expect(parseArchiveQuery({ order: 'ASC' }).order).toBeUndefined();
  });

  it('clamps the page into 1..MAX_PAGE and reads junk as page 1', () => {
    expect(parseArchiveQuery({ page: '0' }).page).toBe(1);
    expect(parseArchiveQuery({ page: '-4' }).page).toBe(1);
    expect(parseArchiveQuery({ page: '2.7' }).page).toBe(2);
    expect(parseArchiveQuery({ page: 'two' }).page).toBe(1);
    expect(parseArchiveQuery({ page: 'Infinity' }).page).toBe(1);
    expect(parseArchiveQuery({ page: '1e12' }).page).toBe(MAX_PAGE);
  });

  it('trims the search text and cuts it at 100 characters', () => {
    expect(parseArchiveQuery({ q: '   ' }).q).toBe('');
    expect(parseArchiveQuery({ q: 'x'.repeat(250) }).q).toHaveLength(100);
  });

  it('takes the first of repeated parameters and ignores empty ones', () => {
    expect(parseArchiveQuery({ type: ['post', 'reports'], q: ['a', 'b'], page: '' })).toEqual({
      q: 'a',
      type: 'post',
      order: undefined,
      page: 1,
    });
  });
});

describe('archiveSearch, effectiveOrder and isFiltered', () => {
  it('leaves defaults out of the query string', () => {
    expect(archiveSearch(query())).toBe('');
    expect(archiveSearch(query({ page: 1, type: 'all' }))).toBe('');
  });

  it('keeps q, type, order and page (encoded)', () => {
    expect(archiveSearch(query({ q: 'race & climate', type: 'post', order: 'asc', page: 2 }))).toBe(
      '?q=race+%26+climate&type=post&order=asc&page=2',
    );
  });

  it('orders by relevance with search text unless a date order was picked; by date otherwise', () => {
    expect(effectiveOrder({ q: '', order: undefined })).toBe('desc');
    expect(effectiveOrder({ q: '', order: 'asc' })).toBe('asc');
    expect(effectiveOrder({ q: 'heat', order: undefined })).toBe('relevance');
    expect(effectiveOrder({ q: 'heat', order: 'desc' })).toBe('desc');
    expect(effectiveOrder({ q: 'heat', order: 'asc' })).toBe('asc');
  });

  it('counts search, type and order as filters, but not the page', () => {
    expect(isFiltered(query({ page: 3 }))).toBe(false);
    expect(isFiltered(query({ q: 'x' }))).toBe(true);
    expect(isFiltered(query({ type: 'reports' }))).toBe(true);
    expect(isFiltered(query({ order: 'asc' }))).toBe(true);
  });
});

describe('searchArchive without search text', () => {
  const index = buildArchiveIndex(ENTRIES);

  it('merges every type, newest first by default (docs/SPEC-NOTES.md §7)', () => {
    const result = searchArchive(index, query());
    expect(result.total).toBe(ENTRIES.length);
    expect(slugs(result.items)).toEqual([
      'gardener-interview',
      'community-gardens',
      'everyday-borders',
      'cafe-evening',
      'heat-at-home',
      'climate-justice-and-race',
      'explainer-video',
    ]);
  });

  it('sorts oldest first when order is asc', () => {
    const result = searchArchive(index, query({ order: 'asc' }));
    expect(result.items[0]!.slug).toBe('explainer-video');
    expect(result.items.at(-1)!.slug).toBe('gardener-interview');
  });

  it.each([
    ['post', ['community-gardens', 'cafe-evening', 'climate-justice-and-race']],
    ['media_archive', ['gardener-interview', 'explainer-video']],
    ['reports', ['everyday-borders', 'heat-at-home']],
  ] as const)('filters by type %s', (type, expected) => {
    const result = searchArchive(index, query({ type }));
    expect(slugs(result.items)).toEqual(expected);
    expect(result.items.every((i) => i.type === type)).toBe(true);
  });

  it('puts entries with an unreadable date last (newest first) and first (oldest first)', () => {
    const withUndated = buildArchiveIndex([...ENTRIES, entry('post', 'undated', '')]);
    expect(searchArchive(withUndated, query()).items.at(-1)!.slug).toBe('undated');
    expect(searchArchive(withUndated, query({ order: 'asc' })).items[0]!.slug).toBe('undated');
  });

  it('breaks date ties by URL, so the order is stable', () => {
    const same = '2025-01-01T00:00:00.000Z';
    const tied = buildArchiveIndex([
      entry('post', 'b', same),
      entry('reports', 'a', same),
      entry('post', 'a', same),
    ]);
    expect(searchArchive(tied, query()).items.map((i) => i.url)).toEqual([
      '/blog/a',
      '/blog/b',
      '/reports/a',
    ]);
  });

  it('drops duplicate entries of the same type and slug', () => {
    const doubled = buildArchiveIndex([...ENTRIES, ENTRIES[0]!]);
    expect(searchArchive(doubled, query()).total).toBe(ENTRIES.length);
  });
});

describe('searchArchive with search text', () => {
  const index = buildArchiveIndex(ENTRIES);

  it('finds words in titles, excerpts and bodies across types', () => {
    const result = searchArchive(index, query({ q: 'climate' }));
    expect(new Set(slugs(result.items))).toEqual(
      new Set(['climate-justice-and-race', 'community-gardens', 'heat-at-home', 'gardener-interview']),
    );
  });

  it('ranks a title match above a body-only match (title boost)', () => {
    const result = searchArchive(index, query({ q: 'climate' }));
    expect(result.items[0]!.slug).toBe('climate-justice-and-race');
    expect(slugs(result.items).indexOf('gardener-interview')).toBeGreaterThan(0);
  });

  it('matches word prefixes', () => {
    expect(slugs(searchArchive(index, query({ q: 'immigr' })).items)).toEqual(['everyday-borders']);
    expect(slugs(searchArchive(index, query({ q: 'explain' })).items)).toEqual(['explainer-video']);
  });

  it('tolerates a typo in longer words', () => {
    expect(slugs(searchArchive(index, query({ q: 'recogniton' })).items)).toEqual(['explainer-video']);
    expect(searchArchive(index, query({ q: 'clmate' })).total).toBe(4);
  });

  it('does not fuzz very short words into unrelated matches', () => {
    expect(searchArchive(index, query({ q: 'tex' })).total).toBe(0);
  });

  it('ignores case and accents in both directions', () => {
    expect(slugs(searchArchive(index, query({ q: 'CAFE' })).items)).toEqual(['cafe-evening']);
    const accented = buildArchiveIndex([
      entry('post', 'cafe-plain', '2024-01-01T00:00:00.000Z', { title: 'Cafe' }),
    ]);
    expect(searchArchive(accented, query({ q: 'café' })).total).toBe(1);
  });

  it('needs every word to match', () => {
    expect(slugs(searchArchive(index, query({ q: 'climate housing' })).items).sort()).toEqual([
      'climate-justice-and-race',
      'heat-at-home',
    ]);
    expect(searchArchive(index, query({ q: 'climate borders' })).total).toBe(0);
  });

  it('combines search and type filter', () => {
    const result = searchArchive(index, query({ q: 'climate', type: 'media_archive' }));
    expect(slugs(result.items)).toEqual(['gardener-interview']);
  });

  it('orders matches by date when a date order is picked', () => {
    expect(slugs(searchArchive(index, query({ q: 'climate', order: 'desc' })).items)).toEqual([
      'gardener-interview',
      'community-gardens',
      'heat-at-home',
      'climate-justice-and-race',
    ]);
    expect(slugs(searchArchive(index, query({ q: 'climate', order: 'asc' })).items)).toEqual([
      'climate-justice-and-race',
      'heat-at-home',
      'community-gardens',
      'gardener-interview',
    ]);
  });

  it('finds nothing for text with no searchable word, or unknown words', () => {
    for (const q of ['!!!', '…', 'zzqqxx']) {
      expect(searchArchive(index, query({ q }))).toEqual({ items: [], total: 0, totalPages: 0, page: 1 });
    }
  });
});

describe('searchArchive pagination', () => {
  const many = Array.from({ length: 30 }, (_, i) =>
    entry('post', `post-${String(i).padStart(2, '0')}`, new Date(Date.UTC(2024, 0, 1 + i)).toISOString(), {
      text: 'archive',
    }),
  );
  const index = buildArchiveIndex(many);

  it(`pages by ${ARCHIVE_PAGE_SIZE}`, () => {
    const first = searchArchive(index, query());
    expect(first).toMatchObject({ total: 30, totalPages: 3, page: 1 });
    expect(first.items).toHaveLength(12);
    expect(first.items[0]!.slug).toBe('post-29');
    const last = searchArchive(index, query({ page: 3 }));
    expect(last.items).toHaveLength(6);
    expect(last.items.at(-1)!.slug).toBe('post-00');
  });

  it('pages search results as well', () => {
    const second = searchArchive(index, query({ q: 'archive', order: 'asc', page: 2 }));
    expect(second).toMatchObject({ total: 30, totalPages: 3, page: 2 });
    expect(second.items[0]!.slug).toBe('post-12');
  });

  it('clamps a page past the end to the last page', () => {
    const result = searchArchive(index, query({ page: 99 }));
    expect(result.page).toBe(3);
    expect(result.items).toHaveLength(6);
  });

  it('honours a custom page size', () => {
    expect(searchArchive(index, query(), 10)).toMatchObject({ totalPages: 3, page: 1 });
  });
});

describe('archiveIndexFor', () => {
  it('reuses the built index while the data is the same, even in new arrays', () => {
    const a = archiveIndexFor(ENTRIES);
    const b = archiveIndexFor(ENTRIES.map((e) => ({ ...e })));
    expect(b.mini).toBe(a.mini);
  });

  it('builds a new index when an entry changes, is added or removed', () => {
    const a = archiveIndexFor(ENTRIES);
    const edited = ENTRIES.map((e, i) => (i === 0 ? { ...e, modified: '2030-01-01T00:00:00.000Z' } : e));
    const b = archiveIndexFor(edited);
    expect(b.mini).not.toBe(a.mini);
    const c = archiveIndexFor([...edited, entry('reports', 'new-report', '2030-02-01T00:00:00.000Z')]);
    expect(c.mini).not.toBe(b.mini);
    expect(searchArchive(c, query()).items[0]!.slug).toBe('new-report');
    const d = archiveIndexFor(edited.slice(1));
    expect(searchArchive(d, query()).total).toBe(ENTRIES.length - 1);
  });

  it('builds a new index when the text changes without a new modified date', () => {
    const a = archiveIndexFor(ENTRIES);
    const b = archiveIndexFor(ENTRIES.map((e, i) => (i === 4 ? { ...e, text: `${e.text} asylum` } : e)));
    expect(b.mini).not.toBe(a.mini);
    expect(slugs(searchArchive(b, query({ q: 'asylum' })).items)).toEqual(['everyday-borders']);
  });

  it('returns the entries passed in, so display fields are never stale', () => {
    archiveIndexFor(ENTRIES);
    const withImage = ENTRIES.map((e, i) =>
      i === 1 ? { ...e, image: { url: '/content-media/new.jpg', alt: '' } } : e,
    );
    const index = archiveIndexFor(withImage);
    const hit = searchArchive(index, query({ q: 'gardens' })).items[0]!;
    expect(hit.image).toEqual({ url: '/content-media/new.jpg', alt: '' });
  });
});
