import 'server-only';

import { z } from 'zod';

import { authKind, backOfficeMembers, setRoleByEmail } from '@/lib/auth';
import { env } from '@/lib/config/env';
import { type BackOfficeMember, getDb } from '@/lib/db';

import { staffOp } from './op';

/**
 * Staff and roles (issue 17 item 2, back-office review D18): everyone who may use the back office for /admin/staff
 * and the role operation. Re-exported by lib/back-office/index.ts and ops.ts.
 */

export type { BackOfficeMember };

/**
 * Everyone who may use the back office (lib/auth `backOfficeMembers`): the user_roles holders and the ADMIN_EMAILS
 * admins with a confirmed account (`envAdmin`), admins first; with `q`, only those whose email contains it (any
 * case). Also `envAdmins`, the ADMIN_EMAILS addresses as configured (some may have no account yet) and `total`,
 * everyone before the search. @throws on a database error.
 */
export async function staffPage(q?: string) {
  const members = await backOfficeMembers(await getDb());
  const needle = q?.toLowerCase();
  return {
    members: needle ? members.filter((m) => m.email?.toLowerCase().includes(needle)) : members,
    total: members.length,
    envAdmins: env().ADMIN_EMAILS ?? [],
  };
}

/** The staff page's form: an account's email and the role to give it ('none' takes the role away). */
export const setRoleInput = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email().max(254)),
  role: z.enum(['admin', 'staff', 'none']),
});

/**
 * Grants, changes or revokes a back-office role (admins only: the action's guard), with an audit entry naming the
 * admin (setRoleByEmail). @returns 'role-changed' or 'role-unchanged'; 404 'no-such-user', 409 'last-admin' (no
 * other admin, ADMIN_EMAILS ones included), 409 'env-admin' (the address is in ADMIN_EMAILS: change it there).
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
  if (outcome.status === 'env-admin')
    return { ok: false as const, status: 409 as const, error: 'env-admin' as const };
  return { ok: false as const, status: 422 as const, error: 'invalid' as const };
});
