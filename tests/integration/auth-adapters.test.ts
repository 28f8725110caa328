import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { NextResponse } from 'next/server';

import { createLocalAuth, createSupabaseAuth, isAdmin, type AuthAdapter } from '@/lib/auth';
import { SECURE_SESSION_COOKIE, SESSION_COOKIE, type CookieJar, type CookieOptions } from '@/lib/auth/cookie';
import { deliverAuthEmail } from '@/lib/auth/delivery';
import { hashToken } from '@/lib/auth/tokens';
import { type DatabaseHandle } from '@/lib/db/client';
import { AUTH_EMAIL_KIND, grantRole } from '@/lib/db';
import * as schema from '@/lib/db/schema';
import { drainOutbox } from '@/lib/mailing/outbox';

import { openMemoryDatabase } from '../helpers/test-engines';
import { type SmtpServer, mailBody, startSmtpServer } from '../helpers/smtp-server';
import { type SupabaseAuthServer, startSupabaseAuthServer } from '../helpers/supabase-auth-server';

/**
 * One interface, two adapters (docs/ARCHITECTURE.md §2): the same behaviour tests run against local accounts on PGlite in
 * memory (emails queued in the outbox, sent by the outbox drain to a local SMTP server and read back there) and
 * against Supabase Auth through @supabase/ssr talking to a local server that speaks Supabase Auth's HTTP API
 * (tests/helpers).
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
  kind: 'local' | 'supabase';
  adapter(browser: Browser): AuthAdapter;
  /** The token hash of the latest emailed link of this type to this address, or null. */
  lastLink(email: string, type: 'signup' | 'recovery'): Promise<string | null>;
  close(): Promise<void>;
};

const SITE = 'http://site.test';

type LocalHarness = Harness & {
  handle: DatabaseHandle;
  smtp: SmtpServer;
  /** Sends what the outbox holds, then the bodies of the messages the SMTP server received for `email`. */
  mails(email: string): Promise<string[]>;
  adapterIn(browser: Browser, production: boolean): AuthAdapter;
};

async function localHarness(): Promise<LocalHarness> {
  const handle = await openMemoryDatabase();
  const smtp = await startSmtpServer();
  const adapterIn = (browser: Browser, production: boolean) =>
    createLocalAuth({
      db: handle.db,
      cookies: browser,
      deliver: (email) => deliverAuthEmail(handle.db, email),
      siteUrl: SITE,
      production,
    });
  async function mails(email: string) {
    await drainOutbox({ db: handle.db, smtpUrl: smtp.url, kinds: [AUTH_EMAIL_KIND], limit: 100 });
    return smtp.messages.filter((m) => m.to.includes(email)).map(mailBody);
  }
  return {
    kind: 'local',
    handle,
    smtp,
    mails,
    adapterIn,
    adapter: (browser) => adapterIn(browser, false),
    async lastLink(email, type) {
      for (const text of (await mails(email)).reverse()) {
        const link = /https?:\/\/\S+\/auth\/confirm\?\S+/.exec(text)?.[0];
        if (!link) continue;
        const url = new URL(link);
        if (url.searchParams.get('type') === type) return url.searchParams.get('token_hash');
      }
      return null;
    },
    close: async () => {
      await smtp.close();
      await handle.close();
    },
  };
}

async function supabaseHarness(): Promise<Harness & { server: SupabaseAuthServer }> {
  const server = await startSupabaseAuthServer();
  return {
    kind: 'supabase',
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
    expect(await h.adapter(new Browser()).resetPassword({ password: 'new password 456' })).toEqual({
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
    // The recovery link's session needs no current password.
    expect(await h.adapter(browser).sessionKind()).toBe('recovery');
    expect(await h.adapter(browser).resetPassword({ password: 'new password 456' })).toEqual({
      ok: true,
      data: null,
    });
    // Local accounts then start an ordinary session (Supabase keeps the session, whose `amr` still says recovery).
    if (h.kind === 'local') expect(await h.adapter(browser).sessionKind()).toBe('session');
    await h.adapter(browser).signOut();

    expect(await h.adapter(new Browser()).signIn({ email, password })).toEqual({
      ok: false,
      error: 'invalid-credentials',
    });
    expect((await h.adapter(new Browser()).signIn({ email, password: 'new password 456' })).ok).toBe(true);
  });

  it('refuses a password change from an ordinary session without the right current password (M3)', async () => {
    const { email, password } = await confirmedAccount();
    const thief = new Browser();
    expect((await h.adapter(thief).signIn({ email, password })).ok).toBe(true);
    const owner = new Browser();
    expect((await h.adapter(owner).signIn({ email, password })).ok).toBe(true);
    expect(await h.adapter(thief).sessionKind()).toBe('session');

    expect(await h.adapter(thief).resetPassword({ password: 'attacker chose this' })).toEqual({
      ok: false,
      error: 'current-password',
    });
    expect(
      await h
        .adapter(thief)
        .resetPassword({ password: 'attacker chose this', currentPassword: 'a guess 123' }),
    ).toEqual({ ok: false, error: 'current-password' });
    // Nothing changed: the owner is still signed in and the password still works.
    expect((await h.adapter(owner).currentUser())?.email).toBe(email);
    expect((await h.adapter(new Browser()).signIn({ email, password })).ok).toBe(true);

    // With the current password, a signed-in person can change it; the other session ends.
    expect(
      await h.adapter(owner).resetPassword({ password: 'owner chose this 1', currentPassword: password }),
    ).toEqual({ ok: true, data: null });
    expect(await h.adapter(thief).verifiedUser()).toBeNull();
    expect((await h.adapter(owner).verifiedUser())?.email).toBe(email);
    expect((await h.adapter(new Browser()).signIn({ email, password })).ok).toBe(false);
    expect((await h.adapter(new Browser()).signIn({ email, password: 'owner chose this 1' })).ok).toBe(true);
  });

  it('refuses a password change when signed out', async () => {
    expect(
      await h.adapter(new Browser()).resetPassword({ password: 'new password 456', currentPassword: 'x' }),
    ).toEqual({ ok: false, error: 'not-signed-in' });
    expect(await h.adapter(new Browser()).sessionKind()).toBeNull();
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
    expect((await h.adapter(browser).resetPassword({ password: 'another password' })).ok).toBe(true);
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

describe('local accounts: recovery sessions, password changes and stored emails', () => {
  let h: LocalHarness;
  beforeAll(async () => {
    h = await localHarness();
  }, 60_000);
  afterAll(async () => {
    await h?.close();
  });

  async function account(password = 'a long password') {
    const email = unique('change');
    const auth = h.adapter(new Browser());
    await auth.signUp({ email, password, fullName: 'Cai Change' });
    await auth.confirmEmail({ tokenHash: (await h.lastLink(email, 'signup'))!, type: 'signup' });
    return email;
  }

  async function recoveryBrowser(email: string) {
    await h.adapter(new Browser()).requestPasswordReset(email);
    const browser = new Browser();
    const token = (await h.lastLink(email, 'recovery'))!;
    expect((await h.adapter(browser).confirmEmail({ tokenHash: token, type: 'recovery' })).ok).toBe(true);
    return browser;
  }

  it('opens a 15-minute recovery session from the link, which stops working once expired (M3)', async () => {
    const email = await account();
    const browser = await recoveryBrowser(email);
    const cookie = browser.cookies.get(SESSION_COOKIE)!;
    expect(cookie.options.maxAge).toBe(15 * 60);
    const [row] = await h.handle.db
      .select()
      .from(schema.localSessions)
      .where(eq(schema.localSessions.id, hashToken(cookie.value)));
    expect(row?.kind).toBe('recovery');
    expect(row!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(15 * 60 * 1000);
    await h.handle.db
      .update(schema.localSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.localSessions.id, hashToken(cookie.value)));
    expect(await h.adapter(browser).resetPassword({ password: 'too late for this' })).toEqual({
      ok: false,
      error: 'not-signed-in',
    });
  });

  it('voids every unused emailed link and emails a translated notice after a change (M3)', async () => {
    const email = await account();
    await h.adapter(new Browser()).requestPasswordReset(email);
    const spare = (await h.lastLink(email, 'recovery'))!;
    const browser = await recoveryBrowser(email);
    expect(
      (await h.adapter(browser).resetPassword({ password: 'a brand new secret', locale: 'es' })).ok,
    ).toBe(true);
    // The older link, still unused in the inbox, no longer opens anything.
    expect(await h.adapter(new Browser()).confirmEmail({ tokenHash: spare, type: 'recovery' })).toEqual({
      ok: false,
      error: 'invalid-link',
    });
    const notice = (await h.mails(email)).at(-1)!;
    expect(notice).toContain('Acabamos de cambiar la contraseña de tu cuenta');
    expect(notice).toContain('/es/login?mode=forgot');
    const [queued] = await h.handle.db
      .select()
      .from(schema.outbox)
      .where(
        and(
          eq(schema.outbox.kind, AUTH_EMAIL_KIND),
          sql`${schema.outbox.payload}->>'purpose' = 'password-changed'`,
          sql`${schema.outbox.payload}->>'to' = ${email}`,
        ),
      );
    expect(queued?.status).toBe('sent');
  });

  it('keeps the one-time link redacted in the outbox, sending the real one (M7)', async () => {
    const email = unique('redacted');
    await h.adapter(new Browser()).signUp({ email, password: 'a long password', fullName: 'Rae Dacted' });
    const [pending] = await h.handle.db
      .select()
      .from(schema.outbox)
      .where(and(eq(schema.outbox.kind, AUTH_EMAIL_KIND), sql`${schema.outbox.payload}->>'to' = ${email}`));
    expect(pending?.status).toBe('pending');
    expect(String(pending!.payload.text)).toContain('token_hash=[redacted]&type=signup');
    expect(typeof pending!.payload.sealed).toBe('string');

    const token = (await h.lastLink(email, 'signup'))!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [sent] = await h.handle.db.select().from(schema.outbox).where(eq(schema.outbox.id, pending!.id));
    expect(sent?.status).toBe('sent');
    // Nothing stored can replay the link: not the text, not the (now dropped) sealed copy, not any column.
    expect(sent!.payload.sealed).toBeUndefined();
    const dump = JSON.stringify(await h.handle.db.select().from(schema.outbox));
    expect(dump).not.toContain(token);
    expect((await h.adapter(new Browser()).confirmEmail({ tokenHash: token, type: 'signup' })).ok).toBe(true);
  });

  it('names the cookie __Host-lrjn_session when Secure (production), plain over http (L11)', async () => {
    const email = await account();
    const secure = new Browser();
    await h.adapterIn(secure, true).signIn({ email, password: 'a long password' });
    expect([...secure.cookies.keys()]).toContain(SECURE_SESSION_COOKIE);
    expect(SECURE_SESSION_COOKIE).toBe('__Host-lrjn_session');
    expect(secure.cookies.has(SESSION_COOKIE)).toBe(false);
    const options = secure.cookies.get(SECURE_SESSION_COOKIE)!.options;
    // What __Host- requires: Secure, Path=/ and no Domain.
    expect(options).toMatchObject({ secure: true, path: '/', httpOnly: true, sameSite: 'lax' });
    expect(options.domain).toBeUndefined();
    expect((await h.adapterIn(secure, true).currentUser())?.email).toBe(email);
    // The production adapter ignores a plain-named cookie (a sibling subdomain could have planted it).
    const planted = new Browser();
    planted.set(SESSION_COOKIE, secure.cookies.get(SECURE_SESSION_COOKIE)!.value, {});
    expect(await h.adapterIn(planted, true).currentUser()).toBeNull();

    const plain = new Browser();
    await h.adapterIn(plain, false).signIn({ email, password: 'a long password' });
    expect(plain.cookies.get(SESSION_COOKIE)!.options.secure).toBe(false);
  });

  it('ends a session unused for 7 days, and slides the idle timeout with cheap writes (L11)', async () => {
    const email = await account();
    const browser = new Browser();
    await h.adapter(browser).signIn({ email, password: 'a long password' });
    const id = hashToken(browser.cookies.get(SESSION_COOKIE)!.value);
    const lastSeen = async () =>
      (await h.handle.db.select().from(schema.localSessions).where(eq(schema.localSessions.id, id)))[0]!
        .lastSeenAt;
    const seenAgo = (seconds: number) =>
      h.handle.db
        .update(schema.localSessions)
        .set({ lastSeenAt: new Date(Date.now() - seconds * 1000) })
        .where(eq(schema.localSessions.id, id));

    // Seen a minute ago: read without a write.
    await seenAgo(60);
    const before = await lastSeen();
    expect((await h.adapter(browser).currentUser())?.email).toBe(email);
    expect((await lastSeen()).getTime()).toBe(before.getTime());

    // Six days idle: still valid, and the read moves last_seen_at to now.
    await seenAgo(6 * 24 * 3600);
    expect((await h.adapter(browser).currentUser())?.email).toBe(email);
    expect(Date.now() - (await lastSeen()).getTime()).toBeLessThan(60_000);

    // Eight days idle: signed out, although the 30-day lifetime has not passed.
    await seenAgo(8 * 24 * 3600);
    expect(await h.adapter(browser).currentUser()).toBeNull();
    expect(await h.adapter(browser).verifiedUser()).toBeNull();
  });
});

describe('Supabase Auth: cookies and recovery sessions', () => {
  let server: SupabaseAuthServer;
  beforeAll(async () => {
    server = await startSupabaseAuthServer();
  });
  afterAll(async () => {
    await server?.close();
  });
  const adapter = (browser: Browser, production = false) =>
    createSupabaseAuth({
      url: server.url,
      publishableKey: server.publishableKey,
      cookies: browser,
      siteUrl: SITE,
      production,
    });

  async function account() {
    const email = unique('sb');
    const auth = adapter(new Browser());
    await auth.signUp({ email, password: 'a long password', fullName: 'Sam Base' });
    const mail = server.mailbox.filter((m) => m.email === email).at(-1)!;
    await auth.confirmEmail({ tokenHash: mail.tokenHash, type: 'signup' });
    return email;
  }

  it('sets the session cookies HttpOnly, Secure in production, SameSite=Lax, for 30 days (M10)', async () => {
    const email = await account();
    const browser = new Browser();
    expect((await adapter(browser, true).signIn({ email, password: 'a long password' })).ok).toBe(true);
    const session = [...browser.cookies].filter(([name]) => /^sb-.+-auth-token(\.\d+)?$/.test(name));
    // Scripts cannot see those any more: the user menu reads the plain hint instead.
    expect(browser.cookies.get('lrjn_signed_in')).toMatchObject({ value: '1', options: { httpOnly: false } });
    expect(session.length).toBeGreaterThan(0);
    const response = NextResponse.next();
    for (const [name, { value, options }] of session) {
      expect(options).toMatchObject({
        httpOnly: true,
        secure: true,
        sameSite: 'lax',
        maxAge: 30 * 24 * 3600,
      });
      response.cookies.set(name, value, options);
    }
    for (const header of response.headers.getSetCookie()) {
      expect(header).toMatch(/; HttpOnly/i);
      expect(header).toMatch(/; Secure/i);
      expect(header).toMatch(/; SameSite=lax/i);
      expect(header).toMatch(/; Max-Age=2592000/);
    }

    const dev = new Browser();
    await adapter(dev, false).signIn({ email, password: 'a long password' });
    const [, devCookie] = [...dev.cookies].find(([name]) => name.startsWith('sb-'))!;
    expect(devCookie.options).toMatchObject({ httpOnly: true, secure: false, sameSite: 'lax' });
  });

  it('treats a recovery session older than 15 minutes as ordinary: the current password is needed (M3)', async () => {
    const email = await account();
    await adapter(new Browser()).requestPasswordReset(email);
    const token = server.mailbox.filter((m) => m.email === email && m.type === 'recovery').at(-1)!.tokenHash;
    server.ageNewSessions(16 * 60);
    try {
      const browser = new Browser();
      expect((await adapter(browser).confirmEmail({ tokenHash: token, type: 'recovery' })).ok).toBe(true);
      expect(await adapter(browser).sessionKind()).toBe('session');
      expect(await adapter(browser).resetPassword({ password: 'a brand new secret' })).toEqual({
        ok: false,
        error: 'current-password',
      });
    } finally {
      server.ageNewSessions(0);
    }
  });
});
