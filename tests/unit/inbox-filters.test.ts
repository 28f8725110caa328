import { describe, expect, it } from 'vitest';

import { INBOX_QUERY_MAX, inboxSearch, parseInboxFilters } from '@/lib/enquiries/filters';

/** The inbox's hand-editable filters (issue 34, D20): what is not understood is named, never silently dropped. */
describe('parseInboxFilters', () => {
  const me = '11111111-1111-4111-8111-111111111111';

  it('reads every filter the form sends', () => {
    const parsed = parseInboxFilters(
      {
        q: '  josé ',
        status: 'answered',
        from: '2026-11-01',
        to: '2026-11-30',
        assignee: 'me',
        unread: '1',
        page: '3',
      },
      { userId: me },
    );
    expect(parsed).toEqual({
      query: {
        q: 'josé',
        status: 'answered',
        from: '2026-11-01',
        to: '2026-11-30',
        assignedTo: me,
        unread: true,
        page: 3,
        pageSize: 20,
      },
      values: {
        q: 'josé',
        status: 'answered',
        from: '2026-11-01',
        to: '2026-11-30',
        assignee: 'me',
        unread: '1',
      },
      ignored: [],
      tooLong: false,
    });
    expect(inboxSearch(parsed.values, 2)).toBe(
      'q=jos%C3%A9&status=answered&from=2026-11-01&to=2026-11-30&assignee=me&unread=1&page=2',
    );
    expect(parseInboxFilters({ assignee: 'none' }).query.assignedTo).toBeNull();
    expect(parseInboxFilters({}).ignored).toEqual([]);
    expect(parseInboxFilters({ status: '', q: '' }).ignored).toEqual([]);
  });

  it('names each bogus filter, and a search over 200 characters, instead of ignoring them silently', () => {
    const parsed = parseInboxFilters({
      q: 'x'.repeat(INBOX_QUERY_MAX + 1),
      status: 'bogus',
      from: '2026-13-45',
      to: '2026-02-30',
      assignee: 'someone',
      unread: 'yes',
      page: '-3',
    });
    expect(parsed.ignored).toEqual(['q', 'status', 'from', 'to', 'assignee', 'unread', 'page']);
    expect(parsed.tooLong).toBe(true);
    expect(parsed.query).toEqual({ page: 1, pageSize: 20 });
    expect(parseInboxFilters({ q: ['a', 'b'] }).ignored).toEqual(['q']);
    // 'to' before 'from' is left out and said so; 'me' without a signed-in id means nothing.
    expect(parseInboxFilters({ from: '2026-11-10', to: '2026-11-01' }).ignored).toEqual(['to']);
    expect(parseInboxFilters({ assignee: 'me' }).ignored).toEqual(['assignee']);
    expect(parseInboxFilters({ q: 'x'.repeat(INBOX_QUERY_MAX) }).tooLong).toBe(false);
  });
});
