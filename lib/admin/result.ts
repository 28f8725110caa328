import type { StaffGuardResult } from '@/lib/auth';

/**
 * What a back-office handler answers: done (`code` names the outcome for the page's notice) or refused with an
 * HTTP-like status: 401 signed out, 403 not allowed, 503 role check failed, 422 invalid input, 404 no such
 * record, 409 refused by a rule (e.g. the last admin). `code` is a key under messages `admin.results`.
 */
export type AdminOutcome =
  { ok: true; code: string } | { ok: false; status: 401 | 403 | 404 | 409 | 422 | 503; code: string };

/** The refusal for a guard that did not pass (null when it passed). */
export function guardRefusal(guard: StaffGuardResult): Extract<AdminOutcome, { ok: false }> | null {
  if (guard.ok) return null;
  return { ok: false, status: guard.status, code: guard.error };
}
