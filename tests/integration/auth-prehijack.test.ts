import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { type AuthAdapter, createLocalAuth, isAdmin } from '@/lib/auth';
import type { CookieJar, CookieOptions } from '@/lib/auth/cookie';
import type { AuthEmailRequest } from '@/lib/auth/local';
import { hashToken } from '@/lib/auth/tokens';
import type { DatabaseHandle } from '@/lib/db/client';
import * as schema from '@/lib/db/schema';

import { type TestEngine, testEngines } from '../helpers/test-engines';

/**
 * Account pre-hijacking (security review 2026-12-01, NH1) on local accounts, on both engines: whoever registers an
 * address first must not keep their password, name or sessions once the mailbox's owner confirms their own
 * sign-up; an ADMIN_EMAILS address is admin only on a session opened after the confirmation.
 */

class Browser implements CookieJar {
  cookies = new Map<string, string>();
  getAll() {
    return [...this.cookies].map(([name, value]) => ({ name, value }));
  }
  set(name: string, value: string, options: CookieOptions) {
    if (!value || options.maxAge === 0) this.cookies.delete(name);
    else this.cookies.set(name, value);
  }
}

const SITE = 'http://site.test';
const unique = (prefix: string) => `${prefix}-${Math.random().toString(36).slice(2, 10)}@example.org`;
const ATTACKER_PASSWORD = 'attacker chose this one';
const OWNER_PASSWORD = 'the owner typed this one';

describe.each(testEngines('lrjn_prehijack'))(
  'NH1 account pre-hijacking: $name',
  { timeout: 60_000 },
  (engine: TestEngine) => {
    let handle: DatabaseHandle;
    let dispose: () => Promise<void>;
    const mail: AuthEmailRequest[] = [];
    const adapter = (browser: Browser): AuthAdapter =>
      createLocalAuth({
        db: handle.db,
        cookies: browser,
        deliver: async (email) => {
          mail.push(email);
        },
        siteUrl: SITE,
        production: false,
      });
    /** The token of every link of `purpose` mailed to `email`, oldest first. */
    const links = (email: string, purpose: 'signup' | 'recovery' = 'signup') =>
      mail
        .filter((m) => m.to === email && m.purpose === purpose && m.link)
        .map((m) => new URL(m.link!).searchParams.get('token_hash')!);

    beforeAll(async () => {
      ({ handle, dispose } = await engine.open());
    }, 60_000);
    afterAll(async () => {
      await dispose();
    });

    it('the owner’s confirmation sets the owner’s password and name; the attacker’s password and link stop working', async () => {
      const email = unique('victim');
      const attacker = new Browser();
      expect(
        await adapter(attacker).signUp({ email, password: ATTACKER_PASSWORD, fullName: 'Trustee' }),
      ).toEqual({ ok: true, data: { confirmationRequired: true } });
      // Unconfirmed: the attacker gets no session.
      expect(await adapter(attacker).signIn({ email, password: ATTACKER_PASSWORD })).toEqual({
        ok: false,
        error: 'email-not-confirmed',
      });
      const owner = new Browser();
      expect(
        await adapter(owner).signUp({ email, password: OWNER_PASSWORD, fullName: 'Real Owner' }),
      ).toEqual({
        ok: true,
        data: { confirmationRequired: true },
      });
      const [attackersLink, ownersLink] = links(email);
      expect(attackersLink && ownersLink).toBeTruthy();

      const confirmed = await adapter(owner).confirmEmail({ tokenHash: ownersLink!, type: 'signup' });
      expect(confirmed.ok && confirmed.data.user).toMatchObject({
        email,
        name: 'Real Owner',
        emailConfirmed: true,
      });
      expect((await adapter(owner).currentUser())?.name).toBe('Real Owner');

      expect(await adapter(new Browser()).signIn({ email, password: ATTACKER_PASSWORD })).toEqual({
        ok: false,
        error: 'invalid-credentials',
      });
      expect((await adapter(new Browser()).signIn({ email, password: OWNER_PASSWORD })).ok).toBe(true);
      // The first registration's link (in the owner's mailbox) was voided by the confirmation.
      expect(
        await adapter(new Browser()).confirmEmail({ tokenHash: attackersLink!, type: 'signup' }),
      ).toEqual({
        ok: false,
        error: 'invalid-link',
      });
    });

    it('a link carries the password of its own sign-up: the owner’s link works whoever signed up later', async () => {
      const email = unique('later');
      await adapter(new Browser()).signUp({ email, password: OWNER_PASSWORD, fullName: 'Owner' });
      await adapter(new Browser()).signUp({ email, password: ATTACKER_PASSWORD, fullName: 'Trustee' });
      const [ownersLink] = links(email);
      const owner = new Browser();
      expect((await adapter(owner).confirmEmail({ tokenHash: ownersLink!, type: 'signup' })).ok).toBe(true);
      expect((await adapter(owner).currentUser())?.name).toBe('Owner');
      expect((await adapter(new Browser()).signIn({ email, password: ATTACKER_PASSWORD })).ok).toBe(false);
      expect((await adapter(new Browser()).signIn({ email, password: OWNER_PASSWORD })).ok).toBe(true);
    });

    it('an ADMIN_EMAILS address: no admin for a session that existed before the confirmation, and every such session ends', async () => {
      const email = unique('future-admin');
      await adapter(new Browser()).signUp({ email, password: ATTACKER_PASSWORD, fullName: 'Trustee' });
      const [user] = await handle.db
        .select()
        .from(schema.localUsers)
        .where(eq(schema.localUsers.email, email));
      // A session planted on the unconfirmed account (no sign-in path makes one: the database is the attacker's
      // only way, and it must not survive the confirmation either).
      const planted = new Browser();
      const token = 'p'.repeat(43);
      planted.cookies.set('lrjn_session', token);
      await handle.db.insert(schema.localSessions).values({
        id: hashToken(token),
        userId: user!.id,
        expiresAt: new Date(Date.now() + 3600_000),
      });
      const before = await adapter(planted).currentUser();
      expect(before?.emailConfirmed).toBe(false);
      expect(await isAdmin(before!, handle.db, [email])).toBe(false);

      const owner = new Browser();
      await adapter(owner).signUp({ email, password: OWNER_PASSWORD, fullName: 'Real Admin' });
      const ownersLink = links(email).at(-1)!;
      expect((await adapter(owner).confirmEmail({ tokenHash: ownersLink, type: 'signup' })).ok).toBe(true);

      expect(await adapter(planted).currentUser()).toBeNull();
      const ownerUser = await adapter(owner).verifiedUser();
      expect(ownerUser?.emailConfirmed).toBe(true);
      expect(await isAdmin(ownerUser!, handle.db, [email])).toBe(true);
      expect(await adapter(new Browser()).signIn({ email, password: ATTACKER_PASSWORD })).toEqual({
        ok: false,
        error: 'invalid-credentials',
      });
    });

    it('a session older than the confirmation is never admin through ADMIN_EMAILS', async () => {
      const email = unique('old-session');
      const browser = new Browser();
      await adapter(browser).signUp({ email, password: OWNER_PASSWORD, fullName: 'A' });
      await adapter(browser).confirmEmail({ tokenHash: links(email).at(-1)!, type: 'signup' });
      // The session row's creation moved to before the confirmation (as one made before it would be).
      await handle.db
        .update(schema.localSessions)
        .set({ createdAt: new Date(Date.now() - 3600_000) })
        .where(eq(schema.localSessions.userId, (await adapter(browser).currentUser())!.id));
      const user = await adapter(browser).currentUser();
      expect(user?.emailConfirmed).toBe(false);
      expect(await isAdmin(user!, handle.db, [email])).toBe(false);
    });

    it('a resent link (no password of its own) confirms the address but keeps no earlier password: the clicker chooses one', async () => {
      const email = unique('resend');
      await adapter(new Browser()).signUp({ email, password: ATTACKER_PASSWORD, fullName: 'Trustee' });
      await adapter(new Browser()).resendConfirmation(email);
      const resent = links(email).at(-1)!;
      const owner = new Browser();
      const confirmed = await adapter(owner).confirmEmail({ tokenHash: resent, type: 'signup' });
      expect(confirmed).toMatchObject({ ok: true, data: { passwordNeeded: true } });
      expect(await adapter(owner).sessionKind()).toBe('recovery');
      expect(await adapter(new Browser()).signIn({ email, password: ATTACKER_PASSWORD })).toEqual({
        ok: false,
        error: 'invalid-credentials',
      });
      expect((await adapter(owner).resetPassword({ password: OWNER_PASSWORD })).ok).toBe(true);
      expect((await adapter(new Browser()).signIn({ email, password: OWNER_PASSWORD })).ok).toBe(true);
    });

    it('a recovery link on an unconfirmed account keeps no earlier password either', async () => {
      const email = unique('recover');
      await adapter(new Browser()).signUp({ email, password: ATTACKER_PASSWORD, fullName: 'Trustee' });
      await adapter(new Browser()).requestPasswordReset(email);
      const owner = new Browser();
      const recovery = links(email, 'recovery').at(-1)!;
      expect((await adapter(owner).confirmEmail({ tokenHash: recovery, type: 'recovery' })).ok).toBe(true);
      expect(await adapter(new Browser()).signIn({ email, password: ATTACKER_PASSWORD })).toEqual({
        ok: false,
        error: 'invalid-credentials',
      });
    });

    it('keeps sign-up answers identical and hashes the password whatever the address (timing)', async () => {
      const email = unique('timing');
      const answers = [];
      for (let i = 0; i < 3; i += 1)
        answers.push(
          await adapter(new Browser()).signUp({ email, password: `pw number ${i} here`, fullName: '' }),
        );
      expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    });
  },
);
