import type { z } from 'zod';

import type { ActionResult } from '@/lib/action-result';
import type { Actor, BackOfficeDeps, StaffOp } from '@/lib/back-office/ops';

/**
 * A back-office operation as the action pipeline runs it once the caller passed its guard (lib/safe-action.ts):
 * the schema parses the raw input (422 'invalid' otherwise), then `run` on the typed input, answered as an
 * ActionResult. The guards themselves (401 signed out, 403 without the role) are the pipeline's and are tested
 * through the real actions (tests/integration/back-office-pages.test.ts).
 */
export async function runOp<T>(
  op: StaffOp<z.ZodType, T>,
  user: Actor,
  raw: unknown,
  deps: BackOfficeDeps = {},
): Promise<ActionResult<T, string>> {
  const input = op.schema.safeParse(raw);
  if (!input.success) return { ok: false, status: 422, error: 'invalid' };
  const result = await op.run(input.data, user, deps);
  return result && typeof result === 'object' && (result as { ok?: unknown }).ok === false
    ? (result as ActionResult<T, string>)
    : { ok: true, data: result as T };
}
