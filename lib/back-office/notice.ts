/**
 * The result of a back-office form, carried back to its page in the query string (the forms work without
 * JavaScript: the action redirects, the page announces the outcome in a status region). Pure: no I/O.
 */

export const NOTICE_DONE = [
  'statusSaved',
  'unsubscribed',
  'resynced',
  'resyncFailed',
  'resyncNothing',
  'retried',
  'gaveUp',
] as const;
export const NOTICE_ERRORS = [
  'unauthenticated',
  'forbidden',
  'checkFailed',
  'invalid',
  'notFound',
  'busy',
] as const;
export type NoticeKey = (typeof NOTICE_DONE)[number] | (typeof NOTICE_ERRORS)[number];

const ERROR_KEYS: Record<string, (typeof NOTICE_ERRORS)[number]> = {
  unauthenticated: 'unauthenticated',
  forbidden: 'forbidden',
  'check-failed': 'checkFailed',
  invalid: 'invalid',
  'not-found': 'notFound',
  busy: 'busy',
};

/** `done=<key>` for a success, else `error=<key>` for the handler's error code. */
export function noticeParam(
  result: { ok: true } | { ok: false; error: string },
  done: (typeof NOTICE_DONE)[number],
) {
  return result.ok ? `done=${done}` : `error=${ERROR_KEYS[result.error] ?? 'invalid'}`;
}

/** The notice a page shows for its `done` / `error` query value, or null; unknown values are ignored. */
export function noticeOf(
  query: Record<string, string | string[] | undefined>,
): { ok: boolean; key: NoticeKey } | null {
  const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
  const done = first(query.done);
  if (done && (NOTICE_DONE as readonly string[]).includes(done)) return { ok: true, key: done as NoticeKey };
  const error = first(query.error);
  if (error && (NOTICE_ERRORS as readonly string[]).includes(error))
    return { ok: false, key: error as NoticeKey };
  return null;
}
