import { describe, expect, it } from 'vitest';

import { blogSearch, parseBlogQuery } from '@/lib/blog/query';

describe('parseBlogQuery', () => {
  it('reads every control from the URL', () => {
    expect(parseBlogQuery({ q: ' climate ', category: '4', sort: 'title', order: 'asc', page: '3' })).toEqual(
      {
        q: 'climate',
        category: 4,
        sort: 'title',
        order: 'asc',
        page: 3,
      },
    );
  });

  it('falls back to defaults for unreadable values instead of failing', () => {
    expect(parseBlogQuery({ category: 'x', sort: 'random', order: 'sideways', page: '-2' })).toEqual({
      q: '',
      category: undefined,
      sort: 'date',
      order: 'desc',
      page: 1,
    });
  });

  it('takes the first of repeated parameters and caps the search length', () => {
    const state = parseBlogQuery({ page: ['2', '5'], q: 'a'.repeat(300) });
    expect(state.page).toBe(2);
    // Cut, as the archive does (lib/search/query-text.ts), not dropped.
    expect(state.q).toBe('a'.repeat(100));
  });
});

describe('blogSearch', () => {
  it('leaves defaults out so URLs stay canonical', () => {
    expect(blogSearch(parseBlogQuery({}))).toBe('');
    expect(blogSearch({ ...parseBlogQuery({}), page: 2 })).toBe('?page=2');
  });

  it('keeps the filters when building a page link', () => {
    const state = parseBlogQuery({ q: 'stop the scan', category: '7', sort: 'relevance' });
    expect(blogSearch({ ...state, page: 3 })).toBe('?q=stop+the+scan&category=7&sort=relevance&page=3');
  });
});
