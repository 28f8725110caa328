'use server';

import { after } from 'next/server';

import { localizeHref } from '@/i18n/client-paths';
import { redirect } from '@/i18n/navigation';
import { toLocale } from '@/i18n/routing';
import { type ActionFailure, GUARD_FIELDS } from '@/lib/action-result';
import { formText } from '@/lib/forms/fields';
import { formSecret } from '@/lib/forms/secret';
import { refusedFormState } from '@/lib/forms/progressive';
import { issueFormToken } from '@/lib/forms/token';
import { drainOutbox } from '@/lib/mailing';
import { safeReturnTarget } from '@/lib/redirects';
import { action } from '@/lib/safe-action';

import { isCommonPassword } from './common-passwords';
import { getAuth } from './index';
import { consumeEmailSend, consumeSignIn } from './limits';
import type { AuthFormState } from './form-state';
import { authFailure, authFailureMessage } from './messages';
import { withNext } from './return-path';
import {
  EMAIL_ONLY_FIELDS,
  RESET_FIELDS,
  SIGN_IN_FIELDS,
  SIGN_UP_FIELDS,
  emailOnlySchema,
  resetPasswordSchema,
  signInSchema,
  signUpSchema,
} from './schemas';

/**
 * The account forms' server actions (docs/SPEC-NOTES.md §2 Sign-in, §4 Session), all behind the action wrapper
 * (lib/safe-action.ts): per-client flood limit, zod validation with the schemas the browser uses, no
 * exceptions. Auth failures come back as `ActionFailure`s (lib/auth/messages.ts) the forms translate.
 */

/** Where a sign-in without `next` lands. */
const AFTER_SIGN_IN = '/';

/** Outbox kind of the local account emails (lib/db AUTH_EMAIL_KIND). */
const ACCOUNT_EMAILS = ['auth.email'];

/**
 * After the response has gone (so its timing never depends on it), sends the account emails this request queued,
 * instead of waiting for the outbox worker's next round; a failure stays queued for the worker's retries.
 */
function sendQueuedEmailsSoon(): void {
  after(() => drainOutbox({ kinds: ACCOUNT_EMAILS, limit: 5 }).then(() => undefined));
}

/** The refusal of a common password (L6): a field error on `password`, in the form's language. */
const COMMON_PASSWORD: ActionFailure = {
  ok: false,
  status: 400,
  error: 'invalid',
  fieldErrors: { password: 'passwordCommon' },
};

/**
 * Sign in. No spam guard: password managers fill and submit at once, which the fill-time check would refuse;
 * instead attempts are limited per account and client pair (10 / 15 min), per account (100 / 15 min) and per
 * client (30 / 15 min). `{ redirectTo }` is the safe `next` path (or home) in the page's locale.
 */
export const signIn = action(
  { name: 'sign-in', schema: signInSchema, guard: 'public', limit: 'form:account' },
  async (input, ctx) => {
    const limit = await consumeSignIn({ email: input.email, ip: ctx.ip });
    if (!limit.allowed) return authFailure('rate-limited', limit.retryAfterSeconds);
    const result = await (await getAuth()).signIn({ email: input.email, password: input.password });
    if (!result.ok) return authFailure(result.error);
    return { redirectTo: localizeHref(ctx.locale, safeReturnTarget(input.next) ?? AFTER_SIGN_IN) };
  },
);

/**
 * Sign up (spam guard on; 3 account emails per address per hour; common passwords refused): `{ redirectTo }` the
 * "check your inbox" page. The email is in the form's locale; a safe `next` rides on its link, so confirming leads
 * back there. The email is queued and sent after the response.
 */
export const signUp = action({ name: 'sign-up', schema: signUpSchema }, async (input, ctx) => {
  if (isCommonPassword(input.password)) return COMMON_PASSWORD;
  const limit = await consumeEmailSend(input.email);
  if (!limit.allowed) return authFailure('rate-limited', limit.retryAfterSeconds);
  const auth = await getAuth();
  if (auth.kind === 'local') sendQueuedEmailsSoon();
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
export const requestPasswordReset = action(
  { name: 'password-reset', schema: emailOnlySchema, limit: 'form:account' },
  async (input, ctx) => {
    const limit = await consumeEmailSend(input.email);
    if (!limit.allowed) return authFailure('rate-limited', limit.retryAfterSeconds);
    const auth = await getAuth();
    if (auth.kind === 'local') sendQueuedEmailsSoon();
    const next = safeReturnTarget(input.next) ?? undefined;
    const result = await auth.requestPasswordReset(input.email, ctx.locale, next);
    return result.ok ? { sent: true } : authFailure(result.error);
  },
);

/** Resend the confirmation link (same answer whether or not the address has an unconfirmed account). */
export const resendConfirmation = action(
  { name: 'resend-confirmation', schema: emailOnlySchema, limit: 'form:account' },
  async (input, ctx) => {
    const limit = await consumeEmailSend(input.email);
    if (!limit.allowed) return authFailure('rate-limited', limit.retryAfterSeconds);
    const auth = await getAuth();
    if (auth.kind === 'local') sendQueuedEmailsSoon();
    const result = await auth.resendConfirmation(input.email, ctx.locale);
    return result.ok ? { sent: true } : authFailure(result.error);
  },
);

/**
 * New password: after the recovery link (its short 'recovery' session needs nothing more), or signed in normally
 * with the right current password (its guesses count against the sign-in limits). No spam guard (password
 * managers); refused without a session; common passwords refused. Every session ends, emailed links stop working
 * and a "your password was changed" email goes out. `{ redirectTo }` the sign-in page with its "password changed"
 * notice (and a safe `next`, which its Continue button follows).
 */
export const resetPassword = action(
  { name: 'new-password', schema: resetPasswordSchema, guard: 'public', limit: 'form:account' },
  async (input, ctx) => {
    if (isCommonPassword(input.password)) return COMMON_PASSWORD;
    const auth = await getAuth();
    const user = await auth.currentUser();
    if (!user) return authFailure('not-signed-in');
    if (input.currentPassword) {
      const limit = await consumeSignIn({ email: user.email, ip: ctx.ip });
      if (!limit.allowed) return authFailure('rate-limited', limit.retryAfterSeconds);
    }
    if (auth.kind === 'local') sendQueuedEmailsSoon();
    const result = await auth.resetPassword({
      password: input.password,
      currentPassword: input.currentPassword || undefined,
      locale: ctx.locale,
    });
    if (!result.ok) return authFailure(result.error);
    return { redirectTo: localizeHref(ctx.locale, withNext('/login?reset=done', input.next)) };
  },
);

/**
 * Logout (docs/SPEC-NOTES.md §2, §4): ends the session and redirects to the home page of the form's locale (`formLocale`).
 * Without a session there is nothing to end: a 401 result, no redirect.
 */
export async function signOut(raw: unknown): Promise<{ ok: false; status: 401; error: 'unauthenticated' }> {
  const auth = await getAuth();
  if (!(await auth.currentUser())) return { ok: false, status: 401, error: 'unauthenticated' };
  await auth.signOut();
  const locale = toLocale(raw instanceof FormData ? raw.get(GUARD_FIELDS.locale) : null);
  redirect({ href: '/', locale });
}

// The same forms posted without JavaScript, or before the page hydrated (React's useActionState): each runs the
// action above on the posted FormData, so the rate limits, the spam guard, the sign-in limits and zod apply
// unchanged. A refusal answers the state the form is rendered again with (what was typed, never a password;
// the translated field and form messages; the next fill-time token); success does what the scripted form does:
// the same page (a 303 to `redirectTo`) or the 'sent' message. The previous state (sent back by the browser)
// is never read.

/**
 * Redirects to `href`, the site path the action answered (already in the form's locale, `/es/login?reset=done`),
 * in the posted form's locale; through the one sanitiser again, so nothing but a site path is ever followed.
 */
function redirectTo(href: string, posted: FormData): never {
  redirect({
    href: safeReturnTarget(href) ?? AFTER_SIGN_IN,
    locale: toLocale(formText(posted, GUARD_FIELDS.locale) || null),
  });
}

/** A password field: its messages are shown, its value is never sent back into the page. */
const SECRET = /password/i;

/**
 * The refusal's form state: the public forms' (lib/forms/progressive.ts: messages of `fields`, what was typed
 * in them, the next token) without any password value, plus the auth message.
 */
function refused(
  form: { name: string; schema: Parameters<typeof refusedFormState>[0]['schema'] },
  result: ActionFailure<string>,
  posted: FormData,
  fields: readonly string[],
): AuthFormState {
  const state = refusedFormState(form, result, posted, { fields });
  const values = Object.fromEntries(Object.entries(state.values).filter(([name]) => !SECRET.test(name)));
  return { ...state, values, auth: authFailureMessage(result as ActionFailure) };
}

/** Sign in without JavaScript: `signIn`, then the safe `next` page (or home) in the form's locale. */
export async function signInForm(_previous: AuthFormState, posted: FormData): Promise<AuthFormState> {
  const result = await signIn(posted);
  if (!result.ok) return refused({ name: 'sign-in', schema: signInSchema }, result, posted, SIGN_IN_FIELDS);
  redirectTo(result.data.redirectTo, posted);
}

/** Sign up without JavaScript: `signUp` (spam guard on), then the "check your inbox" page. */
export async function signUpForm(_previous: AuthFormState, posted: FormData): Promise<AuthFormState> {
  const result = await signUp(posted);
  if (!result.ok) return refused({ name: 'sign-up', schema: signUpSchema }, result, posted, SIGN_UP_FIELDS);
  redirectTo(result.data.redirectTo, posted);
}

/** The 'sent' answer of an emailed-link form, with a token for another request (the form stays on the page). */
function sent(form: string): AuthFormState {
  return {
    status: 'idle',
    values: {},
    fieldErrors: {},
    formError: null,
    token: issueFormToken(formSecret(), Date.now(), form),
    sent: true,
  };
}

/** Forgot password without JavaScript: `requestPasswordReset`, then the same 'sent' message. */
export async function requestPasswordResetForm(
  _previous: AuthFormState,
  posted: FormData,
): Promise<AuthFormState> {
  const result = await requestPasswordReset(posted);
  if (!result.ok)
    return refused({ name: 'password-reset', schema: emailOnlySchema }, result, posted, EMAIL_ONLY_FIELDS);
  return sent('password-reset');
}

/** Resend the confirmation link without JavaScript: `resendConfirmation`, then the same 'sent' message. */
export async function resendConfirmationForm(
  _previous: AuthFormState,
  posted: FormData,
): Promise<AuthFormState> {
  const result = await resendConfirmation(posted);
  if (!result.ok)
    return refused(
      { name: 'resend-confirmation', schema: emailOnlySchema },
      result,
      posted,
      EMAIL_ONLY_FIELDS,
    );
  return sent('resend-confirmation');
}

/** New password without JavaScript: `resetPassword`, then the sign-in page's "password changed" notice. */
export async function resetPasswordForm(_previous: AuthFormState, posted: FormData): Promise<AuthFormState> {
  const result = await resetPassword(posted);
  if (!result.ok)
    return refused({ name: 'new-password', schema: resetPasswordSchema }, result, posted, RESET_FIELDS);
  redirectTo(result.data.redirectTo, posted);
}
