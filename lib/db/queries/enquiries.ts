import 'server-only';

import { eq, isNull, sql } from 'drizzle-orm';

import type { Database } from '../client';
import { type Enquiry, type EnquiryStatus, enquiries } from '../schema';
import { type SideEffectOutcome, errorText } from './side-effects';

/** A contact-form submission (docs/SPEC-NOTES.md §3: name, email, message), already validated by the form's schema. */
export interface NewEnquiry {
  name: string;
  email: string;
  message: string;
  /** Locale of the page it was sent from; default 'en'. */
  locale?: string;
}

/**
 * Saves an enquiry with forward_status 'pending'. Call it before forwarding (docs/ARCHITECTURE.md §5: the enquiry is never
 * lost); pass a transaction to enqueue the forward in the outbox atomically with it.
 * @returns the stored row. @throws on a database error (the caller shows the form's generic error).
 */
export async function insertEnquiry(db: Database, input: NewEnquiry): Promise<Enquiry> {
  const [row] = await db
    .insert(enquiries)
    .values({
      name: input.name,
      email: input.email.trim(),
      message: input.message,
      locale: input.locale ?? 'en',
    })
    .returning();
  return row!;
}

/**
 * Saves an enquiry under its submission key (the contact form's `contact:<form token id>`) unless one was saved
 * with that key before: a retried request finds the first row instead of storing a second. Pass a transaction to
 * queue the side effects with it.
 * @returns the row and whether it was stored now (`created: false`: the earlier row of that key).
 * @throws on a database error.
 */
export async function insertEnquiryOnce(
  db: Database,
  input: NewEnquiry & { submissionKey: string },
): Promise<{ enquiry: Enquiry; created: boolean }> {
  const [row] = await db
    .insert(enquiries)
    .values({
      name: input.name,
      email: input.email.trim(),
      message: input.message,
      locale: input.locale ?? 'en',
      submissionKey: input.submissionKey,
    })
    .onConflictDoNothing({ target: enquiries.submissionKey })
    .returning();
  if (row) return { enquiry: row, created: true };
  const [earlier] = await db.select().from(enquiries).where(eq(enquiries.submissionKey, input.submissionKey));
  return { enquiry: earlier!, created: false };
}

/** How many enquiries nobody has opened yet (read_at null: the navigation's unread count). @throws on a database error. */
export async function countUnreadEnquiries(db: Database): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(enquiries)
    .where(isNull(enquiries.readAt));
  return Number(row?.n ?? 0);
}

/**
 * Records one forwarding attempt on the enquiry: 'sent' with forwarded_at, or 'failed' with the error (the outbox
 * retries it). @returns the updated row, or null when no enquiry has that id.
 */
export async function recordEnquiryForward(
  db: Database,
  id: string,
  outcome: SideEffectOutcome,
): Promise<Enquiry | null> {
  const [row] = await db
    .update(enquiries)
    .set({
      forwardAttempts: sql`${enquiries.forwardAttempts} + 1`,
      ...(outcome.ok
        ? { forwardStatus: 'sent' as const, forwardedAt: sql`now()`, forwardLastError: null }
        : { forwardStatus: 'failed' as const, forwardLastError: errorText(outcome.error) }),
    })
    .where(eq(enquiries.id, id))
    .returning();
  return row ?? null;
}

/** How many enquiries are in that inbox status ('new' is the admin navigation's unread count). @throws on a database error. */
export async function countEnquiriesWithStatus(db: Database, status: EnquiryStatus): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(enquiries)
    .where(eq(enquiries.status, status));
  return Number(row?.n ?? 0);
}
