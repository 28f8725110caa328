import 'server-only';

import { and, eq, gt, isNull, lte, ne, sql } from 'drizzle-orm';

import type { Database } from '../client';
import {
  type BackOfficeRole,
  type LocalUser,
  localEmailTokens,
  localSessions,
  localUsers,
  outbox,
  userRoles,
} from '../schema';

/**
 * Queries of the local accounts (lib/auth/local.ts) and of admin roles (lib/auth, scripts/user-admin.ts).
 * Tokens arrive here already hashed: these functions never see a cookie or a link's secret.
 */

/** The local account with that (lower-cased) email, or null. */
export async function findLocalUserByEmail(db: Database, email: string): Promise<LocalUser | null> {
  const row = await db.query.localUsers.findFirst({ where: (t, { eq }) => eq(t.email, email) });
  return row ?? null;
}

/** The local account with that id, or null. */
export async function findLocalUserById(db: Database, id: string): Promise<LocalUser | null> {
  const row = await db.query.localUsers.findFirst({ where: (t, { eq }) => eq(t.id, id) });
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

/**
 * Sets email_confirmed_at (if not set yet), a new password hash and/or the full name (`fullName` null clears
 * it; absent leaves it).
 */
export async function updateLocalUser(
  db: Database,
  id: string,
  change: { confirm?: boolean; passwordHash?: string; fullName?: string | null },
): Promise<void> {
  await db
    .update(localUsers)
    .set({
      ...(change.passwordHash ? { passwordHash: change.passwordHash } : {}),
      ...(change.fullName !== undefined ? { fullName: change.fullName } : {}),
      ...(change.confirm ? { emailConfirmedAt: sql`coalesce(${localUsers.emailConfirmedAt}, now())` } : {}),
    })
    .where(eq(localUsers.id, id));
}

/** Stores a session by the hash of its token; `kind` 'recovery' for the short session a recovery link opens. */
export async function insertLocalSession(
  db: Database,
  session: { id: string; userId: string; expiresAt: Date; kind?: 'session' | 'recovery' },
): Promise<void> {
  await db.insert(localSessions).values(session);
}

/** A live session: its user, its kind, when it was created and when it was last seen. */
export type FoundSession = {
  user: LocalUser;
  kind: 'session' | 'recovery';
  createdAt: Date;
  lastSeenAt: Date;
};

/**
 * The session with that id if it is unexpired and was seen within the last `idleSeconds` (database time), with
 * its user; else null.
 */
export async function findSession(
  db: Database,
  sessionId: string,
  idleSeconds: number,
): Promise<FoundSession | null> {
  const [row] = await db
    .select({
      user: localUsers,
      kind: localSessions.kind,
      createdAt: localSessions.createdAt,
      lastSeenAt: localSessions.lastSeenAt,
    })
    .from(localSessions)
    .innerJoin(localUsers, eq(localUsers.id, localSessions.userId))
    .where(
      and(
        eq(localSessions.id, sessionId),
        gt(localSessions.expiresAt, sql`now()`),
        gt(localSessions.lastSeenAt, sql`now() - ${Math.round(idleSeconds)}::integer * interval '1 second'`),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** The user of a live session (see `findSession`; idle limit default 7 days), or null. */
export async function findSessionUser(
  db: Database,
  sessionId: string,
  idleSeconds = 7 * 24 * 3600,
): Promise<LocalUser | null> {
  return (await findSession(db, sessionId, idleSeconds))?.user ?? null;
}

/**
 * Marks a session as seen now, unless it was marked within the last `minSeconds` (one conditional UPDATE that
 * touches no row most of the time, so reads stay cheap).
 */
export async function touchLocalSession(db: Database, sessionId: string, minSeconds: number): Promise<void> {
  await db
    .update(localSessions)
    .set({ lastSeenAt: sql`now()` })
    .where(
      and(
        eq(localSessions.id, sessionId),
        lte(localSessions.lastSeenAt, sql`now() - ${Math.round(minSeconds)}::integer * interval '1 second'`),
      ),
    );
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

/**
 * Stores an emailed link by the hash of its token; a sign-up link also keeps the password hash and name of the
 * sign-up that sent it.
 */
export async function insertEmailToken(
  db: Database,
  token: {
    tokenHash: string;
    userId: string;
    purpose: 'signup' | 'recovery';
    expiresAt: Date;
    passwordHash?: string | null;
    fullName?: string | null;
  },
): Promise<void> {
  await db.insert(localEmailTokens).values(token);
}

/** A spent emailed link: its user, and the credentials of the sign-up that sent it (null for other links). */
export type ConsumedEmailToken = { userId: string; passwordHash: string | null; fullName: string | null };

/**
 * Spends an emailed link: marks it used if it exists, has this purpose, is unused and unexpired (one UPDATE, so
 * two clicks at once cannot both succeed). @returns the link's user and carried credentials, or null.
 */
export async function consumeEmailToken(
  db: Database,
  tokenHash: string,
  purpose: 'signup' | 'recovery',
): Promise<ConsumedEmailToken | null> {
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
    .returning({
      userId: localEmailTokens.userId,
      passwordHash: localEmailTokens.passwordHash,
      fullName: localEmailTokens.fullName,
    });
  return row ?? null;
}

/**
 * Spends every unused emailed link of a user (after a password change old recovery links must not work; after a
 * confirmation no other sign-up's link may set its password).
 */
export async function voidEmailTokens(db: Database, userId: string): Promise<void> {
  await db
    .update(localEmailTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(localEmailTokens.userId, userId), isNull(localEmailTokens.usedAt)));
}

/**
 * Outbox kind of the account emails (confirmation, recovery, account-exists and password-changed notices).
 * Payload: `{ to, subject, text, purpose }` with any one-time link in `text` redacted (`token_hash=[redacted]`),
 * plus `sealed`, the link encrypted with the server's key (lib/mailing/transport/sealed-link.ts), which the outbox drops once
 * the item is finished. Rows are purged after AUTH_EMAIL_RETENTION_SECONDS.
 */
export const AUTH_EMAIL_KIND = 'auth.email';

/** How long account-email outbox rows are kept (seconds): 7 days, then the outbox worker deletes them. */
export const AUTH_EMAIL_RETENTION_SECONDS = 7 * 24 * 3600;

/**
 * Queues an account email for the outbox worker (due at once; retried with backoff like every outbox item).
 * `message.text` must already have its link redacted; `sealed` carries the encrypted link, if any.
 * @returns the outbox item's id.
 */
export async function queueAuthEmail(
  db: Database,
  message: {
    to: string;
    subject: string;
    text: string;
    purpose: string;
    sealed?: string;
    linkExpiresAt?: string;
  },
): Promise<string> {
  const [row] = await db
    .insert(outbox)
    .values({ kind: AUTH_EMAIL_KIND, payload: message })
    .returning({ id: outbox.id });
  return row!.id;
}

/** Whether the user has a user_roles row with that role (docs/SPEC-NOTES.md §5: 'admin'). */
export async function hasRole(db: Database, userId: string, roleName: BackOfficeRole): Promise<boolean> {
  const row = await db.query.userRoles.findFirst({
    where: (t, { and, eq }) => and(eq(t.userId, userId), eq(t.roleName, roleName)),
    columns: { id: true },
  });
  return Boolean(row);
}

/** Grants a role. @returns true when it was granted now, false when the user already had it. */
export async function grantRole(db: Database, userId: string, roleName: BackOfficeRole): Promise<boolean> {
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
