'use server';

import { forbidden } from 'next/navigation';
import { z } from 'zod';

import { redirect } from '@/i18n/navigation';
import { routing, toLocale } from '@/i18n/routing';
import type { ActionFailure, ActionResult } from '@/lib/action-result';
import { consumeSignIn, getAuth } from '@/lib/auth';
import { backOfficeLedger } from '@/lib/back-office/requests';
import { formText } from '@/lib/forms/fields';
import { errorFields, logger } from '@/lib/log';
import { action } from '@/lib/safe-action';

import { namedFailure } from './failure';
import {
  closeDataRightsRequest,
  closeRequestSchema,
  logDataRightsRequest,
  logRequestSchema,
} from './requests';
import type { RequestNotice } from './shared';
import { confirmAdminPassword, issueStepUpToken, verifyStepUpToken } from './step-up';
import { type ViewSection, loadPersonalDataView } from './view';
import {
  DataRightsError,
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
 * The admin's steps need a step-up (./step-up.ts): the look-up takes the admin's password and hands back a token
 * for that person, which the download and the erasure need.
 */

export type Found = {
  email: string;
  empty: boolean;
  counts: ReturnType<typeof exportCounts>;
  /** When the rows were read (ISO). */
  generatedAt: string;
  /** The rows as the admin reads them: translated labels, labelled codes, local times (./view.ts, D14). */
  view: ViewSection[];
  /** The step-up token for this person's download and erasure (./step-up.ts). */
  stepUp: string;
};
export type Erased = { total: number; provider: 'forgotten' | 'queued' | 'none' };

/** `at`: when the answer was made (the panel shows the newer of its look-up and erasure answers). */
export type LookupState = (ActionResult<Found> & { at?: number; typed?: { email: string } }) | null;
/**
 * A refused erasure carries the person's rows again (`found`, when the step-up still holds) and the typed
 * confirmation, so the form comes back as it was, with JavaScript or without.
 */
export type EraseState =
  (ActionResult<Erased> & { at?: number; found?: Found; typed?: { confirmation: string } }) | null;
export type DeleteAccountState = ActionResult<never> | null;

/** A failure of the data-rights library as a result: its own codes by name, anything else logged as 'server'. */
function failureOf(error: unknown, what: string): ActionFailure {
  if (error instanceof DataRightsError)
    return error.code === 'holds-role'
      ? namedFailure('holds-role', 409, 'forbidden')
      : namedFailure(error.code, 500, 'server');
  logger().error({ component: 'data-rights', ...errorFields(error) }, `${what} failed`);
  return { ok: false, status: 500, error: 'server' };
}

/**
 * Everything about `email` for the admin's screen in `locale` (./view.ts), audited as an export, with a fresh
 * step-up token.
 */
async function find(email: string, user: { id: string; email: string }, locale: string): Promise<Found> {
  const data = await exportPersonalData(email);
  await auditExport(user);
  return {
    email,
    empty: isEmptyExport(data),
    counts: exportCounts(data),
    generatedAt: data.generatedAt,
    view: await loadPersonalDataView(data, locale),
    stepUp: issueStepUpToken(user.id, email),
  };
}

const passwordField = z.string().max(1000).catch('');
/** The page's language, for the labels of the rows shown. */
const localeField = z.enum(routing.locales).catch(routing.defaultLocale);

const lookup = action(
  {
    name: 'data-rights-lookup',
    schema: z.object({ email: personEmailSchema, password: passwordField, locale: localeField }),
    guard: 'admin',
  },
  async ({ email, password, locale }, { user, ip }): Promise<Found | ActionFailure> => {
    const refused = await confirmAdminPassword(user, ip, password);
    if (refused) return refused;
    try {
      return await find(email, user, locale);
    } catch (error) {
      return failureOf(error, 'look-up');
    }
  },
);

/** What was typed into a field, for the form to show again; a hostile call may post something that is no FormData. */
const typedText = (form: unknown, name: string) => {
  const value = form instanceof FormData ? form.get(name) : null;
  return typeof value === 'string' ? value.slice(0, 300) : '';
};

/**
 * The admin's look-up, after the admin's password (step-up): every row held about the address (the same document
 * as the JSON export) and a step-up token for the download and the erasure. A refusal carries the typed address
 * back (never the password).
 */
export async function lookupPersonAction(
  _prev: LookupState,
  form: FormData,
): Promise<NonNullable<LookupState>> {
  const result = await lookup(form);
  return result.ok
    ? { ...result, at: Date.now() }
    : { ...result, at: Date.now(), typed: { email: typedText(form, 'email') } };
}

type EraseOutcome = Erased | (ActionFailure & { found?: Found });

const erase = action(
  {
    name: 'data-rights-erase',
    schema: z.object({
      email: personEmailSchema,
      confirmation: z.string().max(300),
      stepUp: z.string().max(200).catch(''),
      locale: localeField,
    }),
    guard: 'admin',
  },
  async ({ email, confirmation, stepUp, locale }, { user }): Promise<EraseOutcome> => {
    if (!user.emailConfirmed) return namedFailure('email-not-confirmed', 403, 'forbidden');
    if (!verifyStepUpToken(stepUp, user.id, email)) return namedFailure('step-up-expired', 403, 'forbidden');
    // A refusal from here on shows the person's rows again (the page without JavaScript has only this answer).
    const again = async (failure: ActionFailure): Promise<EraseOutcome> => {
      try {
        return { ...failure, found: await find(email, user, locale) };
      } catch {
        return failure;
      }
    };
    if (confirmation.trim().toLowerCase() !== email)
      return again(namedFailure('confirmation-mismatch', 400, 'invalid'));
    try {
      const result = await erasePerson(email, { actor: user });
      const total = Object.values(result.counts).reduce((a, b) => a + b, 0);
      return { total, provider: result.provider };
    } catch (error) {
      return again(failureOf(error, 'erasure'));
    }
  },
);

/**
 * The admin's erasure: only with a step-up token from a look-up of this person by this admin in the last
 * STEP_UP_MINUTES (else 'step-up-expired': look the person up again with the password), when the typed
 * confirmation is the same address (compared trimmed, any case), and when the account holds no back-office role
 * ('holds-role': demote it on the staff page first). Writes the audit line (lib/data-rights) without the address.
 */
export async function erasePersonAction(_prev: EraseState, form: FormData): Promise<NonNullable<EraseState>> {
  const result = (await erase(form)) as ActionResult<Erased> & { found?: Found };
  return result.ok
    ? { ...result, at: Date.now() }
    : { ...result, at: Date.now(), typed: { confirmation: typedText(form, 'confirmation') } };
}

const deleteSchema = z.object({
  password: z.string().min(1).max(1000),
  locale: z.enum(routing.locales).catch(routing.defaultLocale),
});

const deleteOwn = action(
  { name: 'delete-own-account', schema: deleteSchema, guard: 'user' },
  async (input, { user, ip }): Promise<ActionFailure> => {
    // An unconfirmed sign-up (a Supabase project with "Confirm email" off) proves nothing about the address, so
    // it may not erase what is held under it.
    if (!user.emailConfirmed) return namedFailure('email-not-confirmed', 403, 'forbidden');
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
      if (error instanceof DataRightsError && error.code === 'holds-role')
        return namedFailure('holds-role', 409, 'forbidden');
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

/**
 * The request log's one post/redirect/get step: signed out → sign-in with `next`; not an admin → the 403 page;
 * otherwise back to /admin/data-rights with `?request=<notice>` (components/data-rights/request-log.tsx shows it).
 */
function backToLog(form: FormData, result: ActionResult<unknown, string>, done: RequestNotice): never {
  const locale = toLocale(formText(form, 'locale') || null);
  if (!result.ok && result.status === 401)
    redirect({ href: `/login?next=${encodeURIComponent('/admin/data-rights')}`, locale });
  if (!result.ok && result.status === 403) forbidden();
  const notice: RequestNotice = result.ok
    ? done
    : result.error === 'invalid'
      ? 'invalid'
      : result.error === 'not-open'
        ? 'not-open'
        : 'server';
  return redirect({ href: `/admin/data-rights?request=${notice}#request-log`, locale });
}

const logRequest = action(
  { name: 'data-rights-request-log', schema: logRequestSchema, guard: 'admin', once: backOfficeLedger },
  async (input, { user }) => {
    await logDataRightsRequest(input, user);
    return { logged: true };
  },
);

/**
 * The request log: log a data-rights request (`kind`, `requester`, `identityCheck`, `receivedOn`; admins only,
 * single-use `requestKey`), audited without personal data (lib/data-rights/requests.ts).
 */
export async function logDataRightsRequestAction(form: FormData): Promise<void> {
  backToLog(form, await logRequest(form), 'logged');
}

const closeRequest = action(
  { name: 'data-rights-request-close', schema: closeRequestSchema, guard: 'admin', once: backOfficeLedger },
  async (input, { user }): Promise<{ closed: true } | ActionFailure<'not-open'>> =>
    (await closeDataRightsRequest(input, user))
      ? { closed: true }
      : { ok: false, status: 409, error: 'not-open' },
);

/** The request log: close an open request (`id`, `outcome`: done, refused, withdrawn); a closed one stays closed. */
export async function closeDataRightsRequestAction(form: FormData): Promise<void> {
  backToLog(form, (await closeRequest(form)) as ActionResult<unknown, string>, 'closed');
}
