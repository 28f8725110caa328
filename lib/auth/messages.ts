import type { ActionFailure } from '@/lib/action-result';

import type { AuthErrorCode } from './types';

/**
 * Auth failures as form results and messages (pure; browser and server). An auth error travels in a
 * `ActionFailure` as the form-level field error `_form` (a key of the `AuthForms` namespace), so the action wrapper's
 * result type carries it unchanged; too many attempts use the wrapper's own 'rate-limited' with retryAfterSeconds.
 */

/** AuthForms message key per auth error. */
export const AUTH_ERROR_KEYS = {
  'invalid-credentials': 'invalidCredentials',
  'email-not-confirmed': 'emailNotConfirmed',
  'invalid-link': 'invalidLink',
  'weak-password': 'weakPassword',
  'not-signed-in': 'notSignedIn',
  'current-password': 'currentPasswordWrong',
  'rate-limited': 'tooManyAttempts',
  server: 'serverError',
} as const satisfies Record<AuthErrorCode, string>;

export type AuthMessageKey = (typeof AUTH_ERROR_KEYS)[AuthErrorCode] | 'tooManyAttemptsMinutes';

/** The form result for an auth error (status 400, or 429 for rate limits, 500 for our failures). */
export function authFailure(error: AuthErrorCode, retryAfterSeconds?: number): ActionFailure {
  if (error === 'rate-limited')
    return { ok: false, status: 429, error: 'rate-limited', retryAfterSeconds: retryAfterSeconds ?? 60 };
  if (error === 'server')
    return { ok: false, status: 500, error: 'server', fieldErrors: { _form: 'serverError' } };
  return { ok: false, status: 400, error: 'invalid', fieldErrors: { _form: AUTH_ERROR_KEYS[error] } };
}

/**
 * The form-level message for a failed auth form: the auth key from `_form`, or for 'rate-limited' the
 * "too many attempts" text with the wait in whole minutes (at least 1). Null when the failure is only about
 * fields (they show their own messages) or not auth-specific (the caller shows the generic `Forms` message).
 */
export function authFailureMessage(
  result: Pick<ActionFailure, 'error' | 'fieldErrors' | 'retryAfterSeconds'>,
): { key: AuthMessageKey; values?: { minutes: number } } | null {
  if (result.error === 'rate-limited') {
    const minutes = Math.max(1, Math.ceil((result.retryAfterSeconds ?? 60) / 60));
    return minutes > 1 ? { key: 'tooManyAttemptsMinutes', values: { minutes } } : { key: 'tooManyAttempts' };
  }
  const key = result.fieldErrors?._form;
  const known = Object.values(AUTH_ERROR_KEYS) as string[];
  return key && known.includes(key) ? { key: key as AuthMessageKey } : null;
}
