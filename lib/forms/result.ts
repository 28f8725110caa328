/**
 * What a form's server action returns (shared by server and browser; no I/O).
 *
 * `status` mirrors the HTTP status a route handler would send for the same outcome, so the same result can back
 * an action and an API route (`formResponse`). Field errors are message keys of the form's own next-intl
 * namespace (e.g. `nameMin`), never English text: the browser translates them, the server never formats them.
 */
export type FormErrorCode =
  | 'invalid' // the input failed the schema: see fieldErrors
  | 'spam' // the honeypot was filled in
  | 'too-fast' // submitted sooner than a person could fill the form
  | 'expired' // the fill-time token is missing, forged or too old
  | 'rate-limited' // too many submissions from this client
  | 'forbidden' // not allowed for this user
  | 'server'; // our side failed; nothing was saved

export type FormFailure = {
  ok: false;
  status: 400 | 403 | 422 | 429 | 500;
  error: FormErrorCode;
  /** Field name → message key, for 'invalid'. */
  fieldErrors?: Record<string, string>;
  /** For 'rate-limited'. */
  retryAfterSeconds?: number;
};

export type FormSuccess<T> = { ok: true; data: T };
export type FormResult<T> = FormSuccess<T> | FormFailure;

/** Names of the spam-guard fields every public form sends besides its own. */
export const GUARD_FIELDS = { honeypot: 'website_url', token: 'formToken', locale: 'formLocale' } as const;

export type GuardValues = { website_url: string; formToken: string; formLocale: string };

/** The generic message key (namespace `Forms`) for a failure code. */
export function failureMessageKey(
  error: FormErrorCode,
): 'invalid' | 'spam' | 'tooFast' | 'expired' | 'rateLimited' | 'forbidden' | 'server' {
  switch (error) {
    case 'too-fast':
      return 'tooFast';
    case 'rate-limited':
      return 'rateLimited';
    default:
      return error;
  }
}
