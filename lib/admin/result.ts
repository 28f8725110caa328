import type { ActionFailure } from '@/lib/action-result';
import type { StaffGuardResult } from '@/lib/auth';

/**
 * The refusal for a staff guard that did not pass (null when it passed), in the one result type
 * (lib/action-result.ts): 401 signed out, 403 not allowed, 503 role check failed. The back-office operations of
 * lib/admin answer `ActionResult<{ code }, string>`, both codes keys under messages `admin.results`.
 */
export function guardRefusal(guard: StaffGuardResult): ActionFailure<string> | null {
  if (guard.ok) return null;
  return { ok: false, status: guard.status, error: guard.error };
}
