'use server';

import { headers } from 'next/headers';
import { z } from 'zod';

import { redirect } from '@/i18n/navigation';
import { routing } from '@/i18n/routing';
import { checkStaff, checkUser, consumeSignIn, getAuth } from '@/lib/auth';
import { errorFields, logger } from '@/lib/log';
import { clientIp } from '@/lib/rate-limit';

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
 * only: `checkStaff('admin')` first, so signed out → 'unauthenticated', signed in without the role → 'forbidden'), and a
 * signed-in person's deletion of their own account after re-entering their password. Results carry message keys
 * (namespace DataRights / AccountData) and never an exception or a stack trace.
 */

export type DataRightsFailure =
  | 'unauthenticated'
  | 'forbidden'
  | 'check-failed'
  | 'invalid-email'
  | 'confirmation-mismatch'
  | 'supabase-key-missing'
  | 'account-delete-failed'
  | 'server';

export type LookupState =
  | { status: 'idle' }
  | { status: 'error'; error: DataRightsFailure }
  | {
      status: 'found';
      email: string;
      empty: boolean;
      counts: ReturnType<typeof exportCounts>;
      data: PersonalDataExport;
    };

export type EraseState =
  | { status: 'idle' }
  | { status: 'error'; error: DataRightsFailure }
  | { status: 'erased'; total: number; provider: 'forgotten' | 'queued' | 'none' };

async function adminOrFailure(): Promise<{ id: string; email: string } | DataRightsFailure> {
  const guard = await checkStaff('admin');
  return guard.ok ? guard.user : guard.error;
}

function failureOf(error: unknown, what: string): DataRightsFailure {
  if (error instanceof DataRightsError) return error.code;
  logger().error({ component: 'data-rights', ...errorFields(error) }, `${what} failed`);
  return 'server';
}

/** The admin's look-up: every row held about the address (the same document as the JSON export). */
export async function lookupPersonAction(_prev: LookupState, form: FormData): Promise<LookupState> {
  const admin = await adminOrFailure();
  if (typeof admin === 'string') return { status: 'error', error: admin };
  const email = personEmailSchema.safeParse(form.get('email'));
  if (!email.success) return { status: 'error', error: 'invalid-email' };
  try {
    const data = await exportPersonalData(email.data);
    await auditExport(admin);
    return {
      status: 'found',
      email: email.data,
      empty: isEmptyExport(data),
      counts: exportCounts(data),
      data,
    };
  } catch (error) {
    return { status: 'error', error: failureOf(error, 'look-up') };
  }
}

const eraseSchema = z.object({ email: personEmailSchema, confirmation: z.string().max(300) });

/**
 * The admin's erasure: only when the typed confirmation is the same address (compared trimmed, any case).
 * Writes the audit line (lib/data-rights) without the address.
 */
export async function erasePersonAction(_prev: EraseState, form: FormData): Promise<EraseState> {
  const admin = await adminOrFailure();
  if (typeof admin === 'string') return { status: 'error', error: admin };
  const parsed = eraseSchema.safeParse({ email: form.get('email'), confirmation: form.get('confirmation') });
  if (!parsed.success) return { status: 'error', error: 'invalid-email' };
  if (parsed.data.confirmation.trim().toLowerCase() !== parsed.data.email)
    return { status: 'error', error: 'confirmation-mismatch' };
  try {
    const result = await erasePerson(parsed.data.email, { actor: admin });
    const total = Object.values(result.counts).reduce((a, b) => a + b, 0);
    return { status: 'erased', total, provider: result.provider };
  } catch (error) {
    return { status: 'error', error: failureOf(error, 'erasure') };
  }
}

export type DeleteAccountState =
  | { status: 'idle' }
  | { status: 'error'; error: 'unauthenticated' | 'wrong-password' | 'rate-limited' | 'server' };

const deleteSchema = z.object({
  password: z.string().min(1).max(1000),
  locale: z.enum(routing.locales).catch(routing.defaultLocale),
});

/**
 * A signed-in person deletes their own account and everything held about their address (the same erasure as the
 * admin's), after re-entering their password (counted by the sign-in rate limit); then this browser is signed out
 * and sent to /dashboard/deleted.
 */
export async function deleteOwnAccountAction(
  _prev: DeleteAccountState,
  form: FormData,
): Promise<DeleteAccountState> {
  const guard = await checkUser();
  if (!guard.ok) return { status: 'error', error: 'unauthenticated' };
  const parsed = deleteSchema.safeParse({ password: form.get('password'), locale: form.get('locale') });
  if (!parsed.success) return { status: 'error', error: 'wrong-password' };
  // Guessing the password here must cost what guessing it at sign-in costs.
  const limit = await consumeSignIn({ email: guard.user.email, ip: clientIp(await headers()) });
  if (!limit.allowed) return { status: 'error', error: 'rate-limited' };
  const auth = await getAuth();
  const confirmed = await auth.confirmPassword(parsed.data.password);
  if (!confirmed.ok) {
    if (confirmed.error === 'current-password' || confirmed.error === 'invalid-credentials')
      return { status: 'error', error: 'wrong-password' };
    if (confirmed.error === 'rate-limited') return { status: 'error', error: 'rate-limited' };
    if (confirmed.error === 'not-signed-in') return { status: 'error', error: 'unauthenticated' };
    return { status: 'error', error: 'server' };
  }
  try {
    await erasePerson(guard.user.email, { actor: guard.user, self: true, ownUserId: guard.user.id });
  } catch (error) {
    failureOf(error, 'account deletion');
    return { status: 'error', error: 'server' };
  }
  await auth.signOut();
  // Signing out re-renders the dashboard (which would send the browser to sign in): say it is done elsewhere.
  return redirect({ href: '/dashboard/deleted', locale: parsed.data.locale });
}
