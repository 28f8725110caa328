import 'server-only';

import {
  type Database,
  type LocalUser,
  consumeEmailToken,
  deleteLocalSession,
  deleteUserSessions,
  findLocalUserByEmail,
  findSessionUser,
  insertEmailToken,
  insertLocalSession,
  insertLocalUser,
  updateLocalUser,
} from '@/lib/db';

import {
  type CookieJar,
  SESSION_COOKIE,
  SESSION_HINT_COOKIE,
  SESSION_MAX_AGE_SECONDS,
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
  name: string | null;
  locale?: string;
};

export type LocalAuthOptions = {
  db: Database;
  cookies: CookieJar;
  /** Sends one account email (default in the app: lib/auth/delivery.ts, outbox + SMTP). Should not throw. */
  deliver: (email: AuthEmailRequest) => Promise<void>;
  /** Absolute origin for links (SITE_URL). */
  siteUrl: string;
  /** Secure cookies (production). */
  production: boolean;
};

function toUser(row: LocalUser): AuthUser {
  return { id: row.id, email: row.email, name: row.fullName, emailConfirmed: row.emailConfirmedAt !== null };
}

const SERVER: AuthResult<never> = { ok: false, error: 'server' };

/**
 * Local accounts in the site's own database (DESIGN.md §2 embedded default): scrypt password hashes, sessions as
 * rows keyed by the SHA-256 of the cookie's random token (30 days; a new session at every sign-in, the previous
 * one deleted), emailed one-time links stored the same way. Database errors become `'server'` results (logged).
 */
export function createLocalAuth(options: LocalAuthOptions): AuthAdapter {
  const { db, cookies, deliver, siteUrl, production } = options;

  const cookieToken = () => cookies.getAll().find((c) => c.name === SESSION_COOKIE)?.value;

  async function guarded<T>(what: string, run: () => Promise<AuthResult<T>>): Promise<AuthResult<T>> {
    try {
      return await run();
    } catch (error) {
      console.error(`[auth] local ${what} failed:`, error instanceof Error ? error.message : error);
      return SERVER;
    }
  }

  /** Starts a new session for the user: the previous session of this browser is deleted (rotation). */
  async function startSession(userId: string): Promise<void> {
    const previous = cookieToken();
    if (isTokenShaped(previous)) await deleteLocalSession(db, hashToken(previous));
    await deleteUserSessions(db, userId, { expiredOnly: true });
    const token = randomToken();
    const now = new Date();
    await insertLocalSession(db, {
      id: hashToken(token),
      userId,
      expiresAt: new Date(now.getTime() + SESSION_MAX_AGE_SECONDS * 1000),
    });
    cookies.set(SESSION_COOKIE, token, sessionCookieOptions({ production, now }));
    cookies.set(SESSION_HINT_COOKIE, '1', { ...sessionCookieOptions({ production, now }), httpOnly: false });
  }

  /** Emails a one-time link; `next` (sanitised again by confirmLink) rides along to /auth/confirm. */
  async function sendLink(
    user: LocalUser,
    purpose: 'signup' | 'recovery',
    locale?: string,
    next?: string,
  ): Promise<void> {
    const token = randomToken();
    await insertEmailToken(db, {
      tokenHash: hashToken(token),
      userId: user.id,
      purpose,
      expiresAt: new Date(Date.now() + LINK_LIFETIME_SECONDS[purpose] * 1000),
    });
    await deliver({
      purpose,
      to: user.email,
      link: confirmLink(siteUrl, token, purpose, locale, next),
      name: user.fullName,
      locale,
    });
  }

  async function sessionUser(): Promise<AuthUser | null> {
    const token = cookieToken();
    if (!isTokenShaped(token)) return null;
    try {
      const row = await findSessionUser(db, hashToken(token));
      return row ? toUser(row) : null;
    } catch (error) {
      console.error('[auth] local session lookup failed:', error instanceof Error ? error.message : error);
      return null;
    }
  }

  return {
    kind: 'local',

    signUp: ({ email, password, fullName, locale, next }) =>
      guarded('sign-up', async () => {
        const existing = await findLocalUserByEmail(db, email);
        if (existing) {
          // Same answer as a new account; the owner learns about it by email.
          if (existing.emailConfirmedAt)
            await deliver({ purpose: 'exists', to: existing.email, name: existing.fullName, locale });
          else await sendLink(existing, 'signup', locale, next);
          return { ok: true, data: { confirmationRequired: true } };
        }
        const created = await insertLocalUser(db, {
          email,
          passwordHash: await hashPassword(password),
          fullName: fullName.trim() || null,
        });
        // Lost a race with a sign-up for the same address: the other one sends the email.
        if (created) await sendLink(created, 'signup', locale, next);
        return { ok: true, data: { confirmationRequired: true } };
      }),

    resendConfirmation: (email, locale) =>
      guarded('resend', async () => {
        const user = await findLocalUserByEmail(db, email);
        if (user && !user.emailConfirmedAt) await sendLink(user, 'signup', locale);
        return { ok: true, data: null };
      }),

    confirmEmail: ({ tokenHash, type }) =>
      guarded('confirm', async () => {
        if (!isTokenShaped(tokenHash)) return { ok: false, error: 'invalid-link' };
        const purpose = type === 'recovery' ? 'recovery' : 'signup';
        const userId = await consumeEmailToken(db, hashToken(tokenHash), purpose);
        if (!userId) return { ok: false, error: 'invalid-link' };
        // A recovery link also proves the address is theirs.
        await updateLocalUser(db, userId, { confirm: true });
        await startSession(userId);
        const row = await db.query.localUsers.findFirst({ where: (t, { eq }) => eq(t.id, userId) });
        return row ? { ok: true, data: { user: toUser(row) } } : { ok: false, error: 'invalid-link' };
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
      cookies.set(SESSION_COOKIE, '', sessionCookieOptions({ production, clear: true }));
      cookies.set(SESSION_HINT_COOKIE, '', {
        ...sessionCookieOptions({ production, clear: true }),
        httpOnly: false,
      });
    },

    requestPasswordReset: (email, locale, next) =>
      guarded('recover', async () => {
        const user = await findLocalUserByEmail(db, email);
        if (user) await sendLink(user, 'recovery', locale, next);
        return { ok: true, data: null };
      }),

    resetPassword: (newPassword) =>
      guarded('reset', async () => {
        const user = await sessionUser();
        if (!user) return { ok: false, error: 'not-signed-in' };
        await updateLocalUser(db, user.id, { passwordHash: await hashPassword(newPassword) });
        // Whoever else held a session (perhaps the reason for the reset) is signed out; this browser gets a new one.
        await deleteUserSessions(db, user.id);
        await startSession(user.id);
        return { ok: true, data: null };
      }),

    currentUser: sessionUser,
    // The session row is the authority here; there is no remote server to ask.
    verifiedUser: sessionUser,
  };
}
