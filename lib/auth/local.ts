import 'server-only';

import {
  type Database,
  type LocalUser,
  consumeEmailToken,
  deleteLocalSession,
  deleteUserSessions,
  type FoundSession,
  findLocalUserByEmail,
  findLocalUserById,
  findSession,
  insertEmailToken,
  insertLocalSession,
  insertLocalUser,
  touchLocalSession,
  updateLocalUser,
  voidEmailTokens,
} from '@/lib/db';

import {
  type CookieJar,
  RECOVERY_SESSION_SECONDS,
  SESSION_HINT_COOKIE,
  SESSION_IDLE_SECONDS,
  SESSION_MAX_AGE_SECONDS,
  SESSION_TOUCH_SECONDS,
  sessionCookieName,
  sessionCookieOptions,
} from './cookie';
import { type AuthEmailPurpose, confirmLink } from './emails';
import { hashPassword, needsRehash, verifyAgainstDummy, verifyPassword } from './password';
import { hashToken, isTokenShaped, randomToken } from './tokens';
import type { AuthAdapter, AuthResult, AuthUser } from './types';

/** How long emailed links work: confirmation 24 hours, password reset 1 hour (seconds). */
export const LINK_LIFETIME_SECONDS = { signup: 24 * 3600, recovery: 3600 } as const;

/**
 * An account email to deliver: the purpose, the address, the acting link (if any), the name, and the locale of
 * the form the person used (the email's language; English when absent).
 */
export type AuthEmailRequest = {
  purpose: AuthEmailPurpose;
  to: string;
  link?: string;
  /** When the link stops working (an email still unsent then is not sent). */
  linkExpiresAt?: Date;
  name: string | null;
  locale?: string;
};

export type LocalAuthOptions = {
  db: Database;
  cookies: CookieJar;
  /**
   * Queues one account email (default in the app: lib/auth/delivery.ts, into the outbox; the worker sends it).
   * Must not send inline: the request's duration would then tell whether an email was sent. Should not throw.
   */
  deliver: (email: AuthEmailRequest) => Promise<unknown>;
  /** Absolute origin for links (SITE_URL). */
  siteUrl: string;
  /** Secure cookies named `__Host-lrjn_session` (production); plain `lrjn_session` over http in development. */
  production: boolean;
};

/**
 * The site's view of an account. With `sessionCreatedAt` (the session's own creation time), a confirmation later
 * than the session does not count: such a session belongs to someone who never proved the address.
 */
function toUser(row: LocalUser, sessionCreatedAt?: Date): AuthUser {
  const confirmedAt = row.emailConfirmedAt;
  const emailConfirmed =
    confirmedAt !== null && (!sessionCreatedAt || sessionCreatedAt.getTime() >= confirmedAt.getTime());
  return { id: row.id, email: row.email, name: row.fullName, emailConfirmed };
}

const SERVER: AuthResult<never> = { ok: false, error: 'server' };

/**
 * Local accounts in the site's own database (docs/ARCHITECTURE.md §2 embedded default): scrypt password hashes, sessions as
 * rows keyed by the SHA-256 of the cookie's random token (30 days at most, ended after 7 days unused; a new
 * session at every sign-in, the previous one deleted; a recovery link opens a 15-minute 'recovery' session),
 * emailed one-time links stored the same way. Sign-up, resend and reset do the same work (a scrypt hash, an
 * outbox row) whether or not the address has an account, so their timing reveals nothing. Database errors become
 * `'server'` results (logged).
 */
export function createLocalAuth(options: LocalAuthOptions): AuthAdapter {
  const { db, cookies, deliver, siteUrl, production } = options;
  const cookieName = sessionCookieName(production);

  const cookieToken = () => cookies.getAll().find((c) => c.name === cookieName)?.value;

  async function guarded<T>(what: string, run: () => Promise<AuthResult<T>>): Promise<AuthResult<T>> {
    try {
      return await run();
    } catch (error) {
      console.error(`[auth] local ${what} failed:`, error instanceof Error ? error.message : error);
      return SERVER;
    }
  }

  /**
   * Starts a new session for the user: the previous session of this browser is deleted (rotation). A 'recovery'
   * session (opened by a recovery link) lasts RECOVERY_SESSION_SECONDS.
   */
  async function startSession(userId: string, kind: 'session' | 'recovery' = 'session'): Promise<void> {
    const previous = cookieToken();
    if (isTokenShaped(previous)) await deleteLocalSession(db, hashToken(previous));
    await deleteUserSessions(db, userId, { expiredOnly: true });
    const token = randomToken();
    const now = new Date();
    const maxAgeSeconds = kind === 'recovery' ? RECOVERY_SESSION_SECONDS : SESSION_MAX_AGE_SECONDS;
    await insertLocalSession(db, {
      id: hashToken(token),
      userId,
      kind,
      expiresAt: new Date(now.getTime() + maxAgeSeconds * 1000),
    });
    const options = sessionCookieOptions({ production, now, maxAgeSeconds });
    cookies.set(cookieName, token, options);
    cookies.set(SESSION_HINT_COOKIE, '1', { ...options, httpOnly: false });
  }

  /**
   * Queues a one-time link's email; `next` (sanitised again by confirmLink) rides along to /auth/confirm. A
   * sign-up link stores the `credentials` of the sign-up that sent it (its password hash and name): opening the
   * link sets them, so the password confirmed is the one typed by whoever asked for that link.
   */
  async function sendLink(
    user: LocalUser,
    purpose: 'signup' | 'recovery',
    locale?: string,
    next?: string,
    credentials?: { passwordHash: string; fullName: string | null },
  ): Promise<void> {
    const token = randomToken();
    const expiresAt = new Date(Date.now() + LINK_LIFETIME_SECONDS[purpose] * 1000);
    await insertEmailToken(db, {
      tokenHash: hashToken(token),
      userId: user.id,
      purpose,
      expiresAt,
      passwordHash: credentials?.passwordHash ?? null,
      fullName: credentials?.fullName ?? null,
    });
    await deliver({
      purpose,
      to: user.email,
      link: confirmLink(siteUrl, token, purpose, locale, next),
      linkExpiresAt: expiresAt,
      name: credentials ? credentials.fullName : user.fullName,
      locale,
    });
  }

  /**
   * This browser's live session (unexpired, used within the idle timeout), or null. Refreshes `last_seen_at` when
   * it is older than SESSION_TOUCH_SECONDS, so the idle timeout slides without a write on every read.
   */
  async function liveSession(): Promise<FoundSession | null> {
    const token = cookieToken();
    if (!isTokenShaped(token)) return null;
    const id = hashToken(token);
    const found = await findSession(db, id, SESSION_IDLE_SECONDS);
    if (found && Date.now() - found.lastSeenAt.getTime() > SESSION_TOUCH_SECONDS * 1000)
      await touchLocalSession(db, id, SESSION_TOUCH_SECONDS);
    return found;
  }

  async function sessionUser(): Promise<AuthUser | null> {
    try {
      const found = await liveSession();
      return found ? toUser(found.user, found.createdAt) : null;
    } catch (error) {
      console.error('[auth] local session lookup failed:', error instanceof Error ? error.message : error);
      return null;
    }
  }

  return {
    kind: 'local',

    signUp: ({ email, password, fullName, locale, next }) =>
      guarded('sign-up', async () => {
        // Hashed before anything is known about the address: an existing account must not answer faster.
        const passwordHash = await hashPassword(password);
        const credentials = { passwordHash, fullName: fullName.trim() || null };
        const existing = await findLocalUserByEmail(db, email);
        if (existing) {
          // Same answer as a new account; the owner learns about it by email.
          if (existing.emailConfirmedAt)
            await deliver({ purpose: 'exists', to: existing.email, name: existing.fullName, locale });
          // Not confirmed yet: this sign-up gets its own link carrying its own password. The account's stored
          // password (the first registrant's, perhaps not the owner's) never becomes a confirmed one.
          else await sendLink(existing, 'signup', locale, next, credentials);
          return { ok: true, data: { confirmationRequired: true } };
        }
        const created = await insertLocalUser(db, { email, ...credentials });
        // Lost a race with a sign-up for the same address: that one exists now, so this one gets a link too.
        const account = created ?? (await findLocalUserByEmail(db, email));
        if (account && !account.emailConfirmedAt)
          await sendLink(account, 'signup', locale, next, credentials);
        return { ok: true, data: { confirmationRequired: true } };
      }),

    resendConfirmation: (email, locale) =>
      guarded('resend', async () => {
        // The same scrypt work as sign-up and reset, whether or not the address has an account (timing).
        await verifyAgainstDummy(email);
        const user = await findLocalUserByEmail(db, email);
        if (user && !user.emailConfirmedAt) await sendLink(user, 'signup', locale);
        return { ok: true, data: null };
      }),

    confirmEmail: ({ tokenHash, type }) =>
      guarded('confirm', async () => {
        if (!isTokenShaped(tokenHash)) return { ok: false, error: 'invalid-link' };
        const purpose = type === 'recovery' ? 'recovery' : 'signup';
        // Made before the transaction (scrypt is slow): the unusable password of an account confirmed by a link
        // that carries none, a hash of a secret nobody holds, so signing in against it costs the usual time.
        const unusable = await hashPassword(randomToken());
        const outcome = await db.transaction(async (tx) => {
          const link = await consumeEmailToken(tx, hashToken(tokenHash), purpose);
          if (!link) return null;
          const row = await findLocalUserById(tx, link.userId);
          if (!row) return null;
          const wasConfirmed = row.emailConfirmedAt !== null;
          if (link.passwordHash) {
            // The sign-up this link was mailed for: its password and name become the account's.
            await updateLocalUser(tx, row.id, {
              confirm: true,
              passwordHash: link.passwordHash,
              fullName: link.fullName,
            });
          } else if (!wasConfirmed) {
            // A recovery or resent link proves the mailbox, not the stored password, which whoever registered
            // the address first chose: it is replaced, and the person chooses a new one in a recovery session.
            await updateLocalUser(tx, row.id, { confirm: true, passwordHash: unusable });
          }
          const changed = Boolean(link.passwordHash) || !wasConfirmed;
          if (changed) {
            // Nobody who held the account before this proof keeps it: no other session, no other link.
            await deleteUserSessions(tx, row.id);
            await voidEmailTokens(tx, row.id);
          }
          return { userId: row.id, passwordNeeded: !link.passwordHash && !wasConfirmed };
        });
        if (!outcome) return { ok: false, error: 'invalid-link' };
        const recovery = purpose === 'recovery' || outcome.passwordNeeded;
        await startSession(outcome.userId, recovery ? 'recovery' : 'session');
        const row = await findLocalUserById(db, outcome.userId);
        if (!row) return { ok: false, error: 'invalid-link' };
        return {
          ok: true,
          data: { user: toUser(row), ...(outcome.passwordNeeded ? { passwordNeeded: true } : {}) },
        };
      }),

    signIn: ({ email, password }) =>
      guarded('sign-in', async () => {
        const user = await findLocalUserByEmail(db, email);
        const valid = user
          ? await verifyPassword(password, user.passwordHash)
          : await verifyAgainstDummy(password);
        if (!user || !valid) return { ok: false, error: 'invalid-credentials' };
        // Only after the password matched, so this reveals nothing to someone guessing addresses.
        if (!user.emailConfirmedAt) return { ok: false, error: 'email-not-confirmed' };
        if (needsRehash(user.passwordHash))
          await updateLocalUser(db, user.id, { passwordHash: await hashPassword(password) });
        await startSession(user.id);
        return { ok: true, data: { user: toUser(user) } };
      }),

    async signOut() {
      const token = cookieToken();
      try {
        if (isTokenShaped(token)) await deleteLocalSession(db, hashToken(token));
      } catch (error) {
        console.error('[auth] local sign-out failed:', error instanceof Error ? error.message : error);
      }
      cookies.set(cookieName, '', sessionCookieOptions({ production, clear: true }));
      cookies.set(SESSION_HINT_COOKIE, '', {
        ...sessionCookieOptions({ production, clear: true }),
        httpOnly: false,
      });
    },

    requestPasswordReset: (email, locale, next) =>
      guarded('recover', async () => {
        // The same scrypt work as sign-up, whether or not the address has an account (timing).
        await verifyAgainstDummy(email);
        const user = await findLocalUserByEmail(db, email);
        if (user) await sendLink(user, 'recovery', locale, next);
        return { ok: true, data: null };
      }),

    resetPassword: ({ password, currentPassword, locale }) =>
      guarded('reset', async () => {
        const session = await liveSession();
        if (!session) return { ok: false, error: 'not-signed-in' };
        const { user } = session;
        // A stolen or borrowed ordinary session must not be enough to take the account over.
        if (session.kind !== 'recovery') {
          const valid = currentPassword ? await verifyPassword(currentPassword, user.passwordHash) : false;
          if (!valid) return { ok: false, error: 'current-password' };
        }
        await updateLocalUser(db, user.id, { passwordHash: await hashPassword(password) });
        // Whoever else held a session (perhaps the reason for the reset) is signed out; this browser gets a new
        // one; links still in someone's inbox stop working.
        await deleteUserSessions(db, user.id);
        await voidEmailTokens(db, user.id);
        await startSession(user.id);
        await deliver({
          purpose: 'password-changed',
          to: user.email,
          name: user.fullName,
          locale,
        });
        return { ok: true, data: null };
      }),

    confirmPassword: (password) =>
      guarded('confirm-password', async () => {
        const session = await liveSession();
        if (!session) {
          await verifyAgainstDummy(password);
          return { ok: false, error: 'not-signed-in' };
        }
        return (await verifyPassword(password, session.user.passwordHash))
          ? { ok: true, data: null }
          : { ok: false, error: 'current-password' };
      }),

    async sessionKind() {
      try {
        return (await liveSession())?.kind ?? null;
      } catch (error) {
        console.error('[auth] local session lookup failed:', error instanceof Error ? error.message : error);
        return null;
      }
    },

    currentUser: sessionUser,
    // The session row is the authority here; there is no remote server to ask.
    verifiedUser: sessionUser,
  };
}
