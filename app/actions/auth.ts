'use server';

import { localizeHref } from '@/i18n/client-paths';
import { redirect } from '@/i18n/navigation';
import { routing, type Locale } from '@/i18n/routing';
import { consumeEmailSend, consumeSignIn, getAuth } from '@/lib/auth';
import { authFailure } from '@/lib/auth/messages';
import { withNext } from '@/lib/auth/return-path';
import { emailOnlySchema, resetPasswordSchema, signInSchema, signUpSchema } from '@/lib/auth/schemas';
import { formAction } from '@/lib/forms/action';
import { GUARD_FIELDS } from '@/lib/forms/result';
import { safeReturnTarget } from '@/lib/routing/safe-return';

/**
 * The account forms' server actions (spec §2 Sign-in, §4 Session), all behind the forms wrapper
 * (lib/forms/action.ts): per-client flood limit, zod validation with the schemas the browser uses, no
 * exceptions. Auth failures come back as `FormFailure`s (lib/auth/messages.ts) the forms translate.
 */

/** Where a sign-in without `next` lands. */
const AFTER_SIGN_IN = '/';

/** The wrapper's per-client limit for the account forms: a flood guard; the real limits are in lib/auth/limits.ts. */
const FLOOD = { points: 100, durationSeconds: 600 };

/**
 * Sign in. No spam guard: password managers fill and submit at once, which the fill-time check would refuse;
 * instead attempts are limited per account (10 / 15 min) and per client (30 / 15 min). `{ redirectTo }` is the
 * safe `next` path (or home) in the page's locale.
 */
export const signIn = formAction(
  { name: 'sign-in', schema: signInSchema, spamGuard: false, limit: FLOOD },
  async (input, ctx) => {
    const limit = await consumeSignIn({ email: input.email, ip: ctx.ip });
    if (!limit.allowed) return authFailure('rate-limited', limit.retryAfterSeconds);
    const result = await (await getAuth()).signIn({ email: input.email, password: input.password });
    if (!result.ok) return authFailure(result.error);
    return { redirectTo: localizeHref(ctx.locale, safeReturnTarget(input.next) ?? AFTER_SIGN_IN) };
  },
);

/**
 * Sign up (spam guard on; 3 account emails per address per hour): `{ redirectTo }` the "check your inbox" page.
 * The email is in the form's locale; a safe `next` rides on its link, so confirming leads back there.
 */
export const signUp = formAction({ name: 'sign-up', schema: signUpSchema }, async (input, ctx) => {
  const limit = await consumeEmailSend(input.email);
  if (!limit.allowed) return authFailure('rate-limited', limit.retryAfterSeconds);
  const auth = await getAuth();
  const result = await auth.signUp({
    email: input.email,
    password: input.password,
    fullName: input.fullName,
    locale: ctx.locale,
    next: safeReturnTarget(input.next) ?? undefined,
  });
  if (!result.ok) return authFailure(result.error);
  return { redirectTo: localizeHref(ctx.locale, '/email-confirmation') };
});

/**
 * Forgot password: emails a recovery link (in the form's locale, carrying a safe `next`) if the address has an
 * account; the answer is the same either way.
 */
export const requestPasswordReset = formAction(
  { name: 'password-reset', schema: emailOnlySchema, limit: FLOOD },
  async (input, ctx) => {
    const limit = await consumeEmailSend(input.email);
    if (!limit.allowed) return authFailure('rate-limited', limit.retryAfterSeconds);
    const auth = await getAuth();
    const next = safeReturnTarget(input.next) ?? undefined;
    const result = await auth.requestPasswordReset(input.email, ctx.locale, next);
    return result.ok ? { sent: true } : authFailure(result.error);
  },
);

/** Resend the confirmation link (same answer whether or not the address has an unconfirmed account). */
export const resendConfirmation = formAction(
  { name: 'resend-confirmation', schema: emailOnlySchema, limit: FLOOD },
  async (input, ctx) => {
    const limit = await consumeEmailSend(input.email);
    if (!limit.allowed) return authFailure('rate-limited', limit.retryAfterSeconds);
    const result = await (await getAuth()).resendConfirmation(input.email, ctx.locale);
    return result.ok ? { sent: true } : authFailure(result.error);
  },
);

/**
 * New password after the recovery link (which signed the person in). No spam guard (password managers);
 * refused without a session. `{ redirectTo }` the sign-in page with its "password changed" notice (and a safe
 * `next`, which its Continue button follows).
 */
export const resetPassword = formAction(
  { name: 'new-password', schema: resetPasswordSchema, spamGuard: false, limit: FLOOD },
  async (input, ctx) => {
    const result = await (await getAuth()).resetPassword(input.password);
    if (!result.ok) return authFailure(result.error);
    return { redirectTo: localizeHref(ctx.locale, withNext('/login?reset=done', input.next)) };
  },
);

/**
 * Logout (spec §2, §4): ends the session and redirects to the home page of the form's locale (`formLocale`).
 * Without a session there is nothing to end: a 401 result, no redirect.
 */
export async function signOut(raw: unknown): Promise<{ ok: false; status: 401; error: 'unauthenticated' }> {
  const auth = await getAuth();
  if (!(await auth.currentUser())) return { ok: false, status: 401, error: 'unauthenticated' };
  await auth.signOut();
  const value = raw instanceof FormData ? raw.get(GUARD_FIELDS.locale) : null;
  const locale = (routing.locales as readonly string[]).includes(value as string)
    ? (value as Locale)
    : routing.defaultLocale;
  redirect({ href: '/', locale });
}
