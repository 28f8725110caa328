import { describe, expect, it } from 'vitest';

import { querySnapshot } from '@/lib/cms/snapshot-query';

type RawPost = {
  id: number;
  slug: string;
  date: string;
  date_gmt: string;
  title: { rendered: string };
  excerpt: { rendered: string };
  content: { rendered: string };
  categories: number[];
  tags: number[];
  menu_order?: number;
};

function post(id: number, title: string, date: string, extra: Partial<RawPost> = {}): RawPost {
  return {
    id,
    slug: `post-${id}`,
    date,
    date_gmt: date,
    title: { rendered: title },
    excerpt: { rendered: `<p>Excerpt ${id}</p>` },
    content: { rendered: `<p>Content ${id}</p>` },
    categories: [1],
    tags: [],
    ...extra,
  };
}

const POSTS: RawPost[] = [
  post(1, 'Annual general meeting', '2024-01-05T10:00:00', { categories: [3] }),
  post(2, 'Racial justice in Leeds &#8211; a history', '2024-03-01T09:00:00', {
    categories: [3, 2202],
    excerpt: { rendered: '<p>Looking back at <strong>fifty</strong> years</p>' },
  }),
  post(3, 'Volunteer evening', '2023-11-02T18:45:00', {
    categories: [4],
    content: {
      rendered: '<p class="has-text-align-center">We talked about <em>HOUSING</em> and schools.</p>',
    },
  }),
  post(4, 'Zine launch', '2024-02-10T12:00:00', { categories: [5], tags: [7] }),
  post(5, 'Briefing: school exclusions', '2022-06-01T08:00:00', { categories: [4, 5], tags: [7, 8] }),
];

const ids = (items: unknown[]) => items.map((i) => (i as { id: number }).id);

describe('querySnapshot: filters', () => {
  it('finds an item by slug', () => {
    const result = querySnapshot(POSTS, 'posts', { slug: 'post-3' });
    expect(ids(result.items)).toEqual([3]);
    expect(result.total).toBe(1);
    expect(result.totalPages).toBe(1);
  });

  it('returns nothing for an unknown slug', () => {
    expect(querySnapshot(POSTS, 'posts', { slug: 'nope' })).toEqual({ items: [], total: 0, totalPages: 0 });
  });

  it('searches titles case-insensitively, with entities decoded', () => {
    expect(ids(querySnapshot(POSTS, 'posts', { search: 'racial JUSTICE' }).items)).toEqual([2]);
    expect(ids(querySnapshot(POSTS, 'posts', { search: 'leeds – a' }).items)).toEqual([2]);
  });

  it('searches excerpts and content with the HTML stripped', () => {
    expect(ids(querySnapshot(POSTS, 'posts', { search: 'fifty years' }).items)).toEqual([2]);
    expect(ids(querySnapshot(POSTS, 'posts', { search: 'housing' }).items)).toEqual([3]);
    // Markup is not searchable text.
    expect(querySnapshot(POSTS, 'posts', { search: 'has-text-align' }).items).toEqual([]);
    expect(querySnapshot(POSTS, 'posts', { search: 'strong' }).items).toEqual([]);
  });

  it('ignores a blank search and trims the search text', () => {
    expect(querySnapshot(POSTS, 'posts', { search: '   ' }).total).toBe(5);
    expect(ids(querySnapshot(POSTS, 'posts', { search: '  zine  ' }).items)).toEqual([4]);
  });

  // BUG: WordPress splits a search into words and requires each word somewhere in title, excerpt or content
  // (WP_Query::parse_search); the snapshot only matches the whole phrase, so the same search finds less.
  it('matches every word of a multi-word search, as WordPress does, even when the words are apart', () => {
    expect(ids(querySnapshot(POSTS, 'posts', { search: 'schools housing' }).items)).toEqual([3]);
    expect(ids(querySnapshot(POSTS, 'posts', { search: 'leeds history racial' }).items)).toEqual([2]);
  });

  it('keeps items in any of the given categories', () => {
    expect(ids(querySnapshot(POSTS, 'posts', { categories: [5] }).items)).toEqual([4, 5]);
    expect(ids(querySnapshot(POSTS, 'posts', { categories: [3, 4] }).items)).toEqual([2, 1, 3, 5]);
    expect(ids(querySnapshot(POSTS, 'posts', { categories: [2202] }).items)).toEqual([2]);
    expect(querySnapshot(POSTS, 'posts', { categories: [999] }).items).toEqual([]);
    // An empty list is no filter.
    expect(querySnapshot(POSTS, 'posts', { categories: [] }).total).toBe(5);
  });

  it('filters by tags and by media_category', () => {
    expect(ids(querySnapshot(POSTS, 'posts', { tags: [8] }).items)).toEqual([5]);
    const archive = [
      { id: 10, slug: 'a', date: '2024-01-01', media_category: [1] },
      { id: 11, slug: 'b', date: '2024-01-02', media_category: [2, 3] },
    ];
    expect(ids(querySnapshot(archive, 'media-archive', { mediaCategory: [3] }).items)).toEqual([11]);
  });

  it('excludes and includes ids', () => {
    expect(ids(querySnapshot(POSTS, 'posts', { exclude: [2, 4] }).items)).toEqual([1, 3, 5]);
    expect(ids(querySnapshot(POSTS, 'posts', { include: [5, 1] }).items)).toEqual([1, 5]);
    expect(ids(querySnapshot(POSTS, 'posts', { categories: [4, 5], exclude: [5] }).items)).toEqual([4, 3]);
  });

  it('filters media by media type', () => {
    const media = [
      { id: 1, slug: 'a', date: '2024-01-01', media_type: 'image' },
      { id: 2, slug: 'b', date: '2024-01-02', media_type: 'file' },
    ];
    expect(ids(querySnapshot(media, 'media', { mediaType: 'file' }).items)).toEqual([2]);
  });

  it('skips entries that are not objects', () => {
    const result = querySnapshot([null, 'x', 3, [], ...POSTS], 'posts', {});
    expect(result.total).toBe(5);
  });
});

describe('querySnapshot: order', () => {
  it('orders by date, newest first, by default', () => {
    expect(ids(querySnapshot(POSTS, 'posts', {}).items)).toEqual([2, 4, 1, 3, 5]);
  });

  it('orders by date ascending', () => {
    expect(ids(querySnapshot(POSTS, 'posts', { orderby: 'date', order: 'asc' }).items)).toEqual([
      5, 3, 1, 4, 2,
    ]);
  });

  it('orders by the GMT date when the local dates disagree', () => {
    const items = [
      // 00:30 BST on 1 July is 23:30 GMT on 30 June.
      { ...post(1, 'A', '2024-07-01T00:30:00'), date_gmt: '2024-06-30T23:30:00' },
      { ...post(2, 'B', '2024-06-30T23:45:00'), date_gmt: '2024-06-30T23:45:00' },
    ];
    expect(ids(querySnapshot(items, 'posts', {}).items)).toEqual([2, 1]);
  });

  it('orders by title (as text) in both directions', () => {
    expect(ids(querySnapshot(POSTS, 'posts', { orderby: 'title', order: 'asc' }).items)).toEqual([
      1, 5, 2, 3, 4,
    ]);
    expect(ids(querySnapshot(POSTS, 'posts', { orderby: 'title', order: 'desc' }).items)).toEqual([
      4, 3, 2, 5, 1,
    ]);
  });

  it('orders by relevance: title matches before body matches', () => {
    const items = [
      post(1, 'Minutes', '2024-05-01T00:00:00', { content: { rendered: '<p>We discussed housing.</p>' } }),
      post(2, 'Housing', '2020-01-01T00:00:00'),
      post(3, 'Fair housing for Leeds', '2021-01-01T00:00:00'),
      post(4, 'Unrelated', '2024-06-01T00:00:00'),
    ];
    const desc = querySnapshot(items, 'posts', { search: 'housing', orderby: 'relevance' });
    expect(ids(desc.items)).toEqual([2, 3, 1]);
    expect(desc.total).toBe(3);
    const asc = querySnapshot(items, 'posts', { search: 'housing', orderby: 'relevance', order: 'asc' });
    expect(ids(asc.items)).toEqual([1, 3, 2]);
  });

  // BUG: the comment in sortKey says relevance ties fall back to the date (as in WordPress), but the comparator
  // breaks every tie by id, so an older post with a higher id is ranked first.
  it('breaks relevance ties by date, newest first', () => {
    const items = [
      post(10, 'Spring update', '2024-04-01T00:00:00', { content: { rendered: '<p>Housing news</p>' } }),
      post(20, 'Imported from the old site', '2019-01-01T00:00:00', {
        content: { rendered: '<p>Housing news</p>' },
      }),
    ];
    expect(ids(querySnapshot(items, 'posts', { search: 'housing', orderby: 'relevance' }).items)).toEqual([
      10, 20,
    ]);
  });

  it('treats relevance without a search as date order', () => {
    expect(ids(querySnapshot(POSTS, 'posts', { orderby: 'relevance' }).items)).toEqual([2, 4, 1, 3, 5]);
  });

  it('orders by menu_order', () => {
    const pages = [
      post(1, 'C', '2024-01-01', { menu_order: 3 }),
      post(2, 'A', '2024-01-02', { menu_order: 1 }),
      post(3, 'B', '2024-01-03', { menu_order: 2 }),
    ];
    expect(ids(querySnapshot(pages, 'pages', { orderby: 'menu_order', order: 'asc' }).items)).toEqual([
      2, 3, 1,
    ]);
  });

  it('breaks ties deterministically (same date: higher id first)', () => {
    const items = [post(1, 'A', '2024-01-01T00:00:00'), post(2, 'B', '2024-01-01T00:00:00')];
    expect(ids(querySnapshot(items, 'posts', {}).items)).toEqual([2, 1]);
    expect(ids(querySnapshot([...items].reverse(), 'posts', {}).items)).toEqual([2, 1]);
  });

  it('does not reorder the input array', () => {
    const input = [...POSTS];
    querySnapshot(input, 'posts', { orderby: 'title' });
    expect(ids(input)).toEqual([1, 2, 3, 4, 5]);
  });
});

describe('querySnapshot: pagination', () => {
  const many = Array.from({ length: 23 }, (_, i) =>
    post(i + 1, `Post ${i + 1}`, `2024-01-${String(i + 1).padStart(2, '0')}T00:00:00`),
  );

  it('defaults to 10 per page, like WordPress', () => {
    const result = querySnapshot(many, 'posts', {});
    expect(result.items).toHaveLength(10);
    expect(result.total).toBe(23);
    expect(result.totalPages).toBe(3);
    expect(ids(result.items)).toEqual([23, 22, 21, 20, 19, 18, 17, 16, 15, 14]);
  });

  it('slices the requested page', () => {
    expect(ids(querySnapshot(many, 'posts', { page: 2, perPage: 10 }).items)).toEqual([
      13, 12, 11, 10, 9, 8, 7, 6, 5, 4,
    ]);
    const last = querySnapshot(many, 'posts', { page: 3, perPage: 10 });
    expect(ids(last.items)).toEqual([3, 2, 1]);
    expect(last.total).toBe(23);
    expect(last.totalPages).toBe(3);
  });

  it('returns an empty page past the end, with the totals', () => {
    expect(querySnapshot(many, 'posts', { page: 4, perPage: 10 })).toEqual({
      items: [],
      total: 23,
      totalPages: 3,
    });
  });

  it('counts pages after filtering', () => {
    const result = querySnapshot(many, 'posts', { exclude: [1, 2, 3], perPage: 5 });
    expect(result.total).toBe(20);
    expect(result.totalPages).toBe(4);
  });

  it('treats page 0 or a negative page as page 1, and perPage below 1 as 1', () => {
    expect(ids(querySnapshot(many, 'posts', { page: 0, perPage: 2 }).items)).toEqual([23, 22]);
    expect(ids(querySnapshot(many, 'posts', { page: -3, perPage: 2 }).items)).toEqual([23, 22]);
    const one = querySnapshot(many, 'posts', { perPage: 0 });
    expect(one.items).toHaveLength(1);
    expect(one.totalPages).toBe(23);
  });
});

describe('querySnapshot: terms', () => {
  const terms = [
    { id: 3, slug: 'news', name: 'News', description: 'Updates', count: 14 },
    { id: 4, slug: 'archive', name: 'archive', description: '', count: 0 },
    { id: 5, slug: 'arts', name: 'Arts &amp; Culture', description: 'Music and film', count: 3 },
    { id: 6, slug: 'campaigns', name: 'Campaigns', description: '', count: 1 },
  ];

  it('orders terms by name, ascending, case-insensitively, by default', () => {
    expect(ids(querySnapshot(terms, 'categories', {}).items)).toEqual([4, 5, 6, 3]);
    expect(ids(querySnapshot(terms, 'tags', { order: 'desc' }).items)).toEqual([3, 6, 5, 4]);
  });

  it('leaves out empty terms with hideEmpty', () => {
    const result = querySnapshot(terms, 'categories', { hideEmpty: true, orderby: 'name', order: 'asc' });
    expect(ids(result.items)).toEqual([5, 6, 3]);
    expect(result.total).toBe(3);
  });

  it('orders terms by count', () => {
    expect(ids(querySnapshot(terms, 'categories', { orderby: 'count', order: 'desc' }).items)).toEqual([
      3, 5, 6, 4,
    ]);
  });

  it('searches term names and descriptions', () => {
    expect(ids(querySnapshot(terms, 'categories', { search: 'FILM' }).items)).toEqual([5]);
    expect(ids(querySnapshot(terms, 'media_category', { search: 'camp' }).items)).toEqual([6]);
  });

  it('ignores hideEmpty for posts', () => {
    expect(querySnapshot(POSTS, 'posts', { hideEmpty: true }).total).toBe(5);
  });
});
