import 'server-only';

import { z } from 'zod';

import { env } from '@/lib/config/env';
import {
  type BackOfficeRole,
  type Database,
  countAdminRoles,
  findBackOfficeRole,
  findLocalUserByEmail,
  findSupabaseUserId,
  getDb,
  recordAudit,
  setBackOfficeRole,
} from '@/lib/db';

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

/** What `setRoleByEmail` did. 'last-admin': refused, it would leave no admin row in user_roles. */
export type SetRoleOutcome =
  | { status: 'changed' | 'unchanged'; userId: string; email: string; before: StaffRole | null }
  | { status: 'invalid-email' | 'no-such-user' | 'last-admin' };

export const roleEmailSchema = z.email().max(254);

/**
 * Gives the account with that email exactly the back-office role `role` ('admin', 'staff', or null to remove it),
 * in one transaction with its audit entry (`actor`, absent for the command line: recorded as 'cli'). Refuses to
 * take the admin role from the last person holding it in user_roles ('last-admin'). Accounts: local, or with
 * `supabase: true` Supabase Auth (auth.users). Creates no account. @throws on database errors.
 */
export async function setRoleByEmail(
  db: Database,
  rawEmail: string,
  role: StaffRole | null,
  { supabase, actor }: { supabase: boolean; actor?: { id: string; email: string } },
): Promise<SetRoleOutcome> {
  const parsed = roleEmailSchema.safeParse(rawEmail.trim().toLowerCase());
  if (!parsed.success) return { status: 'invalid-email' };
  const email = parsed.data;
  const userId = supabase
    ? await findSupabaseUserId(db, email)
    : ((await findLocalUserByEmail(db, email))?.id ?? null);
  if (!userId) return { status: 'no-such-user' };
  return db.transaction(async (tx) => {
    const before = await findBackOfficeRole(tx, userId);
    if (before === role) return { status: 'unchanged' as const, userId, email, before };
    if (before === 'admin' && (await countAdminRoles(tx)) <= 1) return { status: 'last-admin' as const };
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
