import { z } from 'zod';

import type { InboxQuery } from '@/lib/db';
import { ENQUIRY_STATUSES } from '@/lib/db/enums';

/**
 * The inbox's GET filters (a query string a person may have edited by hand), read leniently: the list must
 * render, so a value that is not understood is left out, but never silently (issue 34, D20): each field left out is
 * named in `ignored`, and a search over `INBOX_QUERY_MAX` characters sets `tooLong`, so the page shows a translated
 * notice (messages Inbox.notices) instead of quietly showing everything. Read-only input: nothing is written from
 * it (eslint.config.mjs NOT_REQUEST_INPUT, `lib/**\/filters.ts`). Pure.
 *
 * Fields: `q` (free text: name, email, message), `status` (ENQUIRY_STATUSES), `from` / `to` (YYYY-MM-DD, UK
 * days; `to` before `from` is left out), `assignee` ('me', 'none' or a staff user id), `unread` ('1'), `page`.
 */

/** Longest search the inbox runs (the form's maxlength). */
export const INBOX_QUERY_MAX = 200;
/** Enquiries per inbox page. */
export const INBOX_PAGE_SIZE = 20;
export const INBOX_FILTER_FIELDS = ['q', 'status', 'from', 'to', 'assignee', 'unread', 'page'] as const;
export type InboxFilterField = (typeof INBOX_FILTER_FIELDS)[number];

/** What the filter form shows again: the understood values as typed ('' when unset). */
export type InboxFilterValues = Record<Exclude<InboxFilterField, 'page'>, string>;

export interface ParsedInboxQuery {
  query: InboxQuery;
  values: InboxFilterValues;
  /** Fields given but not understood, in INBOX_FILTER_FIELDS order (the search too when it was too long). */
  ignored: InboxFilterField[];
  /** The search was longer than INBOX_QUERY_MAX characters and was not run. */
  tooLong: boolean;
}

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine(
    (v) =>
      !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
  );
const status = z.enum(ENQUIRY_STATUSES);
const uuid = z.uuid();
const page = z.coerce.number().int().min(1).max(10_000);

/**
 * Reads the inbox query string `raw` (Next's `searchParams` or a record of first values); `userId` is whom
 * 'assignee=me' means. Never throws.
 */
export function parseInboxFilters(
  raw: Record<string, unknown>,
  { userId }: { userId?: string } = {},
): ParsedInboxQuery {
  const ignored = new Set<InboxFilterField>();
  /** The field's one string value; '' when absent or blank; null (and noted) when repeated or not a string. */
  const text = (field: InboxFilterField): string | null => {
    const value = raw[field];
    if (value === undefined || value === null) return '';
    if (typeof value !== 'string') {
      ignored.add(field);
      return null;
    }
    return value.trim();
  };
  const values: InboxFilterValues = { q: '', status: '', from: '', to: '', assignee: '', unread: '' };
  const query: InboxQuery = { page: 1, pageSize: INBOX_PAGE_SIZE };

  let tooLong = false;
  const q = text('q');
  if (q && q.length > INBOX_QUERY_MAX) {
    tooLong = true;
    ignored.add('q');
  } else if (q) query.q = values.q = q;

  const s = text('status');
  if (s && status.safeParse(s).success) query.status = (values.status = s) as InboxQuery['status'];
  else if (s) ignored.add('status');

  for (const field of ['from', 'to'] as const) {
    const v = text(field);
    if (v && day.safeParse(v).success) query[field] = values[field] = v;
    else if (v) ignored.add(field);
  }
  if (query.from && query.to && query.to < query.from) {
    ignored.add('to');
    query.to = undefined;
    values.to = '';
  }

  const assignee = text('assignee');
  if (assignee === 'none') {
    query.assignedTo = null;
    values.assignee = 'none';
  } else if (assignee === 'me' && userId) {
    query.assignedTo = userId;
    values.assignee = 'me';
  } else if (assignee && uuid.safeParse(assignee).success) {
    query.assignedTo = assignee.toLowerCase();
    values.assignee = assignee.toLowerCase();
  } else if (assignee) ignored.add('assignee');

  const unread = text('unread');
  if (unread === '1') {
    query.unread = true;
    values.unread = '1';
  } else if (unread) ignored.add('unread');

  const p = text('page');
  const pageNumber = p ? page.safeParse(p) : null;
  if (pageNumber?.success) query.page = pageNumber.data;
  else if (p) ignored.add('page');

  return { query, values, ignored: INBOX_FILTER_FIELDS.filter((f) => ignored.has(f)), tooLong };
}

/** The inbox address of `values` on `page` (only the filters in use), for pagination and the export link. */
export function inboxSearch(values: InboxFilterValues, pageNumber = 1): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) if (value) params.set(key, value);
  if (pageNumber > 1) params.set('page', String(pageNumber));
  return params.toString();
}
