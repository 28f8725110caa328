import 'server-only';

import {
  type Database,
  NEWSLETTER_CONFIRM_KIND,
  type NewsletterSubscriber,
  activateNewsletterSubscriber,
  claimUntriedOutboxItem,
  confirmationQueuedSince,
  enqueueOutbox,
  findNewsletterSubscriberById,
  getDb,
  latestConfirmationPayload,
  markOutbox,
  recordNewsletterSync,
  unsubscribeNewsletterSubscriber,
  upsertNewsletterSubscriber,
} from '@/lib/db';
import { formSecret } from '@/lib/forms/secret';

import {
  type JobOptions,
  NEWSLETTER_UNSUBSCRIBE_KIND,
  type NewsletterSyncPayload,
  runMailingJob,
} from './jobs';
import { subscriberStateTag, verifyNewsletterToken, newsletterLinkKey } from './links';
import { hasMailingProvider } from './sync';

/**
 * The newsletter's consent flow (double opt-in), saved first and mailed after (docs/ARCHITECTURE.md §5):
 * `subscribeNewsletter` (anonymous: form or JSON route) stores a `pending` row and queues a confirmation email;
 * `confirmNewsletter` (the person's signed link, then a button) makes it `active` with the consent time and only
 * then queues the provider sync; `unsubscribeNewsletter` (signed link, no login) ends it and tells the provider.
 */

/**
 * A repeated signup of an address mails its confirmation again at most this often: a pending address every
 * 15 minutes (the person may have lost the first email), an unsubscribed one once a day (they said no before).
 */
export const CONFIRM_RESEND_SECONDS = { pending: 15 * 60, unsubscribed: 24 * 60 * 60 } as const;
/**
 * The 'newsletter.sync' item of a confirmation becomes due this long after it is saved, so the worker does not
 * sync while the request's own attempt runs; if the process dies in between, the worker takes over.
 */
export const IMMEDIATE_SYNC_GRACE_SECONDS = 60;

/** Runs a task after the response (Next's `after` in actions and route handlers); default: at once, awaited. */
export type Defer = (task: () => Promise<void>) => void | Promise<void>;

export interface FlowOptions extends JobOptions {
  /** How to run the email or provider call that follows the write; default at once (tests, scripts). */
  defer?: Defer;
}

export interface NewsletterSubscribeInput {
  email: string;
  /** Where the signup came from, e.g. 'website', 'api' (kept from the first signup). */
  source: string;
  /** Which of the site's forms sent it ('home', 'community'), stored in its own column; never sent to providers. */
  form?: string;
  /** Locale of the page (the confirmation email and the pages after it speak it). */
  locale: string;
  firstName?: string;
  lastName?: string;
  tags?: string[];
  mergeFields?: Record<string, string>;
}

export interface NewsletterSubscribeResult {
  subscriber: NewsletterSubscriber;
  /** False for a second signup with the same email (the row was kept, not added). */
  created: boolean;
  /**
   * 'queued' a confirmation email is on its way; 'throttled' one went out recently (CONFIRM_RESEND_SECONDS);
   * 'none' the address is already active. Never shown to the requester: every case answers the same.
   */
  confirmation: 'queued' | 'throttled' | 'none';
}

/** Claims the untried outbox item of `kind` for this subscriber and runs it now; the worker retries a failure. */
async function runQueuedNow(db: Database, kind: string, subscriberId: string, options: JobOptions) {
  try {
    const item = await claimUntriedOutboxItem(db, { kind, payloadKey: 'subscriberId', value: subscriberId });
    if (!item) return;
    const outcome = await runMailingJob(item, { ...options, db });
    await markOutbox(db, item, outcome);
  } catch (error) {
    // Saved and queued: the outbox worker sends it.
    console.error(`[mailing] running ${kind} at once failed`, error instanceof Error ? error.message : error);
  }
}

async function later(options: FlowOptions, task: () => Promise<void>) {
  if (options.defer) await options.defer(task);
  else await task();
}

/**
 * An anonymous newsletter signup. In one transaction: saves the address (`upsertNewsletterSubscriber`: a new one
 * `pending`; an `active` or `unsubscribed` row is never changed, so nobody is re-subscribed and no consent time is
 * reset) and, unless the address is active or was mailed within CONFIRM_RESEND_SECONDS, queues a
 * 'newsletter.confirm' email carrying what the signup asked for (names, tags, merge fields: synced only after the
 * confirmation). Then mails it (`options.defer`, else at once). The caller answers the same whatever the outcome.
 * @throws only when the transaction fails (nothing saved); a failed email is retried by the outbox.
 */
export async function subscribeNewsletter(
  db: Database,
  input: NewsletterSubscribeInput,
  options: FlowOptions = {},
): Promise<NewsletterSubscribeResult> {
  const saved = await db.transaction(async (tx) => {
    const { subscriber, created } = await upsertNewsletterSubscriber(tx, {
      email: input.email,
      locale: input.locale,
      source: input.source,
      form: input.form,
    });
    if (subscriber.status === 'active') return { subscriber, created, confirmation: 'none' as const };
    if (await confirmationQueuedSince(tx, subscriber.email, CONFIRM_RESEND_SECONDS[subscriber.status]))
      return { subscriber, created, confirmation: 'throttled' as const };
    const payload: NewsletterSyncPayload = {
      subscriberId: subscriber.id,
      email: subscriber.email,
      locale: input.locale,
      source: input.source,
      ...(input.firstName ? { firstName: input.firstName } : {}),
      ...(input.lastName ? { lastName: input.lastName } : {}),
      ...(input.tags ? { tags: input.tags } : {}),
      ...(input.mergeFields ? { mergeFields: input.mergeFields } : {}),
    };
    await enqueueOutbox(tx, { kind: NEWSLETTER_CONFIRM_KIND, payload: { ...payload } });
    return { subscriber, created, confirmation: 'queued' as const };
  });
  if (saved.confirmation === 'queued')
    await later(options, () => runQueuedNow(db, NEWSLETTER_CONFIRM_KIND, saved.subscriber.id, options));
  return saved;
}

export type ConfirmOutcome = 'confirmed' | 'already-active' | 'invalid' | 'expired';

const keyOf = (options: JobOptions) => options.linkKey ?? newsletterLinkKey(formSecret());

/**
 * Checks a confirmation token without changing anything (the link's GET page uses it to show the button or an
 * explanation). @returns 'confirmed' when the button would work, else why not.
 */
export async function checkConfirmToken(
  db: Database,
  token: unknown,
  options: JobOptions = {},
): Promise<ConfirmOutcome> {
  const check = verifyNewsletterToken(keyOf(options), 'confirm', token, options.now ?? Date.now());
  if (!check.ok) return check.reason;
  const row = await findNewsletterSubscriberById(db, check.subscriberId);
  if (!row) return 'invalid';
  if (row.status === 'active') return 'already-active';
  return subscriberStateTag(row) === check.stateTag ? 'confirmed' : 'invalid';
}

/**
 * `checkConfirmToken` on the site's database, for the link's page (a page never opens the database itself:
 * docs/ARCHITECTURE.md §1 "The rules"). @throws on a database error.
 */
export async function checkConfirmLink(token: unknown): Promise<ConfirmOutcome> {
  return checkConfirmToken(await getDb(), token);
}

/**
 * The person's confirmation (the button on the link's page, never the GET itself). The token must be valid,
 * unexpired and made for the row as it is now (a link mailed before the person unsubscribed no longer works).
 * In one transaction: the row becomes `active` with consented_at = now, and when a provider is configured a
 * 'newsletter.sync' item with the signup's details is queued (without one the row is marked skipped); then the
 * sync runs (`options.defer`, else at once). An active row stays as it is ('already-active').
 * @throws on a database error.
 */
export async function confirmNewsletter(
  db: Database,
  token: unknown,
  options: FlowOptions = {},
): Promise<ConfirmOutcome> {
  const check = verifyNewsletterToken(keyOf(options), 'confirm', token, options.now ?? Date.now());
  if (!check.ok) return check.reason;
  const result = await db.transaction(async (tx) => {
    const row = await findNewsletterSubscriberById(tx, check.subscriberId, { forUpdate: true });
    if (!row) return { outcome: 'invalid' as const };
    if (row.status === 'active') return { outcome: 'already-active' as const };
    if (subscriberStateTag(row) !== check.stateTag) return { outcome: 'invalid' as const };
    const active = await activateNewsletterSubscriber(tx, row.id);
    if (!hasMailingProvider(options)) {
      await recordNewsletterSync(tx, row.id, { skipped: true });
      return { outcome: 'confirmed' as const, sync: false, row: active ?? row };
    }
    const asked = (await latestConfirmationPayload(tx, row.id)) ?? {};
    await enqueueOutbox(tx, {
      kind: 'newsletter.sync',
      payload: { ...asked, subscriberId: row.id, email: row.email, locale: row.locale },
      delaySeconds: IMMEDIATE_SYNC_GRACE_SECONDS,
    });
    return { outcome: 'confirmed' as const, sync: true, row: active ?? row };
  });
  if (result.outcome === 'confirmed' && result.sync) {
    const id = result.row.id;
    await later(options, () => runQueuedNow(db, 'newsletter.sync', id, options));
  }
  return result.outcome;
}

export type UnsubscribeOutcome = 'unsubscribed' | 'invalid' | 'expired';

/** Checks an unsubscribe token without acting (the link's GET page). */
export function checkUnsubscribeToken(token: unknown, options: JobOptions = {}): UnsubscribeOutcome {
  const check = verifyNewsletterToken(keyOf(options), 'unsubscribe', token, options.now ?? Date.now());
  return check.ok ? 'unsubscribed' : check.reason;
}

/**
 * Unsubscribes the person named by a signed unsubscribe token (no login: the link is the proof). In one
 * transaction: an active row becomes `unsubscribed` (its consent time is kept) and, with a provider, a
 * 'newsletter.unsubscribe' item is queued and then run (`options.defer`, else at once); a pending row is deleted
 * (it never consented). Idempotent: an unknown or already unsubscribed row also answers 'unsubscribed'.
 * @throws on a database error.
 */
export async function unsubscribeNewsletter(
  db: Database,
  token: unknown,
  options: FlowOptions = {},
): Promise<UnsubscribeOutcome> {
  const check = verifyNewsletterToken(keyOf(options), 'unsubscribe', token, options.now ?? Date.now());
  if (!check.ok) return check.reason;
  const queued = await db.transaction(async (tx) => {
    const row = await findNewsletterSubscriberById(tx, check.subscriberId, { forUpdate: true });
    const before = await unsubscribeNewsletterSubscriber(tx, check.subscriberId);
    if (before !== 'active' || !row || !hasMailingProvider(options)) return false;
    await enqueueOutbox(tx, {
      kind: NEWSLETTER_UNSUBSCRIBE_KIND,
      payload: { subscriberId: row.id, email: row.email },
    });
    return true;
  });
  if (queued)
    await later(options, () => runQueuedNow(db, NEWSLETTER_UNSUBSCRIBE_KIND, check.subscriberId, options));
  return 'unsubscribed';
}
