import type { ActionFailure, ActionResult } from '@/lib/action-result';
import type { StaffGuardResult } from '@/lib/auth';

/**
 * What a back-office handler answers, in the one result type (lib/action-result.ts): done, with `data.code` naming
 * the outcome for the page's notice, or refused with an HTTP-like status and `error`: 401 signed out, 403 not
 * allowed, 503 role check failed, 422 invalid input, 404 no such record, 409 refused by a rule (e.g. the last
 * admin). Both codes are keys under messages `admin.results`.
 */
export type AdminOutcome = ActionResult<{ code: string }, string>;

/** The refusal for a guard that did not pass (null when it passed). */
export function guardRefusal(guard: StaffGuardResult): ActionFailure<string> | null {
  if (guard.ok) return null;
  return { ok: false, status: guard.status, error: guard.error };
}
