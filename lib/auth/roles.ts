import 'server-only';

import { z } from 'zod';

import { env } from '@/lib/config/env';
import {
  type BackOfficeMember,
  type BackOfficeRole,
  type Database,
  countAdminRoles,
  findBackOfficeRole,
  findConfirmedAccountIds,
  findLocalUserByEmail,
  findSupabaseUserId,
  getDb,
  listBackOfficeMembers,
  recordAudit,
  setBackOfficeRole,
} from '@/lib/db';

import { authKind } from './config';
import type { AuthUser } from './types';

/**
 * Back-office roles (issue 17): 'admin' (everything, ADMIN_EMAILS included) and 'staff' (the inbox and the lists;
 * no course authoring, no role changes). An admin is also staff. Roles live in user_roles; lib/auth/index.ts
 * turns them into page guards (`requireStaff`) and action guards (`checkStaff`).
 */
export type StaffRole = BackOfficeRole;

/** Whether `role` covers `needed`: admin covers staff; nothing covers admin but admin. */
export function roleCovers(role: StaffRole | null, needed: StaffRole): boolean {
  return role === 'admin' || (role === 'staff' && needed === 'staff');
}

/**
 * The user's back-office role: 'admin' for a confirmed email in ADMIN_EMAILS (`adminEmails`, default the env) or a
 * user_roles 'admin' row, 'staff' for a 'staff' row, else null. "Confirmed" is `user.emailConfirmed` as the
 * adapters set it: confirmed before this session began, so a session of whoever registered the address before its
 * owner confirmed it never counts. @throws on a database error.
 */
export async function backOfficeRole(
  user: AuthUser,
  db?: Database,
  adminEmails: readonly string[] = env().ADMIN_EMAILS ?? [],
): Promise<StaffRole | null> {
  if (user.emailConfirmed && adminEmails.includes(user.email.toLowerCase())) return 'admin';
  return findBackOfficeRole(db ?? (await getDb()), user.id);
}

/**
 * `backOfficeRole` without throwing: the role, 'none', or 'check-failed' when the database failed (logged as one
 * line without personal data, as adminStatus does).
 */
export async function staffStatus(
  user: AuthUser,
  db?: Database,
  adminEmails?: readonly string[],
): Promise<StaffRole | 'none' | 'check-failed'> {
  try {
    return (await backOfficeRole(user, db, adminEmails)) ?? 'none';
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    console.error(
      `[auth] staff check failed: ${error instanceof Error ? error.name : typeof error}${typeof code === 'string' ? ` (${code})` : ''}`,
    );
    return 'check-failed';
  }
}

/** Where accounts live and who ADMIN_EMAILS makes admin: this server's settings unless a caller (a test) says. */
export type AccountOptions = { supabase?: boolean; adminEmails?: readonly string[] };

function accountsOf({ supabase, adminEmails }: AccountOptions) {
  return {
    supabase: supabase ?? authKind() === 'supabase',
    adminEmails: (adminEmails ?? env().ADMIN_EMAILS ?? []).map((e) => e.toLowerCase()),
  };
}

/**
 * Everyone who may use the back office, for the staff page and the inbox's assignee list: the user_roles holders
 * and the ADMIN_EMAILS admins with a confirmed account (`envAdmin: true`; they may hold no row). Admins first, then
 * by email. `db` defaults to the site's database. @throws on a database error.
 */
export async function backOfficeMembers(
  db?: Database,
  options: AccountOptions = {},
): Promise<BackOfficeMember[]> {
  return listBackOfficeMembers(db ?? (await getDb()), accountsOf(options));
}

/**
 * The back-office role of an account by its id (not a session): its user_roles role, or 'admin' when its confirmed
 * email is in ADMIN_EMAILS; null for neither. What an assignment checks (the assignee must be a member, env admins
 * included). @throws on a database error.
 */
export async function accountRole(
  db: Database,
  userId: string,
  options: AccountOptions = {},
): Promise<StaffRole | null> {
  const { supabase, adminEmails } = accountsOf(options);
  const role = await findBackOfficeRole(db, userId);
  if (role === 'admin') return role;
  return (await findConfirmedAccountIds(db, adminEmails, { supabase })).includes(userId) ? 'admin' : role;
}

/**
 * What `setRoleByEmail` did. 'last-admin': refused, it would leave no admin (no other user_roles admin and no
 * ADMIN_EMAILS admin with a confirmed account). 'env-admin': refused, the address is in ADMIN_EMAILS, so only the
 * server's setting can take the admin role away.
 */
export type SetRoleOutcome =
  | { status: 'changed' | 'unchanged'; userId: string; email: string; before: StaffRole | null }
  | { status: 'invalid-email' | 'no-such-user' | 'last-admin' | 'env-admin' };

export const roleEmailSchema = z.email().max(254);

/**
 * Gives the account with that email exactly the back-office role `role` ('admin', 'staff', or null to remove it),
 * in one transaction with its audit entry (`actor`, absent for the command line: recorded as 'cli'). Refuses to
 * demote or remove an ADMIN_EMAILS admin ('env-admin': they would stay admin) and to take the admin role from the
 * last admin ('last-admin': the last user_roles admin while no ADMIN_EMAILS admin has a confirmed account).
 * Accounts: local, or with `supabase: true` Supabase Auth (auth.users); `adminEmails` defaults to ADMIN_EMAILS.
 * Creates no account. @throws on database errors.
 */
export async function setRoleByEmail(
  db: Database,
  rawEmail: string,
  role: StaffRole | null,
  {
    supabase,
    actor,
    adminEmails,
  }: { supabase: boolean; actor?: { id: string; email: string }; adminEmails?: readonly string[] },
): Promise<SetRoleOutcome> {
  const parsed = roleEmailSchema.safeParse(rawEmail.trim().toLowerCase());
  if (!parsed.success) return { status: 'invalid-email' };
  const email = parsed.data;
  const envAdmins = accountsOf({ supabase, adminEmails }).adminEmails;
  const userId = supabase
    ? await findSupabaseUserId(db, email)
    : ((await findLocalUserByEmail(db, email))?.id ?? null);
  if (!userId) return { status: 'no-such-user' };
  if (role !== 'admin' && envAdmins.includes(email)) return { status: 'env-admin' };
  return db.transaction(async (tx) => {
    const before = await findBackOfficeRole(tx, userId);
    if (before === role) return { status: 'unchanged' as const, userId, email, before };
    if (
      before === 'admin' &&
      (await countAdminRoles(tx)) <= 1 &&
      (await findConfirmedAccountIds(tx, envAdmins, { supabase })).length === 0
    )
      return { status: 'last-admin' as const };
    await setBackOfficeRole(tx, userId, role);
    await recordAudit(tx, {
      actorId: actor?.id ?? null,
      actorEmail: actor?.email ?? 'cli',
      action: 'role.set',
      target: email,
      detail: { userId, before, after: role },
    });
    return { status: 'changed' as const, userId, email, before };
  });
}
