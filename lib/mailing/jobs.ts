import 'server-only';

import { namespaceTranslator } from '@/i18n/messages';
import { siteConfig } from '@/lib/config/site';
import {
  type Database,
  NEWSLETTER_CONFIRM_KIND,
  type OutboxItem,
  type SideEffectOutcome,
  findNewsletterSubscriber,
  findNewsletterSubscriberById,
  findVolunteer,
  getDb,
  recordNewsletterSync,
} from '@/lib/db';
import { type EmailMessage, sendEmail } from '@/lib/mailing/transport';
import { formSecret } from '@/lib/forms/secret';

import { newsletterContact, volunteerContact } from './contacts';
import {
  type NewsletterEmailTexts,
  newsletterConfirmEmail,
  newsletterPageUrl,
  oneClickUnsubscribeUrl,
} from './emails';
import { issueNewsletterToken, newsletterLinkKey, subscriberStateTag } from './links';
import {
  type MailingOptions,
  forgetContact,
  hasMailingProvider,
  syncContact,
  unsubscribeContact,
} from './sync';

/** Outbox kind of telling the provider that a subscriber unsubscribed; payload `{ subscriberId, email }`. */
export const NEWSLETTER_UNSUBSCRIBE_KIND = 'newsletter.unsubscribe';

/**
 * Outbox kind of telling the provider to erase a person (lib/data-rights); payload `{ email }`. The row is deleted
 * once done (lib/data-rights, and the outbox housekeeping), so the address does not outlive the erasure.
 */
export const MAILING_FORGET_KIND = 'mailing.forget';

/** Outbox kinds handled by `runMailingJob`; the outbox worker (lib/mailing/outbox) routes these here. */
export const MAILING_JOB_KINDS = [
  'newsletter.sync',
  'volunteer.followup',
  NEWSLETTER_CONFIRM_KIND,
  NEWSLETTER_UNSUBSCRIBE_KIND,
  MAILING_FORGET_KIND,
] as const;
export type MailingJobKind = (typeof MAILING_JOB_KINDS)[number];

/**
 * Payload of a 'newsletter.sync' outbox item (queued when the person confirms) and of a 'newsletter.confirm' item
 * (queued by the signup; its details wait there for the confirmation): the row and what the signup asked for.
 */
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
  /** Sends a newsletter email; default `sendEmail` (SMTP, or the outbox and the mail folder). */
  send?: (message: EmailMessage, reference: string) => Promise<SideEffectOutcome>;
  /** Key of the signed links; default derived from the server secret (lib/forms/secret.ts). */
  linkKey?: Buffer;
  /** Milliseconds since the epoch for the links' expiry; default `Date.now()`. */
  now?: number;
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

/**
 * The `NewsletterEmails` texts in `locale` (English for an unknown locale or a missing key), without a request
 * scope (works in the outbox worker).
 */
export async function newsletterEmailTexts(locale: string | undefined): Promise<NewsletterEmailTexts> {
  return namespaceTranslator(locale, 'NewsletterEmails');
}

async function defaultSend(message: EmailMessage, reference: string): Promise<SideEffectOutcome> {
  const outcome = await sendEmail(message, { reference });
  return outcome.ok ? { ok: true } : { ok: false, error: outcome.error };
}

/**
 * Mails the confirmation link of a pending (or unsubscribed) subscriber. The links are signed now, from the row as
 * it is now, so the outbox keeps no usable link; a row that is active or gone by now needs no email.
 */
async function runConfirmEmail(db: Database, p: NewsletterSyncPayload, options: JobOptions) {
  const row = await findNewsletterSubscriberById(db, p.subscriberId);
  if (!row || row.status === 'active') return { ok: true } as const;
  const key = options.linkKey ?? newsletterLinkKey(formSecret());
  const now = options.now ?? Date.now();
  const site = siteConfig();
  const locale = row.locale;
  const confirmToken = issueNewsletterToken(key, 'confirm', row.id, now, subscriberStateTag(row));
  const unsubscribeToken = issueNewsletterToken(key, 'unsubscribe', row.id, now);
  const message = newsletterConfirmEmail(
    {
      to: row.email,
      siteName: site.name,
      confirmUrl: newsletterPageUrl(site.url, 'confirm', locale, confirmToken),
      unsubscribeUrl: newsletterPageUrl(site.url, 'unsubscribe', locale, unsubscribeToken),
      oneClickUrl: oneClickUnsubscribeUrl(site.url, unsubscribeToken, locale),
    },
    await newsletterEmailTexts(locale),
  );
  return (options.send ?? defaultSend)(message, `${NEWSLETTER_CONFIRM_KIND} (subscriber ${row.id})`);
}

/** Tells the provider about an unsubscription, unless the person has confirmed again since. */
async function runProviderUnsubscribe(db: Database, p: NewsletterSyncPayload, options: MailingOptions) {
  const row = await findNewsletterSubscriberById(db, p.subscriberId);
  if (row?.status === 'active') return { ok: true } as const;
  if (!hasMailingProvider(options)) return { ok: true } as const;
  const outcome = await unsubscribeContact(p.email, options);
  if (row) await recordNewsletterSync(db, row.id, outcome);
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
 * - 'volunteer.followup' {volunteerId}: syncs the registration with the docs/SPEC-NOTES.md §3 mapping (best effort, docs/SPEC-NOTES.md §7).
 * - 'newsletter.confirm' {subscriberId, email, locale, …}: mails the double opt-in link (nothing when the row is
 *   active or gone by now).
 * - 'newsletter.unsubscribe' {subscriberId, email}: tells the provider (nothing when confirmed again since).
 * - 'mailing.forget' {email}: tells the provider to erase the person (`forgetContact`).
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
    if (item.kind === NEWSLETTER_CONFIRM_KIND || item.kind === NEWSLETTER_UNSUBSCRIBE_KIND) {
      const payload = newsletterPayload(item.payload);
      if (!payload) return { ok: false, error: `${item.kind}: payload lacks subscriberId or email` };
      return item.kind === NEWSLETTER_CONFIRM_KIND
        ? await runConfirmEmail(db, payload, options)
        : await runProviderUnsubscribe(db, payload, options);
    }
    if (item.kind === MAILING_FORGET_KIND) {
      const email = str(item.payload.email);
      if (!email) return { ok: false, error: `${MAILING_FORGET_KIND}: payload lacks email` };
      return await forgetContact(email, options);
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
