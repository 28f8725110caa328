import 'server-only';

import { and, asc, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';

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
  /** Only the enquiries nobody has opened yet (read_at null). */
  unread?: boolean;
  /** A staff user id: assigned to them; null: assigned to nobody. */
  assignedTo?: string | null;
  /** 1-based. */
  page: number;
  pageSize: number;
}

/** The filters of an inbox query, without its page (the CSV export's). */
export type InboxFilter = Omit<InboxQuery, 'page' | 'pageSize'>;

/** One inbox row. */
export type InboxRow = Pick<
  Enquiry,
  | 'id'
  | 'name'
  | 'email'
  | 'message'
  | 'locale'
  | 'status'
  | 'assignedTo'
  | 'createdAt'
  | 'forwardStatus'
  | 'readAt'
>;

export interface InboxPage {
  rows: InboxRow[];
  total: number;
}

const inboxColumns = {
  id: enquiries.id,
  name: enquiries.name,
  email: enquiries.email,
  message: enquiries.message,
  locale: enquiries.locale,
  status: enquiries.status,
  assignedTo: enquiries.assignedTo,
  createdAt: enquiries.createdAt,
  forwardStatus: enquiries.forwardStatus,
  readAt: enquiries.readAt,
};

/** `%`, `_` and `\` typed by a person match themselves, not as LIKE wildcards. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * One page of the inbox, newest first, with the total matching (for pagination). Dates are whole days in the
 * charity's time zone (Europe/London). @throws on a database error.
 */
export async function listInbox(db: Database, query: InboxQuery): Promise<InboxPage> {
  const condition = inboxCondition(query);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(enquiries)
    .where(condition);
  const rows = await db
    .select(inboxColumns)
    .from(enquiries)
    .where(condition)
    .orderBy(desc(enquiries.createdAt), desc(enquiries.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return { rows, total: Number(count?.n ?? 0) };
}

/** The WHERE of an inbox filter (undefined: every enquiry). */
function inboxCondition(query: InboxFilter): SQL | undefined {
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
  if (query.unread) where.push(isNull(enquiries.readAt));
  if (query.assignedTo === null) where.push(isNull(enquiries.assignedTo));
  else if (query.assignedTo) where.push(eq(enquiries.assignedTo, query.assignedTo));
  return where.length ? and(...where) : undefined;
}

/** Rows per page of an inbox export (one page in memory at a time). */
export const INBOX_EXPORT_PAGE = 500;

/**
 * Every enquiry matching `filter` (or, with `ids`, exactly those enquiries), newest first, as pages of at most
 * `pageSize` rows read one after another by keyset (created_at, id): an export of any size, no cap, holding one page
 * at a time. @throws on a database error (the stream aborts).
 */
export async function* inboxExportPages(
  db: Database,
  selection: { filter: InboxFilter } | { ids: string[] },
  pageSize = INBOX_EXPORT_PAGE,
): AsyncGenerator<InboxRow[]> {
  const base =
    'ids' in selection
      ? selection.ids.length
        ? inArray(enquiries.id, selection.ids)
        : sql`false`
      : inboxCondition(selection.filter);
  let after: { createdAt: Date; id: string } | null = null;
  for (;;) {
    const keyset: SQL | undefined = after
      ? sql`(${enquiries.createdAt}, ${enquiries.id}) < (${after.createdAt.toISOString()}::timestamptz, ${after.id}::uuid)`
      : undefined;
    const rows: InboxRow[] = await db
      .select(inboxColumns)
      .from(enquiries)
      .where(base && keyset ? and(base, keyset) : (base ?? keyset))
      .orderBy(desc(enquiries.createdAt), desc(enquiries.id))
      .limit(pageSize);
    if (rows.length) yield rows;
    if (rows.length < pageSize) return;
    const last: InboxRow = rows[rows.length - 1]!;
    after = { createdAt: last.createdAt, id: last.id };
  }
}

/** Marks the enquiry read (read_at now) if nobody had opened it yet. @returns whether it was unread. */
export async function markEnquiryRead(db: Database, id: string): Promise<boolean> {
  const rows = await db
    .update(enquiries)
    .set({ readAt: sql`now()` })
    .where(and(eq(enquiries.id, id), isNull(enquiries.readAt)))
    .returning({ id: enquiries.id });
  return rows.length > 0;
}

/**
 * Adds the sender's emailed answer (kind 'inbound', `messageId` its Message-Id) to an enquiry, once: the same
 * Message-Id again adds nothing. Then the enquiry is unread again and, if it was answered or closed, back in
 * progress. @returns the stored note, or null when that Message-Id was stored before.
 */
export async function insertInboundNote(
  db: Database,
  note: { enquiryId: string; authorEmail: string; body: string; messageId: string },
): Promise<EnquiryNote | null> {
  const [row] = await db
    .insert(enquiryNotes)
    .values({ ...note, kind: 'inbound', authorId: null })
    .onConflictDoNothing({ target: enquiryNotes.messageId })
    .returning();
  if (!row) return null;
  await db
    .update(enquiries)
    .set({
      readAt: null,
      status: sql`case when ${enquiries.status} in ('answered', 'closed') then 'in_progress' else ${enquiries.status} end`,
    })
    .where(eq(enquiries.id, note.enquiryId));
  return row;
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
        inArray(outbox.kind, ['enquiry.forward', 'enquiry.reply', 'enquiry.acknowledge', 'enquiry.notify']),
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
