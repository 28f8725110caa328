import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createSupabaseAuth, isAdmin } from '@/lib/auth';
import type { CookieJar, CookieOptions } from '@/lib/auth/cookie';
import { supabaseAuthPreflight } from '@/lib/ops/preflight';

import { type SupabaseAuthServer, startSupabaseAuthServer } from '../helpers/supabase-auth-server';

/**
 * Supabase mode against the local Supabase Auth stand-in: what the site itself can guard of account
 * pre-hijacking (security review 2026-12-01, NH1) and the "Confirm email" start-up check (NL3).
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

const unique = (prefix: string) => `${prefix}-${Math.random().toString(36).slice(2, 10)}@example.org`;

describe('Supabase mode: ADMIN_EMAILS needs a session opened after the confirmation (NH1)', () => {
  let server: SupabaseAuthServer;
  const adapter = (browser: Browser) =>
    createSupabaseAuth({
      url: server.url,
      publishableKey: server.publishableKey,
      cookies: browser,
      siteUrl: 'http://site.test',
      production: false,
    });
  beforeAll(async () => {
    server = await startSupabaseAuthServer();
  });
  afterAll(async () => {
    server.ageNewSessions(0);
    await server.close();
  });

  it('a session that began before the address was confirmed is not admin; one opened after it is', async () => {
    const email = unique('sb-admin');
    await adapter(new Browser()).signUp({ email, password: 'a long first password', fullName: 'Owner' });
    const link = server.mailbox.filter((m) => m.email === email).at(-1)!;
    // The session the link opens, dated an hour earlier: as a session opened before the confirmation would be.
    server.ageNewSessions(3600);
    const early = new Browser();
    expect((await adapter(early).confirmEmail({ tokenHash: link.tokenHash, type: 'signup' })).ok).toBe(true);
    server.ageNewSessions(0);
    const earlyUser = await adapter(early).verifiedUser();
    expect(earlyUser?.email).toBe(email);
    // ADMIN_EMAILS rests on this flag (lib/auth/roles.ts, isAdmin).
    expect(earlyUser?.emailConfirmed).toBe(false);

    const later = new Browser();
    expect((await adapter(later).signIn({ email, password: 'a long first password' })).ok).toBe(true);
    const laterUser = await adapter(later).verifiedUser();
    expect(laterUser?.emailConfirmed).toBe(true);
    expect(await isAdmin(laterUser!, undefined, [email])).toBe(true);
  });

  it('confirming a sign-up signs out every other session of the account', async () => {
    const email = unique('sb-others');
    await adapter(new Browser()).signUp({ email, password: 'a long first password', fullName: 'Owner' });
    const link = server.mailbox.filter((m) => m.email === email).at(-1)!;
    const before = server.requests.length;
    expect(
      (await adapter(new Browser()).confirmEmail({ tokenHash: link.tokenHash, type: 'signup' })).ok,
    ).toBe(true);
    const after = server.requests.slice(before).map((r) => `${r.method} ${r.path}`);
    expect(after).toContain('POST /auth/v1/logout?scope=others');
  });
});

describe('start-up check: Supabase "Confirm email" must be on (NL3)', () => {
  const production = (url: string, key: string, extra: Record<string, string> = {}) => ({
    NODE_ENV: 'production',
    NEXT_PUBLIC_SUPABASE_URL: url,
    NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY: key,
    ...extra,
  });

  it('refuses to start when the project auto-confirms sign-ups; warns only with ALLOW_DEMO_PRODUCTION=1', async () => {
    const server = await startSupabaseAuthServer({ autoconfirm: true });
    try {
      const refused = await supabaseAuthPreflight(production(server.url, server.publishableKey));
      expect(refused.errors).toHaveLength(1);
      expect(refused.errors[0]).toMatch(/"Confirm email" OFF \(mailer_autoconfirm\)/);
      expect(server.requests.some((r) => r.method === 'GET' && r.path === '/auth/v1/settings')).toBe(true);
      const demo = await supabaseAuthPreflight(
        production(server.url, server.publishableKey, { ALLOW_DEMO_PRODUCTION: '1' }),
      );
      expect(demo.errors).toEqual([]);
      expect(demo.warnings[0]).toMatch(/"Confirm email" OFF/);
    } finally {
      await server.close();
    }
  });

  it('auto-confirm really signs anyone in as any address at once (why the check refuses)', async () => {
    const server = await startSupabaseAuthServer({ autoconfirm: true });
    try {
      const browser = new Browser();
      const auth = createSupabaseAuth({
        url: server.url,
        publishableKey: server.publishableKey,
        cookies: browser,
        siteUrl: 'http://site.test',
        production: false,
      });
      const email = unique('sb-auto');
      expect(await auth.signUp({ email, password: 'anybody typed this', fullName: 'Trustee' })).toEqual({
        ok: true,
        data: { confirmationRequired: false },
      });
      expect((await auth.verifiedUser())?.emailConfirmed).toBe(true);
    } finally {
      await server.close();
    }
  });

  it('passes with "Confirm email" on, and only warns when the settings cannot be read', async () => {
    const server = await startSupabaseAuthServer();
    try {
      expect(await supabaseAuthPreflight(production(server.url, server.publishableKey))).toEqual({
        errors: [],
        warnings: [],
      });
      const wrongKey = await supabaseAuthPreflight(production(server.url, 'sb_publishable_wrong'));
      expect(wrongKey.errors).toEqual([]);
      expect(wrongKey.warnings[0]).toMatch(/could not read Supabase Auth's settings \(HTTP 401\)/);
    } finally {
      await server.close();
    }
    const down = await supabaseAuthPreflight(production(server.url, server.publishableKey));
    expect(down.errors).toEqual([]);
    expect(down.warnings[0]).toMatch(/could not read Supabase Auth's settings/);
  });

  it('asks nothing outside production or without Supabase', async () => {
    const never: typeof fetch = async () => {
      throw new Error('must not be called');
    };
    expect(
      await supabaseAuthPreflight({ NODE_ENV: 'development', NEXT_PUBLIC_SUPABASE_URL: 'http://x' }, never),
    ).toEqual({ errors: [], warnings: [] });
    expect(await supabaseAuthPreflight({ NODE_ENV: 'production' }, never)).toEqual({
      errors: [],
      warnings: [],
    });
  });
});
