/**
 * The local accounts' session cookie (DESIGN.md §2). Pure: the options for a given environment, so they are
 * unit-tested without a request.
 */

/** Cookie name; the value is the session token (never its hash). */
export const SESSION_COOKIE = 'lrjn_session';

/**
 * A script-readable companion cookie holding only '1' while a local session exists, so the header's user menu
 * asks /api/session only when someone may be signed in (most visitors never are: no request on their pages).
 */
export const SESSION_HINT_COOKIE = 'lrjn_signed_in';

/** Session lifetime: 30 days from sign-in (seconds). A new sign-in starts a new session (rotation). */
export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

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
 * development), Path=/, and Max-Age/Expires 30 days from `now`. `clear: true` gives the options that delete it.
 */
export function sessionCookieOptions({
  production,
  now = new Date(),
  clear = false,
}: {
  production: boolean;
  now?: Date;
  clear?: boolean;
}): CookieOptions {
  const maxAge = clear ? 0 : SESSION_MAX_AGE_SECONDS;
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
