/**
 * What the back office's pages, components and server code share (no I/O; safe in client components): the
 * outcome notices a form's redirect carries (`?done=` / `?error=`, messages `BackOffice.notice.<key>`), the
 * statuses the lists filter and set, the query fields of their filters, the person page's address and the one
 * date format. The server reads are lib/back-office/index.ts; the operations ops.ts; the actions actions.ts.
 */
import { formatDateTime } from '@/lib/utils/format';

// The statuses the lists show, filter and set (the tables' CHECK lists; lib/db/enums.ts is pure constants).
export * from '@/lib/db/enums';

/** Longest note or reply a member of staff may write (enquiry_notes CHECK). */
export const NOTE_MAX = 10_000;
/** Enquiries per inbox page. */
export const INBOX_PAGE_SIZE = 20;
/** Rows per page of the network and newsletter lists. */
export const LIST_PAGE_SIZE = 50;
/** Most rows one bulk action or selection export takes (a page holds LIST_PAGE_SIZE). */
export const SELECTION_MAX = 200;

/** The query fields of each list's GET filter form (the page, its export link and the actions' `return`). */
export const FILTER_FIELDS = {
  inbox: ['q', 'status', 'from', 'to', 'page'],
  network: ['q', 'country', 'interest', 'experience', 'status', 'page'],
  newsletter: ['q', 'status', 'page'],
  outbox: ['status', 'kind', 'q'],
  logs: ['q', 'log'],
} as const;

/** The logs of the logs page, as its `log` filter names them. */
export const LOG_KINDS = ['screening', 'webhook', 'errors'] as const;

/** Success notices: `?done=<key>` after a form's operation ran. */
export const NOTICE_DONE = [
  'saved',
  'statusSaved',
  'unsubscribed',
  'resynced',
  'resyncFailed',
  'resyncNothing',
  'retried',
  'gaveUp',
  'roleChanged',
  'roleUnchanged',
  'replyQueued',
  'noteAdded',
  'statusesSaved',
  'resyncedSelection',
  'resyncSelectionFailed',
  'bulkUpdated',
] as const;
/** Refusal notices: `?error=<key>`. */
export const NOTICE_ERRORS = [
  'unauthenticated',
  'forbidden',
  'checkFailed',
  'invalid',
  'notFound',
  'busy',
  'noSuchUser',
  'lastAdmin',
  'envAdmin',
  'wrongPassword',
  'rateLimited',
  'emailNotConfirmed',
  'noSelection',
  'error',
] as const;
export type NoticeDone = (typeof NOTICE_DONE)[number];
export type NoticeError = (typeof NOTICE_ERRORS)[number];
export type Notice = { ok: true; key: NoticeDone } | { ok: false; key: NoticeError };

/** An error code of the pipeline or an operation ('check-failed', 'no-such-user', …) as its notice key. */
export function noticeError(code: string): NoticeError {
  const key = code.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
  return (NOTICE_ERRORS as readonly string[]).includes(key) ? (key as NoticeError) : 'error';
}

/** `done=<key>` for a success, else `error=<key>` of the failure's code. */
export function noticeParam(result: { ok: true } | { ok: false; error: string }, done: NoticeDone): string {
  return result.ok ? `done=${done}` : `error=${noticeError(result.error)}`;
}

/** The notice a page shows for its `done` / `error` query value, or null (unknown values show nothing). */
export function noticeOf(query: Record<string, string | string[] | undefined>): Notice | null {
  const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
  const done = first(query.done);
  if (done && (NOTICE_DONE as readonly string[]).includes(done)) return { ok: true, key: done as NoticeDone };
  const error = first(query.error);
  if (error && (NOTICE_ERRORS as readonly string[]).includes(error))
    return { ok: false, key: error as NoticeError };
  return null;
}

/** A Next `searchParams` object or a URLSearchParams as a plain record of first values. */
export function queryRecord(
  query: URLSearchParams | Record<string, string | string[] | undefined>,
): Record<string, string | undefined> {
  if (query instanceof URLSearchParams) return Object.fromEntries(query.entries());
  return Object.fromEntries(Object.entries(query).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v]));
}

/** A filter object as a query string: only the set values, in the object's order ('' when none). */
export function filterQuery(filter: object): string {
  const out = new URLSearchParams();
  for (const [key, value] of Object.entries(filter))
    if (value !== undefined && value !== null && value !== '') out.set(key, String(value));
  return out.toString();
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `value` is a UUID (the ids of the back office's records; a hand-edited address may hold anything). */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

/** The kinds of record a person page is opened from (`/admin/people/<kind>-<id>`). */
export const PERSON_KINDS = ['enquiry', 'member', 'subscriber', 'user'] as const;
export type PersonKind = (typeof PERSON_KINDS)[number];

/** The person page of a record: `/admin/people/enquiry-<id>`, `member-<id>`, `subscriber-<id>` or `user-<id>`. */
export function personHref(kind: PersonKind, id: string): `/admin/people/${string}` {
  return `/admin/people/${kind}-${encodeURIComponent(id)}`;
}

/** A date and time in the site's one format (lib/utils/format.ts), in UK time, or `none` (default '—'). */
export function formatWhen(value: Date | string | null | undefined, locale: string, none = '—'): string {
  if (!value) return none;
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return none;
  return formatDateTime(date, locale);
}
