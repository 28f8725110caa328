import 'server-only';

import type { NextRequest } from 'next/server';

import { env } from '@/lib/config/env';

import { type CookieOptions, SESSION_HINT_COOKIE, sessionCookieOptions } from './cookie';
import { supabaseServerClient } from './supabase';

/**
 * Supabase Auth session refresh in the proxy (docs/ARCHITECTURE.md §1; Supabase's server-side auth guide for Next.js).
 * Server Components cannot set cookies, so a session whose access token has expired must be refreshed before the
 * page renders, or every signed-in page would act signed out until the next action. Local accounts need none of
 * this: their database session lasts 30 days and is checked where it is used.
 */

/** A cookie the refresh wants the browser to store (a new token, or a removal with maxAge 0). */
export type RefreshedCookie = { name: string; value: string; options: CookieOptions };

export type SupabaseProject = { url: string; publishableKey: string };

/** The project from NEXT_PUBLIC_SUPABASE_URL and NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY, or null (local accounts). */
export function supabaseProject(): SupabaseProject | null {
  const e = env();
  return e.NEXT_PUBLIC_SUPABASE_URL && e.NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY
    ? { url: e.NEXT_PUBLIC_SUPABASE_URL, publishableKey: e.NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY }
    : null;
}

/**
 * How long a request waits for a refresh (ms). supabase-js retries a network failure with backoff for up to 30 s;
 * a page must not wait that long for an Auth outage.
 */
export const REFRESH_TIMEOUT_MS = 3_000;

/** @supabase/ssr's session cookies: `sb-{project ref}-auth-token`, possibly split into `.0`, `.1`… chunks. */
const SUPABASE_SESSION_COOKIE = /^sb-.+-auth-token(\.\d+)?$/;

/**
 * Refreshes the request's Supabase session when it has one: `getClaims()` validates the access token and, when it
 * expires within supabase-js' margin, trades the refresh token for a new session. The new cookies are written into
 * `request.cookies` (so the page rendered after the proxy reads the fresh session) and returned, for the proxy to
 * set on its response. With local accounts, or no session cookie (most visitors), it makes no request at all.
 * Never throws and waits at most `timeoutMs` (default 3 s): an unreachable Auth server is logged and the request
 * goes on unchanged (pages then check as usual, and treat the visitor as signed out if they cannot).
 */
export async function refreshSupabaseSession(
  request: NextRequest,
  project: SupabaseProject | null = supabaseProject(),
  timeoutMs: number = REFRESH_TIMEOUT_MS,
): Promise<RefreshedCookie[]> {
  if (!project) return [];
  if (!request.cookies.getAll().some((c) => SUPABASE_SESSION_COOKIE.test(c.name))) return [];
  const refreshed: RefreshedCookie[] = [];
  let settled = false;
  const client = supabaseServerClient({
    ...project,
    cookies: {
      getAll: () => request.cookies.getAll().map(({ name, value }) => ({ name, value })),
      set(name, value, options) {
        // A refresh that finishes after the timeout must not touch a request already handed on.
        if (settled) return;
        request.cookies.set(name, value);
        refreshed.push({ name, value, options });
      },
    },
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const outcome = await Promise.race([
      client.auth.getClaims(),
      new Promise<'timeout'>((resolve) => {
        timer = setTimeout(() => resolve('timeout'), timeoutMs);
      }),
    ]);
    if (outcome === 'timeout') throw new Error(`no answer within ${timeoutMs} ms`);
    // An invalid or revoked session is not an error here: supabase-js has already queued its removal.
    const { error } = outcome;
    if (error && error.status !== undefined && error.status >= 500) throw error;
  } catch (error) {
    console.warn('[auth] Supabase session refresh failed:', error instanceof Error ? error.message : error);
  } finally {
    settled = true;
    clearTimeout(timer);
  }
  return withHint(request, refreshed);
}

/**
 * The refreshed cookies plus the "may be signed in" hint the header's user menu reads (the session cookies are
 * HttpOnly): set when the refresh kept a session and the browser lacks the hint (sessions from before the hint
 * existed), cleared when the refresh ended the session.
 */
function withHint(request: NextRequest, refreshed: RefreshedCookie[]): RefreshedCookie[] {
  if (refreshed.length === 0) return refreshed;
  const production = process.env.NODE_ENV === 'production';
  const kept = refreshed.some((c) => c.value && c.options.maxAge !== 0);
  const hinted = request.cookies.get(SESSION_HINT_COOKIE)?.value === '1';
  if (kept === hinted) return refreshed;
  return [
    ...refreshed,
    {
      name: SESSION_HINT_COOKIE,
      value: kept ? '1' : '',
      options: { ...sessionCookieOptions({ production, clear: !kept }), httpOnly: false },
    },
  ];
}
