import type { z } from 'zod';

import type { ActionResult } from '@/lib/action-result';
import type { GuardResult } from '@/lib/auth';
import { type AdminDeps, type AdminOp, attemptAdmin } from '@/lib/courses/admin';
import type { AdminErrorCode } from '@/lib/courses/shared';
import { fieldErrors } from '@/lib/safe-action';

/**
 * One course admin operation for a caller's `GuardResult` (from `adminGuard`), the way the action pipeline runs it
 * (lib/safe-action.ts), for tests: a refused guard answers its refusal (401, 403, 503) before anything is read,
 * invalid input 422 'invalid' with the fields' message keys, then the work as `attemptAdmin` answers it. Counts no
 * rate limit. Never throws. (Only the pipeline parses in lib/, docs/ARCHITECTURE.md §1 "The rules", so this
 * stand-in lives with the tests.)
 */
export async function runAdmin<S extends z.ZodType, T>(
  operation: AdminOp<S, T>,
  guard: GuardResult,
  raw: unknown,
  deps: AdminDeps = {},
): Promise<ActionResult<T, AdminErrorCode>> {
  if (!guard.ok) return { ok: false, status: guard.status, error: guard.error };
  const parsed = operation.schema.safeParse(raw);
  if (!parsed.success)
    return { ok: false, status: 422, error: 'invalid', fieldErrors: fieldErrors(parsed.error) };
  const result = await attemptAdmin(() => operation.run(parsed.data, guard.user, deps));
  return typeof result === 'object' && result !== null && (result as { ok?: unknown }).ok === false
    ? (result as Extract<ActionResult<T, AdminErrorCode>, { ok: false }>)
    : { ok: true, data: result as T };
}
