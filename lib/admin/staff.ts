import 'server-only';

import { z } from 'zod';

import type { ActionResult } from '@/lib/action-result';

import { type StaffGuardResult, setRoleByEmail } from '@/lib/auth';
import { type Database, getDb } from '@/lib/db';

import { guardRefusal } from './result';

/** The staff page's form: an account's email and the role to give it ('none' takes the role away). */
export const setRoleInput = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email().max(254)),
  role: z.enum(['admin', 'staff', 'none']),
});

/**
 * Grants, changes or revokes a back-office role (issue 17 item 2), admins only: the guard must be an admin's
 * (`checkStaff('admin')`), else 401/403/503 before anything is read. Then zod (422 'invalid'), then
 * setRoleByEmail (audit entry with the admin as actor): 'changed', 'unchanged', 404 'no-such-user', 409
 * 'last-admin'. `supabase` says where accounts live (auth.users or local_users).
 */
export async function handleSetRole(
  guard: StaffGuardResult,
  raw: unknown,
  { db, supabase }: { db?: Database; supabase: boolean },
): Promise<ActionResult<{ code: string }, string>> {
  const refusal = guardRefusal(guard);
  if (refusal) return refusal;
  if (!guard.ok || guard.user.role !== 'admin') return { ok: false, status: 403, error: 'forbidden' };
  const input = setRoleInput.safeParse(raw);
  if (!input.success) return { ok: false, status: 422, error: 'invalid' };
  const outcome = await setRoleByEmail(
    db ?? (await getDb()),
    input.data.email,
    input.data.role === 'none' ? null : input.data.role,
    { supabase, actor: { id: guard.user.id, email: guard.user.email } },
  );
  switch (outcome.status) {
    case 'changed':
    case 'unchanged':
      return { ok: true, data: { code: `role-${outcome.status}` } };
    case 'invalid-email':
      return { ok: false, status: 422, error: 'invalid' };
    case 'no-such-user':
      return { ok: false, status: 404, error: 'no-such-user' };
    case 'last-admin':
      return { ok: false, status: 409, error: 'last-admin' };
  }
}
