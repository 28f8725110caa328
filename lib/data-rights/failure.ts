import type { ActionFailure } from '@/lib/action-result';

/**
 * What a refused data-rights action means for the person using it (pure; browser and server). The actions
 * (lib/data-rights/actions.ts) answer `ActionResult`s; a refusal that is particular to data rights names its code
 * in the form-level field error `_form`, everything else is read from the generic error code.
 */

/** Failures of the admin's look-up and erasure (keys of the DataRights messages, by component). */
export type DataRightsFailure =
  | 'unauthenticated'
  | 'forbidden'
  | 'check-failed'
  | 'invalid-email'
  | 'confirmation-mismatch'
  | 'supabase-key-missing'
  | 'account-delete-failed'
  | 'wrong-password'
  | 'step-up-expired'
  | 'email-not-confirmed'
  | 'holds-role'
  | 'rate-limited'
  | 'server';

/** Failures of a person's deletion of their own account. */
export type DeleteAccountFailure =
  'unauthenticated' | 'wrong-password' | 'rate-limited' | 'email-not-confirmed' | 'holds-role' | 'server';

/** The codes a refusal may name in `_form`. */
export type NamedCode =
  | 'confirmation-mismatch'
  | 'supabase-key-missing'
  | 'account-delete-failed'
  | 'wrong-password'
  | 'step-up-expired'
  | 'email-not-confirmed'
  | 'holds-role';

const NAMED: readonly string[] = [
  'confirmation-mismatch',
  'supabase-key-missing',
  'account-delete-failed',
  'wrong-password',
  'step-up-expired',
  'email-not-confirmed',
  'holds-role',
] satisfies NamedCode[];

/** The refusal as an ActionFailure: `code` in `_form`, with the generic status and error code given. */
export function namedFailure(
  code: NamedCode,
  status: ActionFailure['status'],
  error: ActionFailure['error'],
): ActionFailure {
  return { ok: false, status, error, fieldErrors: { _form: code } };
}

/** The admin tool's failure for a refused look-up or erasure. */
export function dataRightsFailure(result: ActionFailure): DataRightsFailure {
  const named = result.fieldErrors?._form;
  if (named && NAMED.includes(named)) return named as DataRightsFailure;
  switch (result.error) {
    case 'unauthenticated':
    case 'forbidden':
    case 'check-failed':
    case 'rate-limited':
      return result.error;
    case 'invalid':
      return 'invalid-email';
    default:
      return 'server';
  }
}

/** The account page's failure for a refused deletion (a wrong or missing password reads as 'wrong-password'). */
export function deleteAccountFailure(result: ActionFailure): DeleteAccountFailure {
  const named = result.fieldErrors?._form;
  if (named === 'email-not-confirmed' || named === 'holds-role') return named;
  if (result.error === 'unauthenticated' || result.error === 'rate-limited') return result.error;
  if (result.error === 'invalid') return 'wrong-password';
  return 'server';
}
