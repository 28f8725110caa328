import 'server-only';

import { and, eq, sql } from 'drizzle-orm';

import type { Database } from '../client';
import { type BackOfficeRole, adminAudit, userRoles } from '../schema';

/** A person holding a back-office role, with the email of their account (local_users or Supabase auth.users). */
export interface RoleHolder {
  userId: string;
  /** Null when the account is gone but the role row is not (local accounts have no foreign key to user_roles). */
  email: string | null;
  role: BackOfficeRole;
  since: Date;
}

function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as T[];
}

/**
 * The back office's role of a user from user_roles: 'admin' wins over 'staff'; null without either. (ADMIN_EMAILS is
 * lib/auth's business, not the database's.) @throws on a database error.
 */
export async function findBackOfficeRole(db: Database, userId: string): Promise<BackOfficeRole | null> {
  const rows = await db
    .select({ role: userRoles.roleName })
    .from(userRoles)
    .where(eq(userRoles.userId, userId));
  const roles = new Set(rows.map((r) => r.role));
  return roles.has('admin') ? 'admin' : roles.has('staff') ? 'staff' : null;
}

/**
 * Everyone with a back-office role, admins first, then by email; one row per person (their highest role). Emails
 * come from `auth.users` with `supabase: true` (a Supabase database), else from local_users. @throws on a
 * database error.
 */
export async function listRoleHolders(
  db: Database,
  { supabase }: { supabase: boolean },
): Promise<RoleHolder[]> {
  const accounts = accountsTable(supabase);
  const result = await db.execute(sql`
    select r.user_id::text as "userId", a.email::text as email,
      case when bool_or(r.role_name = 'admin') then 'admin' else 'staff' end as role,
      min(r.created_at) as since
    from public.user_roles r left join ${accounts} a on a.id = r.user_id
    group by r.user_id, a.email
    order by bool_or(r.role_name = 'admin') desc, a.email nulls last`);
  return rowsOf<{ userId: string; email: string | null; role: BackOfficeRole; since: Date | string }>(
    result,
  ).map((r) => ({ ...r, since: new Date(r.since) }));
}

/** A member of the back office: a role holder, or an ADMIN_EMAILS admin (with a confirmed account) without a row. */
export interface BackOfficeMember {
  userId: string;
  /** Null when the account is gone but the role row is not. */
  email: string | null;
  role: BackOfficeRole;
  /** When their user_roles row was made; null for an ADMIN_EMAILS admin who has none. */
  since: Date | null;
  /** Admin through ADMIN_EMAILS on the server (the address is listed and confirmed): only the server changes that. */
  envAdmin: boolean;
}

/** The accounts table: Supabase's auth.users, or local_users. */
function accountsTable(supabase: boolean) {
  return supabase ? sql.raw('auth.users') : sql.raw('public.local_users');
}

/** The ids of the accounts with a confirmed email among `emails` (any case); an empty query for no emails. */
function confirmedAccountIds(emails: readonly string[], supabase: boolean) {
  const listed = [...new Set(emails.map((e) => e.trim().toLowerCase()).filter(Boolean))];
  if (listed.length === 0) return sql`select null::uuid as id where false`;
  return sql`select a.id from ${accountsTable(supabase)} a
    where lower(a.email) in (${sql.join(
      listed.map((e) => sql`${e}`),
      sql`, `,
    )}) and a.email_confirmed_at is not null`;
}

/**
 * Everyone who may use the back office: the user_roles holders and the accounts whose confirmed email is in
 * `adminEmails` (ADMIN_EMAILS, which lib/auth passes), one row per person, admins first, then by email. Emails as
 * listRoleHolders. @throws on a database error.
 */
export async function listBackOfficeMembers(
  db: Database,
  { supabase, adminEmails }: { supabase: boolean; adminEmails: readonly string[] },
): Promise<BackOfficeMember[]> {
  const result = await db.execute(sql`
    with holders as (
      select user_id, bool_or(role_name = 'admin') as admin, min(created_at) as since
      from public.user_roles group by user_id
    ), env as (${confirmedAccountIds(adminEmails, supabase)})
    select coalesce(h.user_id, e.id)::text as "userId", a.email::text as email,
      case when coalesce(h.admin, false) or e.id is not null then 'admin' else 'staff' end as role,
      h.since as since, (e.id is not null) as "envAdmin"
    from holders h full join env e on e.id = h.user_id
      left join ${accountsTable(supabase)} a on a.id = coalesce(h.user_id, e.id)
    order by (coalesce(h.admin, false) or e.id is not null) desc, a.email nulls last`);
  return rowsOf<{
    userId: string;
    email: string | null;
    role: BackOfficeRole;
    since: Date | string | null;
    envAdmin: boolean;
  }>(result).map((r) => ({ ...r, since: r.since === null ? null : new Date(r.since) }));
}

/**
 * The ids of the accounts whose confirmed email is in `emails` (ADMIN_EMAILS: the admins who hold no row need
 * not be counted from user_roles). @throws on a database error.
 */
export async function findConfirmedAccountIds(
  db: Database,
  emails: readonly string[],
  { supabase }: { supabase: boolean },
): Promise<string[]> {
  const result = await db.execute(
    sql`select id::text as id from (${confirmedAccountIds(emails, supabase)}) ids`,
  );
  return rowsOf<{ id: string }>(result).map((r) => r.id);
}

/**
 * How many people hold the 'admin' row in user_roles. Locks those rows (FOR UPDATE) so that, inside a transaction,
 * two admins demoting each other at once cannot both see "one left" and leave none. @throws on a database error.
 */
export async function countAdminRoles(db: Database): Promise<number> {
  const rows = await db
    .select({ userId: userRoles.userId })
    .from(userRoles)
    .where(eq(userRoles.roleName, 'admin'))
    .for('update');
  return new Set(rows.map((r) => r.userId)).size;
}

/**
 * Sets a user's back-office role to exactly `role` (admin, staff) or none (`null`): adds the row and drops the other
 * one, so a person holds at most one. Run it in a transaction with the last-admin check. @returns the role before.
 */
export async function setBackOfficeRole(
  db: Database,
  userId: string,
  role: BackOfficeRole | null,
): Promise<BackOfficeRole | null> {
  const before = await findBackOfficeRole(db, userId);
  if (role) await db.insert(userRoles).values({ userId, roleName: role }).onConflictDoNothing();
  for (const other of ['admin', 'staff'] as const) {
    if (other !== role) {
      await db.delete(userRoles).where(and(eq(userRoles.userId, userId), eq(userRoles.roleName, other)));
    }
  }
  return before;
}

/** One audit entry: who did what to which target (docs/ARCHITECTURE.md §5). `detail` holds no message bodies. */
export interface AuditEntryInput {
  actorId: string | null;
  actorEmail: string;
  /** Dotted verb, e.g. 'role.set', 'enquiry.reply', 'enquiry.status'. */
  action: string;
  target?: string | null;
  detail?: Record<string, unknown>;
}

/**
 * Appends an entry to the back office's audit trail (admin_audit). Call it in the same transaction as the write it
 * records, so neither exists without the other. @throws on a database error.
 */
export async function recordAudit(db: Database, entry: AuditEntryInput): Promise<void> {
  await db.insert(adminAudit).values({
    actorId: entry.actorId,
    actorEmail: entry.actorEmail,
    action: entry.action,
    target: entry.target ?? null,
    detail: entry.detail ?? {},
  });
}
