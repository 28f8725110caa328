import 'server-only';

import { z } from 'zod';

import { authKind, setRoleByEmail } from '@/lib/auth';
import { env } from '@/lib/config/env';
import { getDb, listRoleHolders } from '@/lib/db';

import { staffOp } from './op';

/**
 * Staff and roles (issue 17 item 2): who holds a back-office role for /admin/staff, and the role operation.
 * Re-exported by lib/back-office/index.ts and ops.ts.
 */

/** Everyone with a back-office role (admins first) and the ADMIN_EMAILS admins, who hold no row. */
export async function staffPage() {
  const holders = await listRoleHolders(await getDb(), { supabase: authKind() === 'supabase' });
  return { holders, envAdmins: env().ADMIN_EMAILS ?? [] };
}

/** The staff page's form: an account's email and the role to give it ('none' takes the role away). */
export const setRoleInput = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email().max(254)),
  role: z.enum(['admin', 'staff', 'none']),
});

/**
 * Grants, changes or revokes a back-office role (admins only: the action's guard), with an audit entry naming the
 * admin (setRoleByEmail). @returns 'role-changed' or 'role-unchanged'; 404 'no-such-user', 409 'last-admin'.
 */
export const setRole = staffOp(setRoleInput, async ({ email, role }, user, deps) => {
  const outcome = await setRoleByEmail(deps.db ?? (await getDb()), email, role === 'none' ? null : role, {
    supabase: deps.supabase ?? authKind() === 'supabase',
    actor: { id: user.id, email: user.email },
  });
  if (outcome.status === 'changed' || outcome.status === 'unchanged')
    return { code: `role-${outcome.status}` as const };
  if (outcome.status === 'no-such-user')
    return { ok: false as const, status: 404 as const, error: 'no-such-user' as const };
  if (outcome.status === 'last-admin')
    return { ok: false as const, status: 409 as const, error: 'last-admin' as const };
  return { ok: false as const, status: 422 as const, error: 'invalid' as const };
});
