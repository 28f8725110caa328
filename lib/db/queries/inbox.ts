import 'server-only';

import { and, asc, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';

import type { Database } from '../client';
import {
  type Enquiry,
  type EnquiryNote,
  type EnquiryStatus,
  type OutboxItem,
  enquiries,
  enquiryNotes,
  outbox,
} from '../schema';

/** The staff inbox's filters (all optional): free text, status, received between two UK calendar days. */
export interface InboxQuery {
  /** Matched case-insensitively against name, email and message. */
  q?: string;
  status?: EnquiryStatus;
  /** 'YYYY-MM-DD', inclusive, UK days. */
  from?: string;
  to?: string;
  /** 1-based. */
  page: number;
  pageSize: number;
}

export interface InboxPage {
  rows: Pick<
    Enquiry,
    'id' | 'name' | 'email' | 'message' | 'status' | 'assignedTo' | 'createdAt' | 'forwardStatus'
  >[];
  total: number;
}

/** `%`, `_` and `\` typed by a person match themselves, not as LIKE wildcards. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * One page of the inbox, newest first, with the total matching (for pagination). Dates are whole days in the
 * charity's time zone (Europe/London). @throws on a database error.
 */
export async function listInbox(db: Database, query: InboxQuery): Promise<InboxPage> {
  const where: SQL[] = [];
  if (query.q) {
    const pattern = likePattern(query.q);
    where.push(
      or(
        sql`${enquiries.name} ilike ${pattern}`,
        sql`${enquiries.email} ilike ${pattern}`,
        sql`${enquiries.message} ilike ${pattern}`,
      )!,
    );
  }
  if (query.status) where.push(eq(enquiries.status, query.status));
  if (query.from)
    where.push(sql`${enquiries.createdAt} >= (${query.from}::date::timestamp at time zone 'Europe/London')`);
  if (query.to) {
    where.push(
      sql`${enquiries.createdAt} < ((${query.to}::date + 1)::timestamp at time zone 'Europe/London')`,
    );
  }
  const condition = where.length ? and(...where) : undefined;
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(enquiries)
    .where(condition);
  const rows = await db
    .select({
      id: enquiries.id,
      name: enquiries.name,
      email: enquiries.email,
      message: enquiries.message,
      status: enquiries.status,
      assignedTo: enquiries.assignedTo,
      createdAt: enquiries.createdAt,
      forwardStatus: enquiries.forwardStatus,
    })
    .from(enquiries)
    .where(condition)
    .orderBy(desc(enquiries.createdAt), desc(enquiries.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return { rows, total: Number(count?.n ?? 0) };
}

/** An enquiry with everything its staff page shows. */
export interface EnquiryDetail {
  enquiry: Enquiry;
  /** Internal notes and replies, oldest first. */
  notes: EnquiryNote[];
  /** Its outbox items (the forward to the team, each reply), oldest first: status, attempts, last error. */
  deliveries: Pick<
    OutboxItem,
    'id' | 'kind' | 'status' | 'attempts' | 'lastError' | 'sentAt' | 'createdAt' | 'updatedAt'
  >[];
}

/** The enquiry with its notes and deliveries, or null when no enquiry has that id. @throws on a database error. */
export async function findEnquiryDetail(db: Database, id: string): Promise<EnquiryDetail | null> {
  const enquiry = await db.query.enquiries.findFirst({ where: (t, { eq: is }) => is(t.id, id) });
  if (!enquiry) return null;
  const notes = await db
    .select()
    .from(enquiryNotes)
    .where(eq(enquiryNotes.enquiryId, id))
    .orderBy(asc(enquiryNotes.createdAt), asc(enquiryNotes.id));
  const deliveries = await db
    .select({
      id: outbox.id,
      kind: outbox.kind,
      status: outbox.status,
      attempts: outbox.attempts,
      lastError: outbox.lastError,
      sentAt: outbox.sentAt,
      createdAt: outbox.createdAt,
      updatedAt: outbox.updatedAt,
    })
    .from(outbox)
    .where(
      and(
        inArray(outbox.kind, ['enquiry.forward', 'enquiry.reply']),
        sql`${outbox.payload} ->> 'enquiryId' = ${id}`,
      ),
    )
    .orderBy(asc(outbox.createdAt));
  return { enquiry, notes, deliveries };
}

/**
 * Changes an enquiry's status and/or assignment (`assignedTo` null unassigns) and stamps handled_at.
 * @returns the row before and after, or null when no enquiry has that id.
 */
export async function updateEnquiryHandling(
  db: Database,
  id: string,
  change: { status?: EnquiryStatus; assignedTo?: string | null },
): Promise<{ before: Enquiry; after: Enquiry } | null> {
  const before = await db.query.enquiries.findFirst({ where: (t, { eq: is }) => is(t.id, id) });
  if (!before) return null;
  const [after] = await db
    .update(enquiries)
    .set({ ...change, handledAt: sql`now()` })
    .where(eq(enquiries.id, id))
    .returning();
  return { before, after: after! };
}

/** Adds an internal note or a reply to an enquiry. @returns the stored note. */
export async function insertEnquiryNote(
  db: Database,
  note: Pick<EnquiryNote, 'enquiryId' | 'kind' | 'authorId' | 'authorEmail' | 'body'>,
): Promise<EnquiryNote> {
  const [row] = await db.insert(enquiryNotes).values(note).returning();
  return row!;
}

/** Links a reply to the outbox item that emails it. */
export async function setNoteOutbox(db: Database, noteId: string, outboxId: string): Promise<void> {
  await db.update(enquiryNotes).set({ outboxId }).where(eq(enquiryNotes.id, noteId));
}

/** The enquiry with that id (its own row, without notes or deliveries), or null. */
export async function findEnquiry(db: Database, id: string): Promise<Enquiry | null> {
  return (await db.query.enquiries.findFirst({ where: (t, { eq: is }) => is(t.id, id) })) ?? null;
}

/** The note with that id, or null. */
export async function findEnquiryNote(db: Database, id: string): Promise<EnquiryNote | null> {
  return (await db.query.enquiryNotes.findFirst({ where: (t, { eq: is }) => is(t.id, id) })) ?? null;
}
