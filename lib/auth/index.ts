import 'server-only';

import type { SupabaseClient } from '@supabase/supabase-js';
import { cookies } from 'next/headers';

import { redirect } from '@/i18n/navigation';
import type { Locale } from '@/i18n/routing';
import { env } from '@/lib/config/env';
import { siteConfig } from '@/lib/config/site';
import { forbidden } from 'next/navigation';

import { type Database, getDb, hasRole } from '@/lib/db';

import { authKind } from './config';
import type { CookieJar } from './cookie';
import { deliverAuthEmail } from './delivery';
import { createLocalAuth } from './local';
import { type StaffRole, roleCovers, staffStatus } from './roles';
import { createSupabaseAuth, supabaseServerClient } from './supabase';
import type { AuthAdapter, AuthUser } from './types';

/**
 * Accounts (docs/ARCHITECTURE.md §2 "auth"): the only entry point. `getAuth()` gives this request's adapter — Supabase Auth
 * when NEXT_PUBLIC_SUPABASE_URL and NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY are set, else local accounts in the
 * site's database — and `requireUser` / `requireAdmin` (pages) or `checkUser` / `checkAdmin` (actions, route
 * handlers) guard everything that needs a person. Every decision is made here on the server.
 */
export type { AuthAdapter, AuthErrorCode, AuthResult, AuthUser, EmailLinkType } from './types';
export { SESSION_COOKIE } from './cookie';
export { createLocalAuth } from './local';
export { createSupabaseAuth } from './supabase';
export { consumeEmailSend, consumeSignIn, peekSignIn } from './limits';
export { authKind } from './config';
export { grantAdminByEmail } from './admin';
export type { GrantAdminOutcome } from './admin';
export {
  accountRole,
  backOfficeMembers,
  backOfficeRole,
  roleCovers,
  setRoleByEmail,
  staffStatus,
} from './roles';
export type { AccountOptions, SetRoleOutcome, StaffRole } from './roles';

let logged = false;

/** Next's request cookies as a jar; writes fail silently while a Server Component renders (they cannot set). */
async function nextCookieJar(): Promise<CookieJar> {
  const store = await cookies();
  return {
    getAll: () => store.getAll().map(({ name, value }) => ({ name, value })),
    set(name, value, options) {
      try {
        store.set(name, value, options);
      } catch {
        // A Server Component render; the session is refreshed by the next action or route handler.
      }
    },
  };
}

/**
 * This request's auth adapter, over Next's `cookies()` (so calling it makes a page dynamic: never from public
 * pages). Create it per request; do not keep it. @throws when the local database cannot be opened.
 */
export async function getAuth(): Promise<AuthAdapter> {
  const kind = authKind();
  if (!logged) {
    logged = true;
    console.info(
      kind === 'supabase'
        ? '[auth] Supabase Auth (NEXT_PUBLIC_SUPABASE_URL)'
        : '[auth] local accounts in the site database (Supabase variables not set)',
    );
  }
  const jar = await nextCookieJar();
  const siteUrl = siteConfig().url;
  if (kind === 'supabase') {
    const e = env();
    return createSupabaseAuth({
      url: e.NEXT_PUBLIC_SUPABASE_URL!,
      publishableKey: e.NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY!,
      cookies: jar,
      siteUrl,
    });
  }
  const db = await getDb();
  return createLocalAuth({
    db,
    cookies: jar,
    deliver: (email) => deliverAuthEmail(db, email),
    siteUrl,
    production: process.env.NODE_ENV === 'production',
  });
}

/**
 * This request's Supabase client, signed in as the user of the session cookies (so Supabase Storage and
 * PostgREST apply their RLS as that user), or null when accounts are local (Supabase variables not set). Reads
 * Next's `cookies()`: route handlers, actions and dynamic pages only. Call it after `checkUser()`/`checkAdmin()`,
 * which refresh an expired session first (the refreshed cookies are what this client then reads).
 */
export async function supabaseClientForRequest(): Promise<SupabaseClient | null> {
  if (authKind() !== 'supabase') return null;
  const e = env();
  return supabaseServerClient({
    url: e.NEXT_PUBLIC_SUPABASE_URL!,
    publishableKey: e.NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY!,
    cookies: await nextCookieJar(),
  });
}

/**
 * Whether the user is an admin (docs/SPEC-NOTES.md §5, docs/ARCHITECTURE.md §3): a confirmed email listed in ADMIN_EMAILS, or a user_roles
 * row with role_name 'admin'. Confirmed means confirmed before this session began (`AuthUser.emailConfirmed`).
 * `adminEmails` defaults to ADMIN_EMAILS. @throws on a database error.
 */
export async function isAdmin(
  user: AuthUser,
  db?: Database,
  adminEmails: readonly string[] = env().ADMIN_EMAILS ?? [],
): Promise<boolean> {
  if (user.emailConfirmed && adminEmails.includes(user.email.toLowerCase())) return true;
  return hasRole(db ?? (await getDb()), user.id, 'admin');
}

/**
 * The admin check without throwing: 'admin', 'not-admin', or 'check-failed' when `isAdmin` threw (a database
 * error; logged as one line without personal data). docs/SPEC-NOTES.md §6: a failed check is told apart from a refusal.
 * Arguments as `isAdmin`.
 */
export async function adminStatus(
  user: AuthUser,
  db?: Database,
  adminEmails?: readonly string[],
): Promise<'admin' | 'not-admin' | 'check-failed'> {
  try {
    return (await isAdmin(user, db, adminEmails)) ? 'admin' : 'not-admin';
  } catch (error) {
    // The error's name and code only: a driver message can quote the query's parameters (the user id).
    const code = (error as { code?: unknown } | null)?.code;
    console.error(
      `[auth] admin check failed: ${error instanceof Error ? error.name : typeof error}${typeof code === 'string' ? ` (${code})` : ''}`,
    );
    return 'check-failed';
  }
}

/** Where a guard sends the browser: the path to come back to, in the page's locale. */
export type PageGuardOptions = { locale: Locale; next: string };

function loginHref(next: string): string {
  return `/login?next=${encodeURIComponent(next)}`;
}

/**
 * For protected pages: the signed-in user (checked with the auth server), or a redirect to
 * `/login?next=<next>` in the page's locale. Makes the page dynamic (cookies).
 */
export async function requireUser({ locale, next }: PageGuardOptions): Promise<AuthUser> {
  const user = await (await getAuth()).verifiedUser();
  if (!user) redirect({ href: loginHref(next), locale });
  return user;
}

/** Where requireAdmin sends a signed-in person the check failed for (docs/SPEC-NOTES.md §6 'Failed to verify admin status…'). */
export const ADMIN_CHECK_FAILED_HREF = '/courses?denied=check';

/**
 * For admin pages: the signed-in admin; signed out → `/login?next=…`; signed in but not an admin → `denied`
 * (default `/courses?denied=admin`, where the page shows docs/SPEC-NOTES.md §6's 'Access Denied' message); the admin check
 * failed (database error) → `/courses?denied=check` ('Failed to verify admin status. Please try again.').
 */
export async function requireAdmin({
  locale,
  next,
  denied = '/courses?denied=admin',
}: PageGuardOptions & { denied?: string }): Promise<AuthUser> {
  const user = await requireUser({ locale, next });
  const status = await adminStatus(user);
  if (status === 'check-failed') redirect({ href: ADMIN_CHECK_FAILED_HREF, locale });
  if (status === 'not-admin') redirect({ href: denied, locale });
  return user;
}

/**
 * Outcome of a guard for actions and route handlers: the user, or 401 (signed out), 403 (not allowed) or 503
 * 'check-failed' (the admin check could not be made: a database error; try again).
 */
export type GuardResult =
  | { ok: true; user: AuthUser }
  | { ok: false; status: 401; error: 'unauthenticated' }
  | { ok: false; status: 403; error: 'forbidden' }
  | { ok: false; status: 503; error: 'check-failed' };

/** The refusal `checkAdmin` gives for an admin status other than 'admin' (null for 'admin'). */
export function adminRefusal(
  status: 'admin' | 'not-admin' | 'check-failed',
): Extract<GuardResult, { ok: false }> | null {
  if (status === 'check-failed') return { ok: false, status: 503, error: 'check-failed' };
  return status === 'not-admin' ? { ok: false, status: 403, error: 'forbidden' } : null;
}

/** For actions and route handlers: the signed-in user checked with the auth server, or a 401 result. */
export async function checkUser(): Promise<GuardResult> {
  const user = await (await getAuth()).verifiedUser();
  return user ? { ok: true, user } : { ok: false, status: 401, error: 'unauthenticated' };
}

/**
 * For admin actions and route handlers: the signed-in admin, else 401 (signed out), 403 (not an admin) or 503
 * 'check-failed' (database error during the check). Never throws for the admin check.
 */
export async function checkAdmin(): Promise<GuardResult> {
  const result = await checkUser();
  if (!result.ok) return result;
  return adminRefusal(await adminStatus(result.user)) ?? result;
}

/**
 * A refused guard as a JSON response (route handlers): `{ error }` with status 401, 403 or 503 (with
 * `Retry-After: 5`), never cached.
 */
export function guardResponse(result: Extract<GuardResult, { ok: false }>): Response {
  const headers: Record<string, string> = { 'Cache-Control': 'no-store' };
  if (result.status === 503) headers['Retry-After'] = '5';
  return Response.json({ error: result.error }, { status: result.status, headers });
}

/** A signed-in member of staff and their back-office role ('admin' covers everything 'staff' may do). */
export type StaffUser = AuthUser & { role: StaffRole };

/**
 * For back-office pages (app/[locale]/admin): the signed-in staff member or admin. Signed out → `/login?next=…`;
 * signed in without the role (`role`: 'staff', the default, or 'admin' for admin-only pages) → Next's
 * `forbidden()`, a real 403 page (app/[locale]/forbidden.tsx); the check failed (database error) → the same
 * 'Failed to verify' notice as requireAdmin. Makes the page dynamic (cookies). Call it in every page, not only in
 * the layout: layouts and pages render independently.
 */
export async function requireStaff({
  locale,
  next,
  role = 'staff',
}: PageGuardOptions & { role?: StaffRole }): Promise<StaffUser> {
  const user = await requireUser({ locale, next });
  const status = await staffStatus(user);
  if (status === 'check-failed') redirect({ href: ADMIN_CHECK_FAILED_HREF, locale });
  if (status === 'none' || !roleCovers(status, role)) forbidden();
  return { ...user, role: status };
}

/** Outcome of `checkStaff`: the staff member with their role, or a refusal as GuardResult's. */
export type StaffGuardResult = { ok: true; user: StaffUser } | Extract<GuardResult, { ok: false }>;

/**
 * The staff check for a user already resolved (or null when signed out), without Next's cookies: 401, 403 (no
 * role, or not `role`), 503 'check-failed', else the user with their role. `checkStaff` is this on the
 * request's user; tests call it directly with a database and ADMIN_EMAILS list.
 */
export async function staffGuard(
  user: AuthUser | null,
  role: StaffRole = 'staff',
  db?: Database,
  adminEmails?: readonly string[],
): Promise<StaffGuardResult> {
  if (!user) return { ok: false, status: 401, error: 'unauthenticated' };
  const status = await staffStatus(user, db, adminEmails);
  if (status === 'check-failed') return { ok: false, status: 503, error: 'check-failed' };
  if (status === 'none' || !roleCovers(status, role)) return { ok: false, status: 403, error: 'forbidden' };
  return { ok: true, user: { ...user, role: status } };
}

/**
 * For back-office actions and route handlers: the signed-in member of staff (`role` 'staff', default) or admin
 * (`role` 'admin'), else 401, 403 or 503 as checkAdmin. Never throws for the role check.
 */
export async function checkStaff(role: StaffRole = 'staff'): Promise<StaffGuardResult> {
  const user = await (await getAuth()).verifiedUser();
  return staffGuard(user, role);
}
