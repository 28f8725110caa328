import 'server-only';

import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';

import type { Database } from '../client';
import { type NewsletterSubscriber, newsletterSubscribers, outbox } from '../schema';
import { type SideEffectOutcome, errorText, normaliseEmail } from './side-effects';

/** Outbox kind of a newsletter confirmation email (double opt-in); payload `{ subscriberId, email, locale, … }`. */
export const NEWSLETTER_CONFIRM_KIND = 'newsletter.confirm';

export interface NewsletterSignup {
  email: string;
  /** Locale of the page the person signed up on; the confirmation email and the provider use it. */
  locale: string;
  /** Where the signup came from; default 'website' (docs/SPEC-NOTES.md §3). Kept from the first signup. */
  source?: string;
  /** Which of the site's forms sent it ('home', 'community', …), in its own column. Kept from the first signup. */
  form?: string;
}

/**
 * Saves an anonymous newsletter signup, idempotent by the trimmed, lower-cased email. A new address is stored as
 * `pending` with no consent time (double opt-in: only the emailed link makes it `active`). A second signup never
 * changes an `active` or `unsubscribed` row (an anonymous request must not re-activate anyone or reset their
 * consent time); a `pending` row only takes the new locale, so the next confirmation email speaks it. The row is
 * locked (FOR UPDATE) until the caller's transaction ends, so concurrent signups of one address queue up.
 * @returns the row and whether this call created it. @throws on a database error.
 */
export async function upsertNewsletterSubscriber(
  db: Database,
  input: NewsletterSignup,
): Promise<{ subscriber: NewsletterSubscriber; created: boolean }> {
  const email = normaliseEmail(input.email);
  // Insert-or-nothing then lock and maybe update: tells a new subscriber from a returning one without relying
  // on system columns. The loop covers a row deleted between the two statements.
  for (let attempt = 0; attempt < 3; attempt++) {
    const [inserted] = await db
      .insert(newsletterSubscribers)
      .values({
        email,
        locale: input.locale,
        source: input.source ?? 'website',
        form: input.form ?? null,
        status: 'pending',
      })
      .onConflictDoNothing({ target: newsletterSubscribers.email })
      .returning();
    if (inserted) return { subscriber: inserted, created: true };
    const [existing] = await db
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, email))
      .for('update');
    if (!existing) continue;
    if (existing.status !== 'pending' || existing.locale === input.locale)
      return { subscriber: existing, created: false };
    const [updated] = await db
      .update(newsletterSubscribers)
      .set({ locale: input.locale, updatedAt: sql`now()` })
      .where(and(eq(newsletterSubscribers.id, existing.id), eq(newsletterSubscribers.status, 'pending')))
      .returning();
    return { subscriber: updated ?? existing, created: false };
  }
  throw new Error('newsletter signup: the subscriber row kept disappearing during the upsert');
}

/**
 * Whether a confirmation email to this address (trimmed, lower-cased) was queued in the last `seconds`
 * (database time), whatever row it was for: the mail-bombing guard of repeated signups.
 */
export async function confirmationQueuedSince(
  db: Database,
  email: string,
  seconds: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: outbox.id })
    .from(outbox)
    .where(
      and(
        eq(outbox.kind, NEWSLETTER_CONFIRM_KIND),
        sql`${outbox.payload} ->> 'email' = ${normaliseEmail(email)}`,
        gt(outbox.createdAt, sql`now() - ${Math.max(0, Math.round(seconds))}::integer * interval '1 second'`),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** The payload of the newest confirmation email queued for this subscriber (what the signup asked for), or null. */
export async function latestConfirmationPayload(
  db: Database,
  subscriberId: string,
): Promise<Record<string, unknown> | null> {
  const [row] = await db
    .select({ payload: outbox.payload })
    .from(outbox)
    .where(
      and(
        eq(outbox.kind, NEWSLETTER_CONFIRM_KIND),
        sql`${outbox.payload} ->> 'subscriberId' = ${subscriberId}`,
      ),
    )
    .orderBy(desc(outbox.createdAt))
    .limit(1);
  return row?.payload ?? null;
}

/** The subscriber with this id, or null; `forUpdate` locks the row until the caller's transaction ends. */
export async function findNewsletterSubscriberById(
  db: Database,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<NewsletterSubscriber | null> {
  const query = db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.id, id)).limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

/**
 * The person's confirmation: a `pending` or `unsubscribed` row becomes `active` with consented_at = now (database
 * time). An `active` row is left as it is (its consent time stays). @returns the row after the change, or null
 * for an unknown id.
 */
export async function activateNewsletterSubscriber(
  db: Database,
  id: string,
): Promise<NewsletterSubscriber | null> {
  const [updated] = await db
    .update(newsletterSubscribers)
    .set({ status: 'active', consentedAt: sql`now()`, updatedAt: sql`now()` })
    .where(
      and(
        eq(newsletterSubscribers.id, id),
        inArray(newsletterSubscribers.status, ['pending', 'unsubscribed']),
      ),
    )
    .returning();
  return updated ?? (await findNewsletterSubscriberById(db, id));
}

/**
 * The person's unsubscription: an `active` row becomes `unsubscribed` (its consent time is kept as the record of
 * what was given and when); a `pending` row, which never consented, is deleted (nothing of theirs is kept); an
 * `unsubscribed` row stays. @returns the status the row had before, or null when there was none.
 */
export async function unsubscribeNewsletterSubscriber(
  db: Database,
  id: string,
): Promise<NewsletterSubscriber['status'] | null> {
  const row = await findNewsletterSubscriberById(db, id, { forUpdate: true });
  if (!row) return null;
  if (row.status === 'pending') {
    await db.delete(newsletterSubscribers).where(eq(newsletterSubscribers.id, id));
  } else if (row.status === 'active') {
    await db
      .update(newsletterSubscribers)
      .set({ status: 'unsubscribed', updatedAt: sql`now()` })
      .where(eq(newsletterSubscribers.id, id));
  }
  return row.status;
}

/**
 * Records one provider-sync attempt: 'synced' (synced_at = now), 'failed' (with the error; the outbox retries),
 * or 'skipped' when no mailing provider is configured. @returns the updated row, or null for an unknown id.
 */
export async function recordNewsletterSync(
  db: Database,
  id: string,
  outcome: SideEffectOutcome | { skipped: true },
): Promise<NewsletterSubscriber | null> {
  const set =
    'skipped' in outcome
      ? { syncStatus: 'skipped' as const }
      : {
          syncAttempts: sql`${newsletterSubscribers.syncAttempts} + 1`,
          ...(outcome.ok
            ? { syncStatus: 'synced' as const, syncedAt: sql`now()`, syncLastError: null }
            : { syncStatus: 'failed' as const, syncLastError: errorText(outcome.error) }),
        };
  const [row] = await db
    .update(newsletterSubscribers)
    .set(set)
    .where(eq(newsletterSubscribers.id, id))
    .returning();
  return row ?? null;
}

/** The subscriber with this email (compared trimmed and lower-cased), or null. */
export async function findNewsletterSubscriber(
  db: Database,
  email: string,
): Promise<NewsletterSubscriber | null> {
  const [row] = await db
    .select()
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.email, normaliseEmail(email)))
    .limit(1);
  return row ?? null;
}
