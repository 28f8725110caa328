import 'server-only';

import { eq, sql } from 'drizzle-orm';

import type { Database } from '../client';
import { type NewsletterSubscriber, newsletterSubscribers } from '../schema';
import { type SideEffectOutcome, errorText, normaliseEmail } from './side-effects';

export interface NewsletterSignup {
  email: string;
  /** Locale of the page the person signed up on; kept for the provider's language. */
  locale: string;
  /** Where the signup came from; default 'website' (spec §3). Kept from the first signup. */
  source?: string;
}

/**
 * Saves a newsletter signup, idempotent by the trimmed, lower-cased email: a second signup with the same address
 * (in any case) updates the existing row (status 'active' again, the new locale, consented_at = now) instead of
 * adding one. Safe under concurrent signups: the unique key decides, and the loser updates.
 * @returns the row and whether it was created by this call. @throws on a database error.
 */
export async function upsertNewsletterSubscriber(
  db: Database,
  input: NewsletterSignup,
): Promise<{ subscriber: NewsletterSubscriber; created: boolean }> {
  const email = normaliseEmail(input.email);
  // Insert-or-nothing then update, rather than one ON CONFLICT DO UPDATE: it tells a new subscriber from a
  // returning one without relying on system columns. The loop covers a row deleted between the two statements.
  for (let attempt = 0; attempt < 3; attempt++) {
    const [inserted] = await db
      .insert(newsletterSubscribers)
      .values({ email, locale: input.locale, source: input.source ?? 'website' })
      .onConflictDoNothing({ target: newsletterSubscribers.email })
      .returning();
    if (inserted) return { subscriber: inserted, created: true };
    const [updated] = await db
      .update(newsletterSubscribers)
      .set({ status: 'active', locale: input.locale, consentedAt: sql`now()` })
      .where(eq(newsletterSubscribers.email, email))
      .returning();
    if (updated) return { subscriber: updated, created: false };
  }
  throw new Error('newsletter signup: the subscriber row kept disappearing during the upsert');
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
