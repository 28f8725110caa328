import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createLocalAuth, createSupabaseAuth, isAdmin, type AuthAdapter } from '@/lib/auth';
import { SESSION_COOKIE, type CookieJar, type CookieOptions } from '@/lib/auth/cookie';
import { deliverAuthEmail } from '@/lib/auth/delivery';
import { hashToken } from '@/lib/auth/tokens';
import { type DatabaseHandle, openDatabase } from '@/lib/db/client';
import { AUTH_EMAIL_KIND, grantRole } from '@/lib/db';
import * as schema from '@/lib/db/schema';

import { type SupabaseAuthServer, startSupabaseAuthServer } from '../helpers/supabase-auth-server';

/**
 * One interface, two adapters (DESIGN.md §2): the same behaviour tests run against local accounts on PGlite in
 * memory (emails read back from the outbox table, as an admin would) and against Supabase Auth through
 * @supabase/ssr talking to a local server that speaks Supabase Auth's HTTP API (tests/helpers).
 */

/** A browser's cookies: what the adapter set, as the next request would send them back. */
class Browser implements CookieJar {
  cookies = new Map<string, { value: string; options: CookieOptions }>();
  getAll() {
    return [...this.cookies].map(([name, c]) => ({ name, value: c.value }));
  }
  set(name: string, value: string, options: CookieOptions) {
    if (!value || options.maxAge === 0) this.cookies.delete(name);
    else this.cookies.set(name, { value, options });
  }
}

type Harness = {
  adapter(browser: Browser): AuthAdapter;
  /** The token hash of the latest emailed link of this type to this address, or null. */
  lastLink(email: string, type: 'signup' | 'recovery'): Promise<string | null>;
  close(): Promise<void>;
};

const SITE = 'http://site.test';

async function localHarness(): Promise<Harness & { handle: DatabaseHandle }> {
  const handle = await openDatabase({ pgliteDir: 'memory://' });
  return {
    handle,
    adapter: (browser) =>
      createLocalAuth({
        db: handle.db,
        cookies: browser,
        deliver: (email) => deliverAuthEmail(handle.db, email),
        siteUrl: SITE,
        production: false,
      }),
    async lastLink(email, type) {
      const rows = await handle.db
        .select()
        .from(schema.outbox)
        .where(and(eq(schema.outbox.kind, AUTH_EMAIL_KIND), sql`${schema.outbox.payload}->>'to' = ${email}`))
        .orderBy(sql`${schema.outbox.createdAt} desc`);
      for (const row of rows) {
        const link = /https?:\/\/\S+\/auth\/confirm\?\S+/.exec(String(row.payload.text))?.[0];
        if (!link) continue;
        const url = new URL(link);
        if (url.searchParams.get('type') === type) return url.searchParams.get('token_hash');
      }
      return null;
    },
    close: () => handle.close(),
  };
}

async function supabaseHarness(): Promise<Harness & { server: SupabaseAuthServer }> {
  const server = await startSupabaseAuthServer();
  return {
    server,
    adapter: (browser) =>
      createSupabaseAuth({
        url: server.url,
        publishableKey: server.publishableKey,
        cookies: browser,
        siteUrl: SITE,
      }),
    async lastLink(email, type) {
      const mail = server.mailbox.filter((m) => m.email === email && m.type === type).at(-1);
      return mail?.tokenHash ?? null;
    },
    close: () => server.close(),
  };
}

const unique = (prefix: string) => `${prefix}-${Math.random().toString(36).slice(2, 10)}@example.org`;

describe.each([
  { name: 'local accounts (PGlite)', open: localHarness },
  { name: 'Supabase Auth (stand-in server)', open: supabaseHarness },
])('AuthAdapter: $name', ({ open }) => {
  let h: Harness;
  beforeAll(async () => {
    h = await open();
  }, 60_000);
  afterAll(async () => {
    await h?.close();
  });

  async function confirmedAccount(password = 'correct horse battery') {
    const email = unique('member');
    const browser = new Browser();
    const auth = h.adapter(browser);
    expect(await auth.signUp({ email, password, fullName: 'Ada Member' })).toEqual({
      ok: true,
      data: { confirmationRequired: true },
    });
    const token = await h.lastLink(email, 'signup');
    expect(token).toBeTruthy();
    const confirmed = await auth.confirmEmail({ tokenHash: token!, type: 'signup' });
    expect(confirmed.ok).toBe(true);
    await auth.signOut();
    return { email, password };
  }

  it('signs up without a session and refuses sign-in until the email is confirmed', async () => {
    const email = unique('new');
    const browser = new Browser();
    const auth = h.adapter(browser);
    const result = await auth.signUp({ email, password: 'a long password', fullName: 'Grace New' });
    expect(result).toEqual({ ok: true, data: { confirmationRequired: true } });
    expect(await auth.currentUser()).toBeNull();
    expect(await auth.signIn({ email, password: 'a long password' })).toEqual({
      ok: false,
      error: 'email-not-confirmed',
    });
    expect(await h.adapter(browser).currentUser()).toBeNull();
  });

  it('confirms through the emailed link, which signs in and works only once', async () => {
    const email = unique('confirm');
    const browser = new Browser();
    const auth = h.adapter(browser);
    await auth.signUp({ email, password: 'a long password', fullName: 'Grace Confirm' });
    const token = await h.lastLink(email, 'signup');
    expect(token).toBeTruthy();

    const result = await auth.confirmEmail({ tokenHash: token!, type: 'signup' });
    expect(result.ok && result.data.user).toMatchObject({
      email,
      name: 'Grace Confirm',
      emailConfirmed: true,
    });

    const next = h.adapter(browser);
    expect(await next.currentUser()).toMatchObject({ email, name: 'Grace Confirm' });
    expect(await next.verifiedUser()).toMatchObject({ email, emailConfirmed: true });

    expect(await h.adapter(new Browser()).confirmEmail({ tokenHash: token!, type: 'signup' })).toEqual({
      ok: false,
      error: 'invalid-link',
    });
    expect(
      await h.adapter(new Browser()).confirmEmail({ tokenHash: 'x'.repeat(43), type: 'signup' }),
    ).toEqual({ ok: false, error: 'invalid-link' });
  });

  it('gives one error for a wrong password and an unknown email', async () => {
    const { email } = await confirmedAccount();
    const auth = h.adapter(new Browser());
    expect(await auth.signIn({ email, password: 'wrong password!' })).toEqual({
      ok: false,
      error: 'invalid-credentials',
    });
    expect(await auth.signIn({ email: unique('nobody'), password: 'whatever123' })).toEqual({
      ok: false,
      error: 'invalid-credentials',
    });
  });

  it('signs in, reads the user for reads and for writes, and signs out', async () => {
    const { email, password } = await confirmedAccount();
    const browser = new Browser();
    const signedIn = await h.adapter(browser).signIn({ email, password });
    expect(signedIn.ok && signedIn.data.user).toMatchObject({ email, name: 'Ada Member' });

    const request = h.adapter(browser);
    const read = await request.currentUser();
    const verified = await request.verifiedUser();
    expect(read?.id).toBe(verified?.id);
    expect(verified).toMatchObject({ email, emailConfirmed: true });

    await h.adapter(browser).signOut();
    expect(await h.adapter(browser).currentUser()).toBeNull();
    expect(await h.adapter(browser).verifiedUser()).toBeNull();
  });

  it('answers a second sign-up for a taken address like a new one, without touching the account', async () => {
    const { email, password } = await confirmedAccount();
    const again = await h
      .adapter(new Browser())
      .signUp({ email, password: 'someone else 123', fullName: 'Eve' });
    expect(again).toEqual({ ok: true, data: { confirmationRequired: true } });
    const browser = new Browser();
    expect((await h.adapter(browser).signIn({ email, password })).ok).toBe(true);
    expect((await h.adapter(browser).currentUser())?.name).toBe('Ada Member');
  });

  it('resets a password through the recovery link', async () => {
    const { email, password } = await confirmedAccount();
    expect(await h.adapter(new Browser()).requestPasswordReset(unique('unknown'))).toEqual({
      ok: true,
      data: null,
    });
    expect(await h.adapter(new Browser()).resetPassword('new password 456')).toEqual({
      ok: false,
      error: 'not-signed-in',
    });

    expect(await h.adapter(new Browser()).requestPasswordReset(email)).toEqual({ ok: true, data: null });
    const token = await h.lastLink(email, 'recovery');
    expect(token).toBeTruthy();
    // A recovery link is not a confirmation link.
    expect((await h.adapter(new Browser()).confirmEmail({ tokenHash: token!, type: 'signup' })).ok).toBe(
      false,
    );

    const browser = new Browser();
    expect((await h.adapter(browser).confirmEmail({ tokenHash: token!, type: 'recovery' })).ok).toBe(true);
    expect(await h.adapter(browser).resetPassword('new password 456')).toEqual({ ok: true, data: null });
    await h.adapter(browser).signOut();

    expect(await h.adapter(new Browser()).signIn({ email, password })).toEqual({
      ok: false,
      error: 'invalid-credentials',
    });
    expect((await h.adapter(new Browser()).signIn({ email, password: 'new password 456' })).ok).toBe(true);
  });

  it('sends the confirmation again on request, and the new link confirms', async () => {
    const email = unique('resend');
    await h.adapter(new Browser()).signUp({ email, password: 'a long password', fullName: 'Rosa Resend' });
    const first = await h.lastLink(email, 'signup');
    expect(await h.adapter(new Browser()).resendConfirmation(email)).toEqual({ ok: true, data: null });
    const second = await h.lastLink(email, 'signup');
    expect(second).toBeTruthy();
    expect(second).not.toBe(first);
    const browser = new Browser();
    expect((await h.adapter(browser).confirmEmail({ tokenHash: second!, type: 'signup' })).ok).toBe(true);
    expect((await h.adapter(browser).currentUser())?.email).toBe(email);
  });
});

describe('local accounts: sessions and storage', () => {
  let h: Awaited<ReturnType<typeof localHarness>>;
  beforeAll(async () => {
    h = await localHarness();
  }, 60_000);
  afterAll(async () => {
    await h?.close();
  });

  async function account() {
    const email = unique('local');
    const auth = h.adapter(new Browser());
    await auth.signUp({ email, password: 'a long password', fullName: 'Lin Local' });
    await auth.confirmEmail({ tokenHash: (await h.lastLink(email, 'signup'))!, type: 'signup' });
    return email;
  }

  it('stores only hashes: the cookie token is not in the sessions table, and the password is scrypt', async () => {
    const email = await account();
    const browser = new Browser();
    await h.adapter(browser).signIn({ email, password: 'a long password' });
    const cookie = browser.cookies.get(SESSION_COOKIE)!;
    expect(cookie.options).toMatchObject({ httpOnly: true, sameSite: 'lax', secure: false, path: '/' });
    expect(cookie.options.maxAge).toBe(30 * 24 * 3600);

    const sessions = await h.handle.db.select().from(schema.localSessions);
    expect(sessions.some((s) => s.id === cookie.value)).toBe(false);
    expect(sessions.some((s) => s.id === hashToken(cookie.value))).toBe(true);
    const user = await h.handle.db.query.localUsers.findFirst({ where: (t, { eq }) => eq(t.email, email) });
    expect(user?.passwordHash).toMatch(/^scrypt\$15\$8\$1\$/);
    const tokens = await h.handle.db.select().from(schema.localEmailTokens);
    expect(tokens.every((t) => /^[0-9a-f]{64}$/.test(t.tokenHash) && t.usedAt)).toBe(true);
  });

  it('rotates the session on every sign-in and deletes the previous one', async () => {
    const email = await account();
    const browser = new Browser();
    await h.adapter(browser).signIn({ email, password: 'a long password' });
    const first = browser.cookies.get(SESSION_COOKIE)!.value;
    await h.adapter(browser).signIn({ email, password: 'a long password' });
    const second = browser.cookies.get(SESSION_COOKIE)!.value;
    expect(second).not.toBe(first);
    const ids = (await h.handle.db.select().from(schema.localSessions)).map((s) => s.id);
    expect(ids).toContain(hashToken(second));
    expect(ids).not.toContain(hashToken(first));

    const stale = new Browser();
    stale.set(SESSION_COOKIE, first, {});
    expect(await h.adapter(stale).currentUser()).toBeNull();
  });

  it('ignores an expired session and a forged cookie', async () => {
    const email = await account();
    const browser = new Browser();
    await h.adapter(browser).signIn({ email, password: 'a long password' });
    const token = browser.cookies.get(SESSION_COOKIE)!.value;
    await h.handle.db
      .update(schema.localSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.localSessions.id, hashToken(token)));
    expect(await h.adapter(browser).currentUser()).toBeNull();

    const forged = new Browser();
    forged.set(SESSION_COOKIE, 'A'.repeat(43), {});
    expect(await h.adapter(forged).currentUser()).toBeNull();
    forged.set(SESSION_COOKIE, "'; drop table local_users; --", {});
    expect(await h.adapter(forged).currentUser()).toBeNull();
  });

  it('ends other sessions when the password is reset', async () => {
    const email = await account();
    const other = new Browser();
    await h.adapter(other).signIn({ email, password: 'a long password' });
    await h.adapter(new Browser()).requestPasswordReset(email);
    const browser = new Browser();
    await h
      .adapter(browser)
      .confirmEmail({ tokenHash: (await h.lastLink(email, 'recovery'))!, type: 'recovery' });
    expect((await h.adapter(browser).resetPassword('another password')).ok).toBe(true);
    expect(await h.adapter(other).currentUser()).toBeNull();
    expect((await h.adapter(browser).currentUser())?.email).toBe(email);
  });

  it('decides admins by ADMIN_EMAILS (confirmed addresses only) or a user_roles admin row', async () => {
    const email = await account();
    const browser = new Browser();
    await h.adapter(browser).signIn({ email, password: 'a long password' });
    const user = (await h.adapter(browser).verifiedUser())!;
    expect(await isAdmin(user, h.handle.db, [])).toBe(false);
    expect(await isAdmin(user, h.handle.db, [email])).toBe(true);
    expect(await isAdmin({ ...user, emailConfirmed: false }, h.handle.db, [email])).toBe(false);
    expect(await grantRole(h.handle.db, user.id, 'admin')).toBe(true);
    expect(await grantRole(h.handle.db, user.id, 'admin')).toBe(false);
    expect(await isAdmin(user, h.handle.db, [])).toBe(true);
  });
});
