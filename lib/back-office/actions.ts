'use server';

import { z } from 'zod';

import { redirect } from '@/i18n/navigation';
import { toLocale } from '@/i18n/routing';
import type { ActionResult } from '@/lib/action-result';
import { finishAdminAction } from '@/lib/admin/finish';
import { handleAddNote, handleReply, handleUpdateEnquiry, handlingInput, noteInput } from '@/lib/admin/inbox';
import { handleSetRole, setRoleInput } from '@/lib/admin/staff';
import { authKind } from '@/lib/auth';
import { formText } from '@/lib/forms/fields';
import { confirmAdminPassword } from '@/lib/data-rights/step-up';
import { action } from '@/lib/safe-action';

import {
  handleGiveUpDelivery,
  handleResyncSubscriber,
  handleRetryDelivery,
  handleSetVolunteerStatus,
  handleUnsubscribeSubscriber,
  idInput,
  parseSubscriberFilter,
  parseVolunteerFilter,
  statusInput,
} from './handlers';
import { NOTICE_DONE, noticeParam } from './notice';

/**
 * The back office's server actions (issue 17 items 2-5): the lists' forms (network, newsletter, deliveries), the
 * enquiry page's forms and the staff page's role form. Each goes through the action wrapper (lib/safe-action.ts):
 * guard 'staff' (the staff form: 'admin'), checked here on the server whatever the page showed, so signed out →
 * 401, no back-office role → 403, a failed role check → 503, before the input is validated (422 'invalid') and
 * before anything is written; then the operation in lib/back-office/handlers.ts, lib/admin/inbox.ts or
 * lib/admin/staff.ts records the change in the audit trail. The forms work without JavaScript, so every action
 * ends in a redirect (post/redirect/get) carrying its `ActionResult` as a notice: the lists go back with their
 * filters (re-parsed, never echoed raw) and `?done=` / `?error=`; the enquiry and staff pages as
 * lib/admin/finish.ts says (signed out → sign in, not allowed → 403 page). The locale is the form's `locale` field.
 */

const localeOf = (raw: unknown) => toLocale(formText(raw, 'locale') || null);

/** The list's filters as a query string (only known filters with valid values survive). */
function filtersOf(raw: unknown, parse: (raw: Record<string, string | undefined>) => object): string {
  const query = new URLSearchParams(formText(raw, 'return'));
  const parsed = parse(Object.fromEntries(query.entries())) as Record<string, string | undefined>;
  const out = new URLSearchParams();
  for (const [key, value] of Object.entries(parsed)) if (value) out.set(key, value);
  return out.toString();
}

/** Back to the list, with its filters and the notice of `result`. Never returns. */
function back(
  raw: unknown,
  path: string,
  filters: string,
  result: ActionResult<unknown, string>,
  done: (typeof NOTICE_DONE)[number],
): never {
  return redirect({
    href: `${path}?${filters ? `${filters}&` : ''}${noticeParam(result, done)}`,
    locale: localeOf(raw),
  });
}

/** The back-office operations' own answer as the wrapper's: the data, or the refusal as it is. */
const unwrap = <T, E extends string>(result: ActionResult<T, E>) => (result.ok ? result.data : result);

const setVolunteerStatus = action(
  { name: 'network-status', schema: statusInput, guard: 'staff' },
  async (input, { user }) => unwrap(await handleSetVolunteerStatus({ ok: true, user }, input)),
);

/** Network list: set one registration's status (`id`, `status`). */
export async function setVolunteerStatusAction(form: FormData): Promise<void> {
  const result = await setVolunteerStatus(form);
  back(form, '/admin/network', filtersOf(form, parseVolunteerFilter), result, 'statusSaved');
}

const unsubscribeSubscriber = action(
  { name: 'newsletter-unsubscribe', schema: idInput, guard: 'staff' },
  async (input, { user }) => unwrap(await handleUnsubscribeSubscriber({ ok: true, user }, input)),
);

/** Newsletter list: unsubscribe one subscriber on their behalf (`id`). */
export async function unsubscribeSubscriberAction(form: FormData): Promise<void> {
  const result = await unsubscribeSubscriber(form);
  back(form, '/admin/newsletter', filtersOf(form, parseSubscriberFilter), result, 'unsubscribed');
}

const resyncSubscriber = action(
  { name: 'newsletter-resync', schema: idInput, guard: 'staff' },
  async (input, { user }) => unwrap(await handleResyncSubscriber({ ok: true, user }, input)),
);

/** Newsletter list: send one subscriber's state to the mailing provider now (`id`). */
export async function resyncSubscriberAction(form: FormData): Promise<void> {
  const result = await resyncSubscriber(form);
  const done = !result.ok
    ? 'resynced'
    : result.data.outcome === 'synced'
      ? 'resynced'
      : result.data.outcome === 'failed'
        ? 'resyncFailed'
        : 'resyncNothing';
  back(form, '/admin/newsletter', filtersOf(form, parseSubscriberFilter), result, done);
}

const retryDelivery = action(
  { name: 'outbox-retry', schema: idInput, guard: 'staff' },
  async (input, { user }) => unwrap(await handleRetryDelivery({ ok: true, user }, input)),
);

/** Deliveries: make one item due now (`id`). */
export async function retryDeliveryAction(form: FormData): Promise<void> {
  back(form, '/admin/outbox', '', await retryDelivery(form), 'retried');
}

const giveUpDelivery = action(
  { name: 'outbox-give-up', schema: idInput, guard: 'staff' },
  async (input, { user }) => unwrap(await handleGiveUpDelivery({ ok: true, user }, input)),
);

/** Deliveries: give one pending item up (`id`). */
export async function giveUpDeliveryAction(form: FormData): Promise<void> {
  back(form, '/admin/outbox', '', await giveUpDelivery(form), 'gaveUp');
}

/** The enquiry's page for a well-formed `id`, else the inbox. */
function enquiryPath(raw: unknown): string {
  const id = formText(raw, 'id');
  return /^[0-9a-f-]{36}$/i.test(id) ? `/admin/enquiries/${id}` : '/admin/enquiries';
}

const updateEnquiry = action(
  { name: 'enquiry-update', schema: handlingInput, guard: 'staff' },
  async (input, { user }) => unwrap(await handleUpdateEnquiry({ ok: true, user }, input)),
);

/** Enquiry page: change its status and/or assignee (`id`, `status`, `assignedTo`). */
export async function updateEnquiryAction(form: FormData): Promise<void> {
  finishAdminAction(await updateEnquiry(form), { locale: localeOf(form), path: enquiryPath(form) });
}

const addNote = action({ name: 'enquiry-note', schema: noteInput, guard: 'staff' }, async (input, { user }) =>
  unwrap(await handleAddNote({ ok: true, user }, input)),
);

/** Enquiry page: add an internal note (`id`, `body`). */
export async function addNoteAction(form: FormData): Promise<void> {
  finishAdminAction(await addNote(form), { locale: localeOf(form), path: enquiryPath(form) });
}

const reply = action({ name: 'enquiry-reply', schema: noteInput, guard: 'staff' }, async (input, { user }) =>
  unwrap(await handleReply({ ok: true, user }, input)),
);

/** Enquiry page: answer the enquirer by email (`id`, `body`). */
export async function replyAction(form: FormData): Promise<void> {
  finishAdminAction(await reply(form), { locale: localeOf(form), path: enquiryPath(form) });
}

const setRole = action(
  {
    name: 'staff-role',
    schema: setRoleInput.extend({ password: z.string().max(1000).catch('') }),
    guard: 'admin',
  },
  async ({ password, ...input }, { user, ip }) => {
    // A role change hands out or takes away the back office: the admin's password again, not only the session.
    const refused = await confirmAdminPassword(user, ip, password);
    if (refused) {
      const named = refused.fieldErrors?._form;
      const error = named ?? (refused.error === 'rate-limited' ? 'rate-limited' : refused.error);
      // 'email-not-confirmed' is shown on the page (409), not as the generic 403 page.
      const status = refused.status === 403 ? 409 : refused.status;
      return { ok: false as const, status, error };
    }
    return unwrap(await handleSetRole({ ok: true, user }, input, { supabase: authKind() === 'supabase' }));
  },
);

/**
 * Staff page: grant, change or revoke a back-office role (`email`, `role`), admins only, after the admin's own
 * `password` (refused: ?error=wrong-password, rate-limited or email-not-confirmed).
 */
export async function setRoleAction(form: FormData): Promise<void> {
  finishAdminAction(await setRole(form), { locale: localeOf(form), path: '/admin/staff' });
}
