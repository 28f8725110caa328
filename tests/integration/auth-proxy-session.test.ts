import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { createSupabaseAuth } from '@/lib/auth';
import { refreshSupabaseSession } from '@/lib/auth/proxy-session';

import { type SupabaseAuthServer, startSupabaseAuthServer } from '../helpers/supabase-auth-server';

/**
 * The proxy's Supabase session refresh (lib/auth/proxy-session.ts) through @supabase/ssr against the local
 * stand-in for Supabase Auth, whose access tokens here last 60 s, so each read falls inside supabase-js' 90 s
 * expiry margin and must refresh.
 */
describe('refreshSupabaseSession', () => {
  let server: SupabaseAuthServer;
  let project: { url: string; publishableKey: string };
  beforeAll(async () => {
    server = await startSupabaseAuthServer({ accessTokenSeconds: 60 });
    project = { url: server.url, publishableKey: server.publishableKey };
  });
  afterAll(async () => {
    await server?.close();
  });

  /** A confirmed, signed-in account: the browser's cookies after sign-in. */
  async function signedInCookies(): Promise<Map<string, string>> {
    const jar = new Map<string, string>();
    const cookies = {
      getAll: () => [...jar].map(([name, value]) => ({ name, value })),
      set: (name: string, value: string, options: { maxAge?: number }) => {
        if (options.maxAge === 0) jar.delete(name);
        else jar.set(name, value);
      },
    };
    const auth = createSupabaseAuth({ ...project, cookies, siteUrl: 'http://localhost:3000' });
    const email = `proxy-${Math.random().toString(36).slice(2, 10)}@example.org`;
    await auth.signUp({ email, password: 'a long password', fullName: 'Ada Proxy' });
    const mail = server.mailbox.filter((m) => m.email === email).at(-1)!;
    expect((await auth.confirmEmail({ tokenHash: mail.tokenHash, type: 'signup' })).ok).toBe(true);
    expect(await auth.signIn({ email, password: 'a long password' })).toMatchObject({ ok: true });
    return jar;
  }

  function requestWith(cookies: Map<string, string>): NextRequest {
    const header = [...cookies].map(([n, v]) => `${n}=${v}`).join('; ');
    return new NextRequest('http://localhost:3000/dashboard', { headers: header ? { cookie: header } : {} });
  }

  it('trades an expiring session for a new one, in the request and for the response', async () => {
    const jar = await signedInCookies();
    // Signing in set the hint; a session from before the hint existed has none.
    expect(jar.get('lrjn_signed_in')).toBe('1');
    jar.delete('lrjn_signed_in');
    const before = server.requests.length;
    const request = requestWith(jar);
    const refreshed = await refreshSupabaseSession(request, project);

    expect(server.requests.slice(before)).toContainEqual({
      method: 'POST',
      path: '/auth/v1/token?grant_type=refresh_token',
    });
    expect(refreshed.length).toBeGreaterThan(0);
    // The session cookies are HttpOnly, so the user menu's script-readable hint comes along when missing.
    expect(refreshed.find((c) => c.name === 'lrjn_signed_in')).toMatchObject({
      value: '1',
      options: { httpOnly: false },
    });
    for (const cookie of refreshed.filter((c) => c.name !== 'lrjn_signed_in')) {
      expect(cookie.name).toMatch(/^sb-.+-auth-token(\.\d+)?$/);
      expect(cookie.value).not.toBe(jar.get(cookie.name));
      // What renders after the proxy sees the new session.
      expect(request.cookies.get(cookie.name)?.value).toBe(cookie.value);
      // M10: the refreshed tokens stay out of scripts' reach and expire after 30 days, not @supabase/ssr's 400.
      expect(cookie.options).toMatchObject({
        path: '/',
        sameSite: 'lax',
        httpOnly: true,
        maxAge: 30 * 24 * 3600,
      });
    }

    // The new cookies are a working session: the adapter reads the user from them.
    const next = new Map(jar);
    for (const { name, value } of refreshed) next.set(name, value);
    const auth = createSupabaseAuth({
      ...project,
      cookies: { getAll: () => [...next].map(([name, value]) => ({ name, value })), set: () => undefined },
      siteUrl: 'http://localhost:3000',
    });
    expect(await auth.verifiedUser()).toMatchObject({ name: 'Ada Proxy', emailConfirmed: true });
  });

  it('makes no request without a session cookie, or with local accounts', async () => {
    const before = server.requests.length;
    expect(await refreshSupabaseSession(requestWith(new Map([['lrjn_theme', 'dark']])), project)).toEqual([]);
    const jar = await signedInCookies();
    const afterSignIn = server.requests.length;
    expect(await refreshSupabaseSession(requestWith(jar), null)).toEqual([]);
    expect(server.requests.length).toBe(afterSignIn);
    expect(afterSignIn).toBeGreaterThan(before);
  });

  it('never throws, and gives up after the timeout, when Supabase Auth cannot be reached', async () => {
    const jar = await signedInCookies();
    const unreachable = { url: 'http://127.0.0.1:9', publishableKey: project.publishableKey };
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const request = requestWith(jar);
      const started = Date.now();
      expect(await refreshSupabaseSession(request, unreachable, 500)).toEqual([]);
      expect(Date.now() - started).toBeLessThan(3_000);
      // The request goes on with the cookies it came with.
      for (const [name, value] of jar) expect(request.cookies.get(name)?.value).toBe(value);
      expect(warn.mock.calls.join(' ')).toMatch(/Supabase session refresh failed/);
    } finally {
      warn.mockRestore();
    }
  });
});
