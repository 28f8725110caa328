import 'server-only';

import { createServerClient } from '@supabase/ssr';
import type { AuthError, SupabaseClient, User } from '@supabase/supabase-js';

import {
  type CookieJar,
  type CookieOptions,
  RECOVERY_SESSION_SECONDS,
  SESSION_HINT_COOKIE,
  SESSION_MAX_AGE_SECONDS,
  sessionCookieOptions,
} from './cookie';
import type { AuthAdapter, AuthErrorCode, AuthResult, AuthUser } from './types';

export type SupabaseAuthOptions = {
  url: string;
  /** The publishable (or legacy anon) key. */
  publishableKey: string;
  cookies: CookieJar;
  /** Absolute origin for `emailRedirectTo` / `redirectTo` (SITE_URL). */
  siteUrl: string;
  /** Secure session cookies; default: NODE_ENV is 'production'. */
  production?: boolean;
};

/**
 * supabase-js builds a Realtime client that, on Node 20 outside Next (Vitest, tsx scripts), throws for want of a
 * global WebSocket (docs/ARCHITECTURE.md §2). Auth never opens a socket, so a transport that refuses to be used
 * is enough, and keeps `ws` out of the dependencies. (Storage never opens one either.)
 */
class NoRealtimeTransport {
  constructor() {
    throw new Error('Realtime is not used by the server auth client');
  }
}

/** Supabase Auth's error codes (https://supabase.com/docs/guides/auth/debugging/error-codes) → ours. */
function mapError(error: AuthError): AuthErrorCode {
  switch (error.code) {
    case 'invalid_credentials':
      return 'invalid-credentials';
    case 'email_not_confirmed':
      return 'email-not-confirmed';
    case 'otp_expired':
    case 'otp_disabled':
    case 'flow_state_expired':
    case 'flow_state_not_found':
    case 'bad_code_verifier':
      return 'invalid-link';
    case 'weak_password':
    case 'same_password':
      return 'weak-password';
    case 'over_request_rate_limit':
    case 'over_email_send_rate_limit':
      return 'rate-limited';
    case 'session_not_found':
    case 'no_authorization':
    case 'bad_jwt':
      return 'not-signed-in';
    // "Secure password change" on: the session is too old to change the password without reauthenticating.
    case 'reauthentication_needed':
    case 'reauthentication_not_valid':
      return 'current-password';
  }
  if (error.status === 429) return 'rate-limited';
  // verifyOtp answers an unknown token hash with a 403 (or a 4xx without a code on old servers).
  if (error.status === 403 || error.status === 404) return 'invalid-link';
  return 'server';
}

/**
 * When the session of these access-token claims was opened (seconds): the earliest time in its `amr` claim, which
 * Supabase Auth keeps across refreshes (unlike `iat`). Null when the claim is missing or malformed.
 */
export function sessionStartedAt(claims: unknown): number | null {
  const amr = (claims as { amr?: unknown } | null)?.amr;
  if (!Array.isArray(amr)) return null;
  const times = amr
    .map((entry: unknown) => (entry as { timestamp?: unknown } | null)?.timestamp)
    .filter((t): t is number => typeof t === 'number' && Number.isFinite(t));
  return times.length ? Math.min(...times) : null;
}

/**
 * The site's view of a Supabase user. `sessionStart` (seconds, from `sessionStartedAt`): the address counts as
 * confirmed only when the confirmation came before this session began (to the second, as `amr` is), so a session
 * opened before the owner confirmed the address (possible with "Confirm email" off) never counts; unknown → not
 * confirmed.
 */
function toUser(user: User, sessionStart?: number | null): AuthUser {
  const name = user.user_metadata?.full_name;
  const confirmedAt = user.email_confirmed_at ? Date.parse(user.email_confirmed_at) : NaN;
  const emailConfirmed =
    Number.isFinite(confirmedAt) &&
    (sessionStart === undefined || (sessionStart !== null && sessionStart >= Math.floor(confirmedAt / 1000)));
  return {
    id: user.id,
    email: (user.email ?? '').toLowerCase(),
    name: typeof name === 'string' && name ? name : null,
    emailConfirmed,
  };
}

/**
 * Attributes of the Supabase session cookies (`sb-…-auth-token`, which hold the access AND refresh tokens): HttpOnly
 * (the site never uses a browser-side Supabase client, so no script needs them and an XSS cannot steal them), Secure
 * in production, SameSite=Lax, Path=/ and 30 days like local sessions (@supabase/ssr's defaults are script-readable,
 * not Secure, and 400 days).
 */
export function supabaseCookieOptions(production: boolean): CookieOptions {
  return { httpOnly: true, secure: production, sameSite: 'lax', path: '/', maxAge: SESSION_MAX_AGE_SECONDS };
}

/**
 * Sets (or clears) the script-readable "may be signed in" hint (SESSION_HINT_COOKIE), which the header's user menu
 * reads since the session cookies themselves are HttpOnly.
 */
export function setSignedInHint(cookies: CookieJar, signedIn: boolean, production: boolean): void {
  cookies.set(SESSION_HINT_COOKIE, signedIn ? '1' : '', {
    ...sessionCookieOptions({ production, clear: !signedIn }),
    httpOnly: false,
  });
}

/**
 * The @supabase/ssr server client over a cookie jar: the signed-in user's session (from the jar's cookies; a
 * refreshed session is written back to it) authorises its Auth, Storage and PostgREST requests, so Supabase's RLS
 * decides as that user; with no session cookies it is the anonymous (`anon`) client. The one way this site builds
 * a Supabase client (auth adapter, course materials' Storage). Create one per request; never a service-role key.
 * Cookies get `supabaseCookieOptions` (`production` defaults to NODE_ENV === 'production').
 */
export function supabaseServerClient(options: {
  url: string;
  publishableKey: string;
  cookies: CookieJar;
  production?: boolean;
}): SupabaseClient {
  const production = options.production ?? process.env.NODE_ENV === 'production';
  return createServerClient(options.url, options.publishableKey, {
    cookieOptions: supabaseCookieOptions(production),
    cookies: {
      getAll: () => options.cookies.getAll(),
      setAll: (list) => {
        // @supabase/ssr sets maxAge to its own 400 days whatever cookieOptions say: enforce ours here (a
        // removal keeps its maxAge 0).
        for (const { name, value, options: given } of list) {
          const removal = given.maxAge === 0;
          options.cookies.set(name, value, {
            ...(given as CookieOptions),
            ...supabaseCookieOptions(production),
            ...(removal ? { maxAge: 0 } : {}),
          });
        }
      },
    },
    realtime: { transport: NoRealtimeTransport as never },
  });
}

/**
 * Supabase Auth through @supabase/ssr (docs/ARCHITECTURE.md §2, docs/ARCHITECTURE.md §2): one server client per adapter
 * (create the adapter per request), its session in cookies through the given jar; PKCE flow (ssr's default);
 * `getClaims()` for reads, `getUser()` before writes; emailed links opened with `verifyOtp({ type, token_hash })`.
 * The project's email templates must link to `{{ .SiteURL }}/auth/confirm?token_hash={{ .TokenHash }}&type=…`.
 */
export function createSupabaseAuth(options: SupabaseAuthOptions): AuthAdapter {
  let client: SupabaseClient | undefined;
  const supabase = () => (client ??= supabaseServerClient(options));
  const production = options.production ?? process.env.NODE_ENV === 'production';
  const hint = (signedIn: boolean) => setSignedInHint(options.cookies, signedIn, production);

  async function guarded<T>(what: string, run: () => Promise<AuthResult<T>>): Promise<AuthResult<T>> {
    try {
      return await run();
    } catch (error) {
      console.error(`[auth] supabase ${what} failed:`, error instanceof Error ? error.message : error);
      return { ok: false, error: 'server' };
    }
  }

  const redirect = (path: string) => new URL(path, options.siteUrl).toString();

  /**
   * Whether this browser's session was opened by a recovery link (verifyOtp type=recovery) within the last
   * RECOVERY_SESSION_SECONDS: the access token's `amr` claim lists how the session was authenticated, with the time
   * (Supabase Auth records the method 'recovery'; refreshed tokens keep it).
   */
  async function recoverySession(): Promise<boolean> {
    const { data, error } = await supabase().auth.getClaims();
    if (error || !data?.claims) return false;
    const amr = (data.claims as { amr?: unknown }).amr;
    if (!Array.isArray(amr)) return false;
    const now = Date.now() / 1000;
    return amr.some((entry: unknown) => {
      const { method, timestamp } = (entry ?? {}) as { method?: unknown; timestamp?: unknown };
      return (
        method === 'recovery' && typeof timestamp === 'number' && now - timestamp < RECOVERY_SESSION_SECONDS
      );
    });
  }

  return {
    kind: 'supabase',

    signUp: ({ email, password, fullName }) =>
      guarded('sign-up', async () => {
        const { data, error } = await supabase().auth.signUp({
          email,
          password,
          options: { data: { full_name: fullName.trim() }, emailRedirectTo: redirect('/auth/confirm') },
        });
        // With confirmations on, an existing address gets an obfuscated user and no error (no enumeration).
        if (error && error.code !== 'user_already_exists' && error.code !== 'email_exists')
          return { ok: false, error: mapError(error) };
        return { ok: true, data: { confirmationRequired: !data.session } };
      }),

    resendConfirmation: (email) =>
      guarded('resend', async () => {
        const { error } = await supabase().auth.resend({
          type: 'signup',
          email,
          options: { emailRedirectTo: redirect('/auth/confirm') },
        });
        if (error && mapError(error) === 'rate-limited') return { ok: false, error: 'rate-limited' };
        if (error && mapError(error) === 'server') return { ok: false, error: 'server' };
        return { ok: true, data: null };
      }),

    confirmEmail: ({ tokenHash, type }) =>
      guarded('confirm', async () => {
        if (!tokenHash) return { ok: false, error: 'invalid-link' };
        const { data, error } = await supabase().auth.verifyOtp({ type, token_hash: tokenHash });
        if (error) return { ok: false, error: mapError(error) === 'server' ? 'server' : 'invalid-link' };
        if (!data.user) return { ok: false, error: 'invalid-link' };
        if (type !== 'recovery') {
          // The address is proven now: whoever held a session of it before (only possible with "Confirm email"
          // off) is signed out. Supabase Auth keeps the password of the first sign-up; see supabase/README.md.
          const { error: othersError } = await supabase().auth.signOut({ scope: 'others' });
          if (othersError)
            console.warn('[auth] supabase sign-out of other sessions failed:', othersError.message);
        }
        hint(true);
        return { ok: true, data: { user: toUser(data.user) } };
      }),

    signIn: ({ email, password }) =>
      guarded('sign-in', async () => {
        const { data, error } = await supabase().auth.signInWithPassword({ email, password });
        if (error) return { ok: false, error: mapError(error) };
        hint(true);
        return { ok: true, data: { user: toUser(data.user) } };
      }),

    async signOut() {
      try {
        // 'local': this browser's session; other devices keep theirs (Supabase's default is 'global').
        await supabase().auth.signOut({ scope: 'local' });
      } catch (error) {
        console.error('[auth] supabase sign-out failed:', error instanceof Error ? error.message : error);
      }
      hint(false);
    },

    requestPasswordReset: (email) =>
      guarded('recover', async () => {
        const { error } = await supabase().auth.resetPasswordForEmail(email, {
          redirectTo: redirect('/auth/confirm'),
        });
        if (error && mapError(error) === 'rate-limited') return { ok: false, error: 'rate-limited' };
        if (error && mapError(error) === 'server') return { ok: false, error: 'server' };
        return { ok: true, data: null };
      }),

    resetPassword: ({ password, currentPassword }) =>
      guarded('reset', async () => {
        const { data } = await supabase().auth.getUser();
        if (!data.user?.email) return { ok: false, error: 'not-signed-in' };
        if (!(await recoverySession())) {
          // Reauthenticate: a stolen or borrowed session is not enough. Signing in again on this browser's client
          // also gives a fresh session, which Supabase's "Secure password change" accepts without a nonce.
          if (!currentPassword) return { ok: false, error: 'current-password' };
          const { error } = await supabase().auth.signInWithPassword({
            email: data.user.email,
            password: currentPassword,
          });
          if (error) {
            const code = mapError(error);
            return { ok: false, error: code === 'invalid-credentials' ? 'current-password' : code };
          }
        }
        const { error } = await supabase().auth.updateUser({ password });
        if (error) return { ok: false, error: mapError(error) };
        // Whoever else held a session is signed out; this browser keeps its own.
        const { error: signOutError } = await supabase().auth.signOut({ scope: 'others' });
        if (signOutError)
          console.warn('[auth] supabase sign-out of other sessions failed:', signOutError.message);
        return { ok: true, data: null };
      }),

    confirmPassword: (password) =>
      guarded('confirm-password', async () => {
        const { data } = await supabase().auth.getUser();
        if (!data.user?.email) return { ok: false, error: 'not-signed-in' };
        // A throwaway client: signing in there proves the password without rotating this browser's session.
        const probe = supabaseServerClient({
          url: options.url,
          publishableKey: options.publishableKey,
          cookies: { getAll: () => [], set: () => undefined },
          production,
        });
        const { error } = await probe.auth.signInWithPassword({ email: data.user.email, password });
        if (!error) return { ok: true, data: null };
        const code = mapError(error);
        return { ok: false, error: code === 'invalid-credentials' ? 'current-password' : code };
      }),

    async sessionKind() {
      try {
        const { data, error } = await supabase().auth.getClaims();
        if (error || !data?.claims?.sub) return null;
        return (await recoverySession()) ? 'recovery' : 'session';
      } catch (error) {
        console.error('[auth] supabase getClaims failed:', error instanceof Error ? error.message : error);
        return null;
      }
    },

    async currentUser() {
      try {
        const { data, error } = await supabase().auth.getClaims();
        if (error || !data?.claims?.sub) return null;
        const claims = data.claims;
        const meta = (claims.user_metadata ?? {}) as Record<string, unknown>;
        return {
          id: claims.sub,
          email: String(claims.email ?? '').toLowerCase(),
          name: typeof meta.full_name === 'string' && meta.full_name ? meta.full_name : null,
          // A session exists only after confirmation (with "Confirm email" on); decisions that depend on a
          // confirmed address (ADMIN_EMAILS) use verifiedUser(), which reads email_confirmed_at.
          emailConfirmed: true,
        };
      } catch (error) {
        console.error('[auth] supabase getClaims failed:', error instanceof Error ? error.message : error);
        return null;
      }
    },

    async verifiedUser() {
      try {
        const { data, error } = await supabase().auth.getUser();
        if (error || !data.user) return null;
        // The session's own start, to compare with the confirmation (ADMIN_EMAILS rests on emailConfirmed).
        const claims = await supabase().auth.getClaims();
        const start = claims.error ? null : sessionStartedAt(claims.data?.claims);
        return toUser(data.user, start);
      } catch (error) {
        console.error('[auth] supabase getUser failed:', error instanceof Error ? error.message : error);
        return null;
      }
    },
  };
}
