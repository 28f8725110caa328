/**
 * What every server action and its browser caller share (no I/O; safe in client components): the one result type
 * `ActionResult<T>` that lib/safe-action.ts returns, the spam-guard field names and the generic message key of a
 * failure.
 *
 * `status` mirrors the HTTP status a route handler would send for the same outcome, so one result can back an
 * action and an API route (lib/safe-action.ts `action` and `route`). Field errors are message keys of the form's
 * own next-intl namespace (e.g. `nameMin`), never English text: the browser translates them, the server never
 * formats them.
 */
export type ActionErrorCode =
  | 'invalid' // the input failed the schema: see fieldErrors
  | 'spam' // the honeypot was filled in
  | 'too-fast' // submitted sooner than a person could fill the form
  | 'expired' // the fill-time token is missing, forged or too old
  | 'rate-limited' // too many submissions from this client (or this account)
  | 'unauthenticated' // signed out
  | 'forbidden' // not allowed for this user
  | 'check-failed' // the role check could not be made (database error): try again
  | 'server'; // our side failed; nothing was saved

/** The HTTP-like statuses a refusal or failure carries. */
export type ActionStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 500 | 503;

/**
 * A refused or failed action. `E` is the domain's own error codes where it has more than the pipeline's (the course
 * admin's `AdminErrorCode`, the back office's); the shape is the same everywhere.
 */
export type ActionFailure<E extends string = ActionErrorCode> = {
  ok: false;
  status: ActionStatus;
  error: E;
  /** Field name → message key, for 'invalid' (`_form`: a form-level key). */
  fieldErrors?: Record<string, string>;
  /** For 'rate-limited'. */
  retryAfterSeconds?: number;
};

export type ActionSuccess<T> = { ok: true; data: T };
export type ActionResult<T, E extends string = ActionErrorCode> = ActionSuccess<T> | ActionFailure<E>;

/** Names of the spam-guard fields every public form sends besides its own. */
export const GUARD_FIELDS = { honeypot: 'website_url', token: 'formToken', locale: 'formLocale' } as const;

export type GuardValues = { website_url: string; formToken: string; formLocale: string };

/** The generic message key (namespace `Forms`) for a failure code. */
export function failureMessageKey(
  error: ActionErrorCode,
):
  | 'invalid'
  | 'spam'
  | 'tooFast'
  | 'expired'
  | 'rateLimited'
  | 'unauthenticated'
  | 'forbidden'
  | 'checkFailed'
  | 'server' {
  switch (error) {
    case 'too-fast':
      return 'tooFast';
    case 'rate-limited':
      return 'rateLimited';
    case 'check-failed':
      return 'checkFailed';
    default:
      return error;
  }
}
