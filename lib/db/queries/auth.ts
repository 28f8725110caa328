import 'server-only';

import { and, eq, gt, isNull, lte, ne, sql } from 'drizzle-orm';

import type { Database } from '../client';
import { type LocalUser, localEmailTokens, localSessions, localUsers, outbox, userRoles } from '../schema';

/**
 * Queries of the local accounts (lib/auth/local.ts) and of admin roles (lib/auth, scripts/user-admin.ts).
 * Tokens arrive here already hashed: these functions never see a cookie or a link's secret.
 */

/** The local account with that (lower-cased) email, or null. */
export async function findLocalUserByEmail(db: Database, email: string): Promise<LocalUser | null> {
  const row = await db.query.localUsers.findFirst({ where: (t, { eq }) => eq(t.email, email) });
  return row ?? null;
}

/**
 * Creates an unconfirmed local account. @returns the row, or null when the email is taken (unique key; a race
 * with another sign-up for the same address ends here too).
 */
export async function insertLocalUser(
  db: Database,
  user: { email: string; passwordHash: string; fullName: string | null },
): Promise<LocalUser | null> {
  const [row] = await db.insert(localUsers).values(user).onConflictDoNothing().returning();
  return row ?? null;
}

/** Sets email_confirmed_at (if not set yet) and/or a new password hash. */
export async function updateLocalUser(
  db: Database,
  id: string,
  change: { confirm?: boolean; passwordHash?: string },
): Promise<void> {
  await db
    .update(localUsers)
    .set({
      ...(change.passwordHash ? { passwordHash: change.passwordHash } : {}),
      ...(change.confirm ? { emailConfirmedAt: sql`coalesce(${localUsers.emailConfirmedAt}, now())` } : {}),
    })
    .where(eq(localUsers.id, id));
}

/** Stores a session by the hash of its token. */
export async function insertLocalSession(
  db: Database,
  session: { id: string; userId: string; expiresAt: Date },
): Promise<void> {
  await db.insert(localSessions).values(session);
}

/** The user of an unexpired session (database time), or null. */
export async function findSessionUser(db: Database, sessionId: string): Promise<LocalUser | null> {
  const [row] = await db
    .select({ user: localUsers })
    .from(localSessions)
    .innerJoin(localUsers, eq(localUsers.id, localSessions.userId))
    .where(and(eq(localSessions.id, sessionId), gt(localSessions.expiresAt, sql`now()`)))
    .limit(1);
  return row?.user ?? null;
}

/** Deletes one session (sign-out, rotation). */
export async function deleteLocalSession(db: Database, sessionId: string): Promise<void> {
  await db.delete(localSessions).where(eq(localSessions.id, sessionId));
}

/**
 * Deletes a user's sessions: all of them but `keep` (password reset), or only the expired ones
 * (`expiredOnly`, housekeeping at sign-in).
 */
export async function deleteUserSessions(
  db: Database,
  userId: string,
  options: { keep?: string; expiredOnly?: boolean } = {},
): Promise<void> {
  await db
    .delete(localSessions)
    .where(
      and(
        eq(localSessions.userId, userId),
        options.keep ? ne(localSessions.id, options.keep) : undefined,
        options.expiredOnly ? lte(localSessions.expiresAt, sql`now()`) : undefined,
      ),
    );
}

/** Stores an emailed link by the hash of its token. */
export async function insertEmailToken(
  db: Database,
  token: { tokenHash: string; userId: string; purpose: 'signup' | 'recovery'; expiresAt: Date },
): Promise<void> {
  await db.insert(localEmailTokens).values(token);
}

/**
 * Spends an emailed link: marks it used if it exists, has this purpose, is unused and unexpired (one UPDATE, so
 * two clicks at once cannot both succeed). @returns the link's user id, or null.
 */
export async function consumeEmailToken(
  db: Database,
  tokenHash: string,
  purpose: 'signup' | 'recovery',
): Promise<string | null> {
  const [row] = await db
    .update(localEmailTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(localEmailTokens.tokenHash, tokenHash),
        eq(localEmailTokens.purpose, purpose),
        isNull(localEmailTokens.usedAt),
        gt(localEmailTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: localEmailTokens.userId });
  return row?.userId ?? null;
}

/** Outbox kind of the account emails (confirmation, recovery, account-exists notice); payload {to, subject, text}. */
export const AUTH_EMAIL_KIND = 'auth.email';

/**
 * Records an account email in the outbox (the embedded default's delivery, DESIGN.md §2: admins read it there):
 * status 'sent' when it was delivered (by SMTP, or kept here without SMTP), else 'failed' with the error. It is
 * never left 'pending': the outbox worker has no handler for this kind; a failed one is sent again by the
 * person asking for a new link.
 */
export async function recordAuthEmail(
  db: Database,
  message: { to: string; subject: string; text: string; purpose: string },
  outcome: { ok: true } | { ok: false; error: string },
): Promise<void> {
  await db.insert(outbox).values({
    kind: AUTH_EMAIL_KIND,
    payload: message,
    status: outcome.ok ? 'sent' : 'failed',
    attempts: 1,
    sentAt: outcome.ok ? sql`now()` : null,
    lastError: outcome.ok ? null : outcome.error.slice(0, 500),
  });
}

/** Whether the user has a user_roles row with that role (spec §5: 'admin'). */
export async function hasRole(db: Database, userId: string, roleName: string): Promise<boolean> {
  const row = await db.query.userRoles.findFirst({
    where: (t, { and, eq }) => and(eq(t.userId, userId), eq(t.roleName, roleName)),
    columns: { id: true },
  });
  return Boolean(row);
}

/** Grants a role. @returns true when it was granted now, false when the user already had it. */
export async function grantRole(db: Database, userId: string, roleName: string): Promise<boolean> {
  const rows = await db.insert(userRoles).values({ userId, roleName }).onConflictDoNothing().returning();
  return rows.length > 0;
}

/**
 * The id of the Supabase Auth user with that email (auth.users; only on a Supabase database), or null.
 * @throws when the auth schema does not exist (not a Supabase database).
 */
export async function findSupabaseUserId(db: Database, email: string): Promise<string | null> {
  const result = await db.execute(
    sql`select id::text as id from auth.users where lower(email) = ${email} limit 1`,
  );
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { id: string }[];
  return rows[0]?.id ?? null;
}
