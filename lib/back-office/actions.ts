'use server';

import { forbidden } from 'next/navigation';
import { z } from 'zod';

import { redirect } from '@/i18n/navigation';
import { toLocale } from '@/i18n/routing';
import type { ActionFailure, ActionResult } from '@/lib/action-result';
import { confirmAdminPassword } from '@/lib/data-rights/step-up';
import { inboxSearch, parseInboxFilters } from '@/lib/enquiries';
import { formText } from '@/lib/forms/fields';
import { type Guard, action } from '@/lib/safe-action';

import { parseDeliveryFilter, parseSubscriberFilter, parseVolunteerFilter } from './filters';
import type { StaffOp } from './op';
import { backOfficeOps as ops } from './ops';
import { backOfficeLedger } from './requests';
import { type NoticeDone, filterQuery, isUuid, noticeError } from './shared';

/**
 * The back office's server actions: one per verb, each `action({ name, schema: op.schema, guard, once })` around
 * an operation of lib/back-office/ops.ts, so the pipeline (lib/safe-action.ts) checks the caller on the server
 * whatever the page showed (401 signed out, 403 without the role, 503 a failed check), counts nothing for staff,
 * validates the input (422) and claims the form's single-use `requestKey` (a double submit runs once and answers
 * the first result) before the operation runs. The forms work without JavaScript, so each action ends in the one
 * post/redirect/get step, `respond`: signed out → the sign-in page with `next`; not allowed → the 403 page;
 * otherwise back to the page (the lists with their filters, re-parsed, never echoed raw) with `?done=<notice>` or
 * `?error=<notice>` (lib/back-office/shared.ts), which components/back-office/notice.tsx shows. The locale is
 * the form's `locale` field.
 */

/** The operation as the pipeline's action: guard, schema, the request-key ledger, then `run`. */
function staffAction<S extends z.ZodType, T>(name: string, op: StaffOp<S, T>, guard: Guard = 'staff') {
  return action({ name, schema: op.schema, guard, once: backOfficeLedger }, (input, { user }) =>
    op.run(input, user!),
  );
}

/**
 * The one post/redirect/get step of every back-office form. Never returns. `done` is the success notice (or a
 * function of the operation's data); `filters` an already re-parsed query string kept on the way back.
 */
async function respond<T>(
  form: FormData,
  result: ActionResult<T, string>,
  {
    path,
    done,
    filters = '',
  }: { path: string; done: NoticeDone | ((data: T) => NoticeDone); filters?: string },
): Promise<never> {
  const locale = toLocale(formText(form, 'locale') || null);
  if (!result.ok && result.status === 401)
    redirect({ href: `/login?next=${encodeURIComponent(path)}`, locale });
  if (!result.ok && result.status === 403) forbidden();
  const notice = result.ok
    ? `done=${typeof done === 'function' ? done(result.data) : done}`
    : `error=${noticeError(result.error)}`;
  return redirect({ href: `${path}?${filters ? `${filters}&` : ''}${notice}`, locale });
}

/** The list's filters from the form's `return` field, re-parsed (only known filters with valid values survive). */
function returnFilters(form: FormData, parse: (raw: Record<string, string | undefined>) => object): string {
  return filterQuery(parse(Object.fromEntries(new URLSearchParams(formText(form, 'return')).entries())));
}

/** The enquiry's page for a well-formed `id`, else the inbox. */
function enquiryPath(form: FormData): string {
  const id = formText(form, 'id');
  return isUuid(id) ? `/admin/enquiries/${id}` : '/admin/enquiries';
}

const setVolunteerStatus = staffAction('network-status', ops.setVolunteerStatus);

/** Network list: set one registration's status (`id`, `status`). */
export async function setVolunteerStatusAction(form: FormData): Promise<void> {
  await respond(form, await setVolunteerStatus(form), {
    path: '/admin/network',
    done: 'statusSaved',
    filters: returnFilters(form, parseVolunteerFilter),
  });
}

/** A bulk form sent with no row ticked: back to the list with ?error=noSelection (nothing runs). */
const noSelection: ActionFailure<string> = { ok: false, status: 422, error: 'no-selection' };

const setVolunteerStatuses = staffAction('network-status-bulk', ops.setVolunteerStatuses);

/** Network list: set the status of the ticked registrations (`ids`, `to`). */
export async function setVolunteerStatusesAction(form: FormData): Promise<void> {
  // Anything but a form (a forged call) goes to the pipeline, which refuses it; an empty selection is told so.
  const result =
    form instanceof FormData && !form.getAll('ids').length ? noSelection : await setVolunteerStatuses(form);
  await respond(form, result, {
    path: '/admin/network',
    done: 'statusesSaved',
    filters: returnFilters(form, parseVolunteerFilter),
  });
}

const unsubscribeSubscriber = staffAction('newsletter-unsubscribe', ops.unsubscribeSubscriber);

/** Newsletter list: unsubscribe one subscriber on their behalf (`id`). */
export async function unsubscribeSubscriberAction(form: FormData): Promise<void> {
  await respond(form, await unsubscribeSubscriber(form), {
    path: '/admin/newsletter',
    done: 'unsubscribed',
    filters: returnFilters(form, parseSubscriberFilter),
  });
}

const resyncSubscriber = staffAction('newsletter-resync', ops.resyncSubscriber);
const RESYNC_NOTICE = { synced: 'resynced', failed: 'resyncFailed', nothing: 'resyncNothing' } as const;

/** Newsletter list: send one subscriber's state to the mailing provider now (`id`). */
export async function resyncSubscriberAction(form: FormData): Promise<void> {
  await respond(form, await resyncSubscriber(form), {
    path: '/admin/newsletter',
    done: (data) => RESYNC_NOTICE[data.outcome],
    filters: returnFilters(form, parseSubscriberFilter),
  });
}

const resyncSubscribers = staffAction('newsletter-resync-bulk', ops.resyncSubscribers);

/** Newsletter list: send the ticked subscribers' state to the mailing provider now (`ids`). */
export async function resyncSubscribersAction(form: FormData): Promise<void> {
  // Anything but a form (a forged call) goes to the pipeline, which refuses it; an empty selection is told so.
  const result =
    form instanceof FormData && !form.getAll('ids').length ? noSelection : await resyncSubscribers(form);
  await respond(form, result, {
    path: '/admin/newsletter',
    done: (data) => (data.failed > 0 ? 'resyncSelectionFailed' : 'resyncedSelection'),
    filters: returnFilters(form, parseSubscriberFilter),
  });
}

const retryDelivery = staffAction('outbox-retry', ops.retryDelivery);

/** Deliveries: make one item due now (`id`). */
export async function retryDeliveryAction(form: FormData): Promise<void> {
  await respond(form, await retryDelivery(form), {
    path: '/admin/outbox',
    done: 'retried',
    filters: returnFilters(form, parseDeliveryFilter),
  });
}

const giveUpDelivery = staffAction('outbox-give-up', ops.giveUpDelivery);

/** Deliveries: give one pending item up (`id`). */
export async function giveUpDeliveryAction(form: FormData): Promise<void> {
  await respond(form, await giveUpDelivery(form), {
    path: '/admin/outbox',
    done: 'gaveUp',
    filters: returnFilters(form, parseDeliveryFilter),
  });
}

const updateEnquiry = staffAction('enquiry-update', ops.updateEnquiry);

/** Enquiry page: change its status and/or assignee (`id`, `status`, `assignedTo`). */
export async function updateEnquiryAction(form: FormData): Promise<void> {
  await respond(form, await updateEnquiry(form), { path: enquiryPath(form), done: 'saved' });
}

const addNote = staffAction('enquiry-note', ops.addNote);

/** Enquiry page: add an internal note (`id`, `body`). */
export async function addNoteAction(form: FormData): Promise<void> {
  await respond(form, await addNote(form), { path: enquiryPath(form), done: 'noteAdded' });
}

const reply = staffAction('enquiry-reply', ops.reply);

/** Enquiry page: answer the enquirer by email (`id`, `body`). */
export async function replyAction(form: FormData): Promise<void> {
  await respond(form, await reply(form), { path: enquiryPath(form), done: 'replyQueued' });
}

const bulkUpdateEnquiries = staffAction('enquiry-bulk', ops.bulkUpdateEnquiries);

/**
 * Inbox: one change for every ticked enquiry (`ids`, `change`, `assignedTo` for 'assign'), back to the inbox with
 * its filters (the form's `return`, re-parsed).
 */
export async function bulkEnquiriesAction(form: FormData): Promise<void> {
  const back = new URLSearchParams(formText(form, 'return'));
  const { values, query } = parseInboxFilters(Object.fromEntries(back.entries()));
  await respond(form, await bulkUpdateEnquiries(form), {
    path: '/admin/enquiries',
    done: 'bulkUpdated',
    filters: inboxSearch(values, query.page),
  });
}

const setRole = action(
  {
    name: 'staff-role',
    schema: ops.setRole.schema.extend({ password: z.string().max(1000).catch('') }),
    guard: 'admin',
    once: backOfficeLedger,
  },
  async ({ password, ...input }, { user, ip }) => {
    // A role change hands out or takes away the back office: the admin's password again, not only the session.
    const refused = await confirmAdminPassword(user, ip, password);
    if (refused) {
      const error = refused.fieldErrors?._form ?? refused.error;
      // 'email-not-confirmed' is shown on the page (409), not as the generic 403 page.
      return { ok: false as const, status: refused.status === 403 ? 409 : refused.status, error };
    }
    return ops.setRole.run(input, user);
  },
);

/**
 * Staff page: grant, change or revoke a back-office role (`email`, `role`), admins only, after the admin's own
 * `password` (refused: ?error=wrongPassword, rateLimited or emailNotConfirmed).
 */
export async function setRoleAction(form: FormData): Promise<void> {
  await respond(form, await setRole(form), {
    path: '/admin/staff',
    done: (data) => (data.code === 'role-changed' ? 'roleChanged' : 'roleUnchanged'),
  });
}
