import { EMPTY_FORM_STATE, type FormState } from '@/lib/forms/form-state';

import type { AuthMessageKey } from './messages';

/**
 * What an account form's no-JavaScript server action (lib/auth/actions.ts, `…Form`) answers, for React's
 * `useActionState`: the public forms' state (lib/forms/form-state.ts: typed values, never a password; field
 * message keys; a `Forms` key; the next fill-time token) plus the auth message (an `AuthForms` key, e.g.
 * 'invalidCredentials' or 'tooManyAttemptsMinutes' with its minutes) and, for the emailed-link forms, `sent`.
 * Client-safe; no I/O.
 */
export type AuthFormState = FormState & {
  auth?: { key: AuthMessageKey; values?: { minutes: number } } | null;
  sent?: boolean;
};

/** The state before any submission. */
export const EMPTY_AUTH_STATE: AuthFormState = EMPTY_FORM_STATE;
