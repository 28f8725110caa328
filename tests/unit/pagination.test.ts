import { describe, expect, it } from 'vitest';

import { paginationItems, resultRange } from '@/lib/utils/pagination';

describe('paginationItems', () => {
  it('shows every page when there are few', () => {
    expect(paginationItems(1, 1)).toEqual([1]);
    expect(paginationItems(2, 3)).toEqual([1, 2, 3]);
  });

  it('shows first, last and the neighbours of the current page with ellipses', () => {
    expect(paginationItems(5, 10)).toEqual([1, 'ellipsis', 4, 5, 6, 'ellipsis', 10]);
    expect(paginationItems(1, 10)).toEqual([1, 2, 'ellipsis', 10]);
    expect(paginationItems(10, 10)).toEqual([1, 'ellipsis', 9, 10]);
  });

  it('fills a gap of one page instead of an ellipsis', () => {
    expect(paginationItems(4, 10)).toEqual([1, 2, 3, 4, 5, 'ellipsis', 10]);
  });

  it('clamps an out-of-range page and handles no pages', () => {
    expect(paginationItems(99, 3)).toEqual([1, 2, 3]);
    expect(paginationItems(1, 0)).toEqual([]);
  });
});

describe('resultRange', () => {
  it("gives 'Showing X to Y of N' numbers", () => {
    expect(resultRange(1, 12, 30)).toEqual({ from: 1, to: 12, total: 30 });
    expect(resultRange(3, 12, 30)).toEqual({ from: 25, to: 30, total: 30 });
    expect(resultRange(1, 12, 0)).toEqual({ from: 0, to: 0, total: 0 });
  });
});
