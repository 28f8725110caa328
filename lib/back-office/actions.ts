'use server';

import { redirect } from '@/i18n/navigation';
import { toLocale } from '@/i18n/routing';
import { checkStaff } from '@/lib/auth';
import {
  handleGiveUpDelivery,
  handleResyncSubscriber,
  handleRetryDelivery,
  handleSetVolunteerStatus,
  handleUnsubscribeSubscriber,
  parseSubscriberFilter,
  parseVolunteerFilter,
} from './handlers';
import { NOTICE_DONE, noticeParam } from './notice';

/**
 * Server actions of the back-office lists (issue 17 items 3-5): each checks the caller again with `checkStaff()`
 * (never trusting the page's guard) and hands the result to lib/back-office/handlers.ts, which refuses the signed
 * out (401), people without a back-office role (403) and a failed check (503) before any write, validates the
 * form with zod and records the change in the audit trail. Then back to the list, in the form's locale and with
 * its filters (re-parsed, never echoed raw), with `?done=` or `?error=` for the status region. A call with anything
 * but a form (a forged request to the action's endpoint) returns at once, reading and writing nothing.
 */

/** The list's filters as a query string (only known filters with valid values survive). */
function filtersOf(form: FormData, parse: (raw: Record<string, string | undefined>) => object): string {
  const raw = new URLSearchParams(String(form.get('return') ?? ''));
  const parsed = parse(Object.fromEntries(raw.entries())) as Record<string, string | undefined>;
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(parsed)) if (value) query.set(key, value);
  return query.toString();
}

function back(
  form: FormData,
  path: string,
  filters: string,
  result: { ok: true } | { ok: false; error: string },
  done: (typeof NOTICE_DONE)[number],
): never {
  const notice = noticeParam(result, done);
  return redirect({
    href: `${path}?${filters ? `${filters}&` : ''}${notice}`,
    locale: toLocale(form.get('locale')),
  });
}

const field = (form: FormData, name: string) => form.get(name) ?? undefined;

/** Network list: set one registration's status (`id`, `status`). */
export async function setVolunteerStatusAction(form: FormData): Promise<void> {
  if (!(form instanceof FormData)) return;
  const result = await handleSetVolunteerStatus(await checkStaff(), {
    id: field(form, 'id'),
    status: field(form, 'status'),
  });
  back(form, '/admin/network', filtersOf(form, parseVolunteerFilter), result, 'statusSaved');
}

/** Newsletter list: unsubscribe one subscriber on their behalf (`id`). */
export async function unsubscribeSubscriberAction(form: FormData): Promise<void> {
  if (!(form instanceof FormData)) return;
  const result = await handleUnsubscribeSubscriber(await checkStaff(), { id: field(form, 'id') });
  back(form, '/admin/newsletter', filtersOf(form, parseSubscriberFilter), result, 'unsubscribed');
}

/** Newsletter list: send one subscriber's state to the mailing provider now (`id`). */
export async function resyncSubscriberAction(form: FormData): Promise<void> {
  if (!(form instanceof FormData)) return;
  const result = await handleResyncSubscriber(await checkStaff(), { id: field(form, 'id') });
  const done = !result.ok
    ? 'resynced'
    : result.data.outcome === 'synced'
      ? 'resynced'
      : result.data.outcome === 'failed'
        ? 'resyncFailed'
        : 'resyncNothing';
  back(form, '/admin/newsletter', filtersOf(form, parseSubscriberFilter), result, done);
}

/** Deliveries: make one item due now (`id`). */
export async function retryDeliveryAction(form: FormData): Promise<void> {
  if (!(form instanceof FormData)) return;
  const result = await handleRetryDelivery(await checkStaff(), { id: field(form, 'id') });
  back(form, '/admin/outbox', '', result, 'retried');
}

/** Deliveries: give one pending item up (`id`). */
export async function giveUpDeliveryAction(form: FormData): Promise<void> {
  if (!(form instanceof FormData)) return;
  const result = await handleGiveUpDelivery(await checkStaff(), { id: field(form, 'id') });
  back(form, '/admin/outbox', '', result, 'gaveUp');
}
