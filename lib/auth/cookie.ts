/**
 * The local accounts' session cookie (docs/ARCHITECTURE.md §2). Pure: the options for a given environment, so they are
 * unit-tested without a request.
 */

/** Cookie name over plain http (development); the value is the session token (never its hash). */
export const SESSION_COOKIE = 'lrjn_session';

/**
 * Cookie name when cookies are Secure (production): the `__Host-` prefix makes browsers accept the cookie only
 * with Secure, Path=/ and no Domain, so a sibling subdomain cannot plant or overwrite it (cookie tossing).
 * Browsers refuse a `__Host-` cookie without Secure, and Secure cookies need https (or localhost), so development
 * over http keeps the plain name.
 */
export const SECURE_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;

/** The session cookie's name for this environment: `__Host-lrjn_session` when Secure (production), else plain. */
export function sessionCookieName(production: boolean): string {
  return production ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
}

/**
 * A script-readable companion cookie holding only '1' while a local session exists, so the header's user menu
 * asks /api/session only when someone may be signed in (most visitors never are: no request on their pages).
 */
export const SESSION_HINT_COOKIE = 'lrjn_signed_in';

/** Session lifetime: 30 days from sign-in (seconds). A new sign-in starts a new session (rotation). */
export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

/** A session unused for this long ends (sliding idle timeout, seconds): 7 days. */
export const SESSION_IDLE_SECONDS = 7 * 24 * 60 * 60;

/**
 * How stale `last_seen_at` may get before a request writes it again (seconds): reads stay reads, at the cost of
 * the idle timeout being this much longer at worst.
 */
export const SESSION_TOUCH_SECONDS = 5 * 60;

/** Lifetime of the session a password-recovery link opens (seconds): 15 minutes, enough to set a new password. */
export const RECOVERY_SESSION_SECONDS = 15 * 60;

/** The attributes Next's `cookies().set` and @supabase/ssr's `setAll` pass along. */
export type CookieOptions = {
  httpOnly?: boolean;
  secure?: boolean;
  sameSite?: 'lax' | 'strict' | 'none' | boolean;
  path?: string;
  maxAge?: number;
  expires?: Date;
  domain?: string;
};

/**
 * Options of the session cookie: httpOnly (no script reads it), SameSite=Lax (sent on top-level navigations
 * only, which blocks cross-site form posts), Secure in production (HTTPS only; plain http://localhost in
 * development), Path=/, no Domain (as `__Host-` requires), and Max-Age/Expires 30 days from `now`. `clear: true` gives the options that delete it.
 */
export function sessionCookieOptions({
  production,
  now = new Date(),
  clear = false,
  maxAgeSeconds = SESSION_MAX_AGE_SECONDS,
}: {
  production: boolean;
  now?: Date;
  clear?: boolean;
  /** Lifetime; default 30 days (a recovery session: RECOVERY_SESSION_SECONDS). */
  maxAgeSeconds?: number;
}): CookieOptions {
  const maxAge = clear ? 0 : maxAgeSeconds;
  return {
    httpOnly: true,
    sameSite: 'lax',
    secure: production,
    path: '/',
    maxAge,
    expires: new Date(clear ? 0 : now.getTime() + maxAge * 1000),
  };
}

/** Reads and writes the request's cookies: Next's `cookies()` in the app, a plain map in tests. */
export interface CookieJar {
  getAll(): { name: string; value: string }[];
  /** May fail silently where cookies are read-only (a Server Component render). */
  set(name: string, value: string, options: CookieOptions): void;
}
