import 'server-only';

import { createHmac, timingSafeEqual } from 'node:crypto';

import type { ActionFailure } from '@/lib/action-result';
import { type AuthUser, consumeSignIn, getAuth, peekSignIn } from '@/lib/auth';
import { formSecret } from '@/lib/forms/secret';

import { namedFailure } from './failure';

/**
 * Step-up for the back office's irreversible and bulk-disclosure steps (looking a person up, downloading their
 * data, erasing them, changing roles): a signed-in session is not enough, because a stolen or unattended admin
 * session would then be enough to erase anyone or export everyone. The admin types their own password again
 * (checked by the auth adapter, `confirmPassword`, so local accounts and Supabase's work alike, and counted by the
 * sign-in rate limit so it costs what guessing at sign-in costs). The look-up then hands the page a step-up token
 * bound to this admin and this person, valid STEP_UP_MINUTES: the download and the erasure of that person use it,
 * so one password covers one person's request without the session alone ever sufficing. The acting account's
 * address must be confirmed (an unconfirmed sign-up proves nothing about whose account it is).
 */

/** How long a password re-entry on the look-up covers that person's download and erasure. */
export const STEP_UP_MINUTES = 10;

const STEP_UP_TOKEN = /^(\d{13})\.([A-Za-z0-9_-]{43})$/;

function signature(secret: string, adminId: string, email: string, expiresAt: number): string {
  return createHmac('sha256', secret)
    .update(`data-rights-step-up:${adminId}:${email}:${expiresAt}`)
    .digest('base64url');
}

/** A step-up token for `adminId` acting on `email` (lower-cased), valid STEP_UP_MINUTES from `nowMs`. */
export function issueStepUpToken(
  adminId: string,
  email: string,
  nowMs: number = Date.now(),
  secret: string = formSecret(),
): string {
  const expiresAt = Math.floor(nowMs) + STEP_UP_MINUTES * 60_000;
  return `${expiresAt}.${signature(secret, adminId, email, expiresAt)}`;
}

/** Whether `token` was issued to `adminId` for `email` and has not expired at `nowMs`. Never throws. */
export function verifyStepUpToken(
  token: unknown,
  adminId: string,
  email: string,
  nowMs: number = Date.now(),
  secret: string = formSecret(),
): boolean {
  if (typeof token !== 'string') return false;
  const match = STEP_UP_TOKEN.exec(token);
  if (!match) return false;
  const expiresAt = Number(match[1]);
  const given = Buffer.from(match[2]!);
  const expected = Buffer.from(signature(secret, adminId, email, expiresAt));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
  return nowMs < expiresAt && expiresAt - nowMs <= STEP_UP_MINUTES * 60_000;
}

/**
 * Checks the signed-in admin's password again. @returns null when it is right; else a refusal: 403
 * 'email-not-confirmed' (the acting account's address is not confirmed), 429 'rate-limited', 400
 * 'wrong-password' (missing or wrong), 401 (the session ended), 500 'server'. Changes no session.
 */
export async function confirmAdminPassword(
  user: AuthUser,
  ip: string,
  password: string,
): Promise<ActionFailure | null> {
  if (!user.emailConfirmed) return namedFailure('email-not-confirmed', 403, 'forbidden');
  // No password typed is no guess: it does not use up the sign-in budget.
  if (!password) return namedFailure('wrong-password', 400, 'invalid');
  // Only a wrong password is a guess: an admin who confirms correctly all day never locks themselves out, while
  // a thief with the session gets the sign-in form's budget of guesses.
  const limit = await peekSignIn({ email: user.email, ip });
  if (!limit.allowed)
    return { ok: false, status: 429, error: 'rate-limited', retryAfterSeconds: limit.retryAfterSeconds };
  const confirmed = await (await getAuth()).confirmPassword(password);
  if (confirmed.ok) return null;
  if (confirmed.error === 'current-password' || confirmed.error === 'invalid-credentials') {
    await consumeSignIn({ email: user.email, ip });
    return namedFailure('wrong-password', 400, 'invalid');
  }
  if (confirmed.error === 'rate-limited') return { ok: false, status: 429, error: 'rate-limited' };
  if (confirmed.error === 'not-signed-in') return { ok: false, status: 401, error: 'unauthenticated' };
  return { ok: false, status: 500, error: 'server' };
}
