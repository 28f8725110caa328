import 'server-only';

import {
  type Database,
  type NewsletterSubscriber,
  type OutboxItem,
  type SideEffectOutcome,
  enqueueOutbox,
  findNewsletterSubscriber,
  findVolunteer,
  getDb,
  markOutbox,
  recordNewsletterSync,
  upsertNewsletterSubscriber,
} from '@/lib/db';

import { newsletterContact, volunteerContact } from './contacts';
import { type MailingOptions, hasMailingProvider, syncContact } from './sync';

/** Outbox kinds handled by `runMailingJob`; the outbox worker (lib/outbox) routes these here. */
export const MAILING_JOB_KINDS = ['newsletter.sync', 'volunteer.followup'] as const;
export type MailingJobKind = (typeof MAILING_JOB_KINDS)[number];

/** Timeout of the sync tried during the signup request itself: the person is waiting for the thank-you page. */
export const IMMEDIATE_SYNC_TIMEOUT_MS = 5000;
/**
 * The 'newsletter.sync' item of a signup becomes due this long after it is saved, so the outbox worker does not
 * sync the same contact while the request is still trying; if the process dies in between, the worker takes over.
 */
export const IMMEDIATE_SYNC_GRACE_SECONDS = 60;

/** Payload of a 'newsletter.sync' outbox item: the row to sync and what the signup asked for. */
export interface NewsletterSyncPayload {
  subscriberId: string;
  email: string;
  locale?: string;
  source?: string;
  firstName?: string;
  lastName?: string;
  tags?: string[];
  mergeFields?: Record<string, string>;
}

/** Payload of a 'volunteer.followup' outbox item (the registration is read from the volunteers table). */
export interface VolunteerFollowupPayload {
  volunteerId: string;
}

export interface JobOptions extends MailingOptions {
  /** The database (or transaction) to use; default `getDb()`. */
  db?: Database;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v : undefined);

function newsletterPayload(payload: Record<string, unknown>): NewsletterSyncPayload | null {
  const subscriberId = str(payload.subscriberId);
  const email = str(payload.email);
  if (!subscriberId || !email) return null;
  const tags = Array.isArray(payload.tags)
    ? payload.tags.filter((t): t is string => typeof t === 'string')
    : undefined;
  const merge =
    payload.mergeFields && typeof payload.mergeFields === 'object' && !Array.isArray(payload.mergeFields)
      ? Object.fromEntries(
          Object.entries(payload.mergeFields).filter((e): e is [string, string] => typeof e[1] === 'string'),
        )
      : undefined;
  return {
    subscriberId,
    email,
    locale: str(payload.locale),
    source: str(payload.source),
    firstName: str(payload.firstName),
    lastName: str(payload.lastName),
    tags,
    mergeFields: merge,
  };
}

/** Storable text for a database failure: its class and SQLSTATE, never the query or the values. */
function dbFailure(error: unknown): SideEffectOutcome {
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause;
  const code = typeof cause?.code === 'string' ? ` ${cause.code}` : '';
  console.error('[mailing] database error in a mailing job', error);
  return { ok: false, error: `database: ${error instanceof Error ? error.name : 'error'}${code}` };
}

async function runNewsletterSync(db: Database, p: NewsletterSyncPayload, options: MailingOptions) {
  const row = await findNewsletterSubscriber(db, p.email);
  // Deleted or unsubscribed since the signup: there is nothing to send, and retrying would not change that.
  if (!row || row.id !== p.subscriberId || row.status !== 'active') return { ok: true } as const;
  if (!hasMailingProvider(options)) {
    await recordNewsletterSync(db, row.id, { skipped: true });
    return { ok: true } as const;
  }
  const outcome = await syncContact(
    newsletterContact(row.email, {
      firstName: p.firstName,
      lastName: p.lastName,
      tags: p.tags,
      mergeFields: p.mergeFields,
      source: p.source ?? row.source,
    }),
    options,
  );
  await recordNewsletterSync(db, row.id, outcome);
  return outcome;
}

async function runVolunteerFollowup(db: Database, volunteerId: string, options: MailingOptions) {
  if (!hasMailingProvider(options)) return { ok: true } as const;
  const v = await findVolunteer(db, volunteerId);
  if (!v) return { ok: true } as const;
  return syncContact(
    volunteerContact({
      fullName: v.name,
      email: v.email,
      phone: v.phone,
      membershipType: v.membershipType,
      organization: v.organizationName,
      interests: v.interests,
      availability: v.availability,
      experience: v.experienceLevel,
      skills: v.skills,
      country: v.country,
      city: v.location,
    }),
    options,
  );
}

/**
 * Runs one outbox item of a MAILING_JOB_KINDS kind (called by the outbox worker, which then calls `markOutbox`
 * with the outcome).
 * - 'newsletter.sync' {subscriberId, email, locale?, …}: syncs the subscriber (if still active) and records the
 *   outcome on its row (`recordNewsletterSync`).
 * - 'volunteer.followup' {volunteerId}: syncs the registration with the spec §3 mapping (best effort, spec §7).
 * With no provider configured both succeed as skipped; a row that no longer exists succeeds with nothing sent.
 * Never throws: an unknown kind, a malformed payload or a database error is a failed outcome.
 */
export async function runMailingJob(
  item: Pick<OutboxItem, 'kind' | 'payload'>,
  options: JobOptions = {},
): Promise<SideEffectOutcome> {
  try {
    const db = options.db ?? (await getDb());
    if (item.kind === 'newsletter.sync') {
      const payload = newsletterPayload(item.payload);
      if (!payload) return { ok: false, error: 'newsletter.sync: payload lacks subscriberId or email' };
      return await runNewsletterSync(db, payload, options);
    }
    if (item.kind === 'volunteer.followup') {
      const volunteerId = str(item.payload.volunteerId);
      if (!volunteerId) return { ok: false, error: 'volunteer.followup: payload lacks volunteerId' };
      return await runVolunteerFollowup(db, volunteerId, options);
    }
    return { ok: false, error: `mailing: unknown job kind ${item.kind.slice(0, 60)}` };
  } catch (error) {
    return dbFailure(error);
  }
}

export interface NewsletterSubscribeInput {
  email: string;
  /** Where the signup came from, e.g. 'website', 'api' (kept from the first signup). */
  source: string;
  /** Locale of the page (kept on the row with the consent time). */
  locale: string;
  firstName?: string;
  lastName?: string;
  tags?: string[];
  mergeFields?: Record<string, string>;
}

export interface NewsletterSubscribeResult {
  subscriber: NewsletterSubscriber;
  /** False for a second signup with the same email (the row was updated, not added). */
  created: boolean;
  /** 'ok' synced now; 'queued' saved, the outbox will retry the provider; 'skipped' no provider (database only). */
  synced: 'ok' | 'queued' | 'skipped';
}

/**
 * A newsletter signup, saved first (DESIGN.md §5, spec §7):
 * 1. in one transaction, upserts the `newsletter_subscribers` row (consent time and locale refreshed, no duplicate
 *    for a second signup) and, when a provider is configured, enqueues a 'newsletter.sync' outbox item (due after
 *    IMMEDIATE_SYNC_GRACE_SECONDS); without a provider the row is marked skipped and nothing is queued;
 * 2. tries the provider once now (IMMEDIATE_SYNC_TIMEOUT_MS unless `options.timeoutMs`): success records the sync
 *    and marks the item sent; failure records it and leaves the item pending for the outbox worker.
 * @throws only when step 1 fails (nothing was saved); a provider failure never fails the signup.
 */
export async function subscribeNewsletter(
  db: Database,
  input: NewsletterSubscribeInput,
  options: MailingOptions = {},
): Promise<NewsletterSubscribeResult> {
  const withProvider = hasMailingProvider(options);
  const saved = await db.transaction(async (tx) => {
    const { subscriber, created } = await upsertNewsletterSubscriber(tx, {
      email: input.email,
      locale: input.locale,
      source: input.source,
    });
    if (!withProvider) {
      const skipped = await recordNewsletterSync(tx, subscriber.id, { skipped: true });
      return { subscriber: skipped ?? subscriber, created, item: null };
    }
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
    const item = await enqueueOutbox(tx, {
      kind: 'newsletter.sync',
      payload: { ...payload },
      delaySeconds: IMMEDIATE_SYNC_GRACE_SECONDS,
    });
    return { subscriber, created, item };
  });
  if (!saved.item) return { subscriber: saved.subscriber, created: saved.created, synced: 'skipped' };

  const outcome = await syncContact(
    newsletterContact(saved.subscriber.email, {
      firstName: input.firstName,
      lastName: input.lastName,
      tags: input.tags,
      mergeFields: input.mergeFields,
      source: input.source,
    }),
    { ...options, timeoutMs: options.timeoutMs ?? IMMEDIATE_SYNC_TIMEOUT_MS },
  );
  let subscriber = saved.subscriber;
  try {
    subscriber = (await recordNewsletterSync(db, subscriber.id, outcome)) ?? subscriber;
    await markOutbox(db, saved.item, outcome);
  } catch (error) {
    // The signup and its outbox item are saved; the worker will sync and record it.
    console.error('[mailing] could not record the immediate newsletter sync', error);
  }
  return { subscriber, created: saved.created, synced: outcome.ok ? 'ok' : 'queued' };
}
