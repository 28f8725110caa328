/**
 * Page numbers for a pagination bar (docs/SPEC-NOTES.md §2 Blog list): the first and last page, the current page and its
 * neighbours, with an ellipsis wherever pages are skipped. Pure. `current` is clamped into 1..total.
 *
 * paginationItems(1, 1)  → [1]
 * paginationItems(5, 10) → [1, 'ellipsis', 4, 5, 6, 'ellipsis', 10]
 * paginationItems(2, 10) → [1, 2, 3, 'ellipsis', 10]
 */
export function paginationItems(current: number, total: number, neighbours = 1): (number | 'ellipsis')[] {
  if (total < 1) return [];
  const page = Math.min(Math.max(1, Math.trunc(current) || 1), total);
  const wanted = new Set<number>([1, total]);
  for (let p = page - neighbours; p <= page + neighbours; p++) if (p >= 1 && p <= total) wanted.add(p);
  const pages = [...wanted].sort((a, b) => a - b);
  const items: (number | 'ellipsis')[] = [];
  pages.forEach((p, i) => {
    const prev = pages[i - 1];
    if (prev !== undefined && p - prev === 2) items.push(prev + 1);
    else if (prev !== undefined && p - prev > 2) items.push('ellipsis');
    items.push(p);
  });
  return items;
}

/** 'Showing X to Y of N' numbers for a page; all zero when there are no results. */
export function resultRange(
  page: number,
  perPage: number,
  total: number,
): { from: number; to: number; total: number } {
  if (total <= 0) return { from: 0, to: 0, total: 0 };
  const from = (page - 1) * perPage + 1;
  return { from: Math.min(from, total), to: Math.min(page * perPage, total), total };
}
