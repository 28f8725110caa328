'use server';

import { z } from 'zod';

import { redirect } from '@/i18n/navigation';
import { routing } from '@/i18n/routing';
import type { ActionFailure, ActionResult } from '@/lib/action-result';
import { consumeSignIn, getAuth } from '@/lib/auth';
import { errorFields, logger } from '@/lib/log';
import { action } from '@/lib/safe-action';

import { namedFailure } from './failure';
import {
  DataRightsError,
  type PersonalDataExport,
  erasePerson,
  exportCounts,
  auditExport,
  exportPersonalData,
  isEmptyExport,
  personEmailSchema,
} from './index';

/**
 * UK GDPR data rights (issue 17 item 7), server actions: the admin page's look-up and erasure (any person, admins
 * only: guard 'admin', so signed out → 401 'unauthenticated', signed in without the role → 403 'forbidden'), and a
 * signed-in person's deletion of their own account after re-entering their password. All go through the action
 * wrapper (lib/safe-action.ts) and answer `ActionResult`s in useActionState's shape (the previous state is
 * ignored); lib/data-rights/failure.ts reads a refusal for the pages. Never an exception or a stack trace.
 */

export type Found = {
  email: string;
  empty: boolean;
  counts: ReturnType<typeof exportCounts>;
  data: PersonalDataExport;
};
export type Erased = { total: number; provider: 'forgotten' | 'queued' | 'none' };

export type LookupState = ActionResult<Found> | null;
export type EraseState = ActionResult<Erased> | null;
export type DeleteAccountState = ActionResult<never> | null;

/** A failure of the data-rights library as a result: its own codes by name, anything else logged as 'server'. */
function failureOf(error: unknown, what: string): ActionFailure {
  if (error instanceof DataRightsError) return namedFailure(error.code, 500, 'server');
  logger().error({ component: 'data-rights', ...errorFields(error) }, `${what} failed`);
  return { ok: false, status: 500, error: 'server' };
}

const lookup = action(
  { name: 'data-rights-lookup', schema: z.object({ email: personEmailSchema }), guard: 'admin' },
  async ({ email }, { user }): Promise<Found | ActionFailure> => {
    try {
      const data = await exportPersonalData(email);
      await auditExport(user);
      return { email, empty: isEmptyExport(data), counts: exportCounts(data), data };
    } catch (error) {
      return failureOf(error, 'look-up');
    }
  },
);

/** The admin's look-up: every row held about the address (the same document as the JSON export). */
export async function lookupPersonAction(_prev: LookupState, form: FormData): Promise<ActionResult<Found>> {
  return lookup(form);
}

const erase = action(
  {
    name: 'data-rights-erase',
    schema: z.object({ email: personEmailSchema, confirmation: z.string().max(300) }),
    guard: 'admin',
  },
  async ({ email, confirmation }, { user }): Promise<Erased | ActionFailure> => {
    if (confirmation.trim().toLowerCase() !== email)
      return namedFailure('confirmation-mismatch', 400, 'invalid');
    try {
      const result = await erasePerson(email, { actor: user });
      const total = Object.values(result.counts).reduce((a, b) => a + b, 0);
      return { total, provider: result.provider };
    } catch (error) {
      return failureOf(error, 'erasure');
    }
  },
);

/**
 * The admin's erasure: only when the typed confirmation is the same address (compared trimmed, any case).
 * Writes the audit line (lib/data-rights) without the address.
 */
export async function erasePersonAction(_prev: EraseState, form: FormData): Promise<ActionResult<Erased>> {
  return erase(form);
}

const deleteSchema = z.object({
  password: z.string().min(1).max(1000),
  locale: z.enum(routing.locales).catch(routing.defaultLocale),
});

const deleteOwn = action(
  { name: 'delete-own-account', schema: deleteSchema, guard: 'user' },
  async (input, { user, ip }): Promise<ActionFailure> => {
    // Guessing the password here must cost what guessing it at sign-in costs.
    const limit = await consumeSignIn({ email: user.email, ip });
    if (!limit.allowed)
      return { ok: false, status: 429, error: 'rate-limited', retryAfterSeconds: limit.retryAfterSeconds };
    const auth = await getAuth();
    const confirmed = await auth.confirmPassword(input.password);
    if (!confirmed.ok) {
      if (confirmed.error === 'current-password' || confirmed.error === 'invalid-credentials')
        return namedFailure('wrong-password', 400, 'invalid');
      if (confirmed.error === 'rate-limited') return { ok: false, status: 429, error: 'rate-limited' };
      if (confirmed.error === 'not-signed-in') return { ok: false, status: 401, error: 'unauthenticated' };
      return { ok: false, status: 500, error: 'server' };
    }
    try {
      await erasePerson(user.email, { actor: user, self: true, ownUserId: user.id });
    } catch (error) {
      failureOf(error, 'account deletion');
      return { ok: false, status: 500, error: 'server' };
    }
    await auth.signOut();
    // Signing out re-renders the dashboard (which would send the browser to sign in): say it is done elsewhere.
    return redirect({ href: '/dashboard/deleted', locale: input.locale });
  },
);

/**
 * A signed-in person deletes their own account and everything held about their address (the same erasure as the
 * admin's), after re-entering their password (counted by the sign-in rate limit); then this browser is signed out
 * and sent to /dashboard/deleted. A missing or wrong password reads as 'wrong-password' (deleteAccountFailure).
 */
export async function deleteOwnAccountAction(
  _prev: DeleteAccountState,
  form: FormData,
): Promise<ActionResult<never>> {
  return deleteOwn(form);
}
