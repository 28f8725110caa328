import 'server-only';

import { z } from 'zod';

import { authKind } from '@/lib/auth';
import {
  type Database,
  type EnquiryStatus,
  type InboxQuery,
  enqueueOutbox,
  findBackOfficeRole,
  findEnquiry,
  findEnquiryDetail,
  getDb,
  insertEnquiryNote,
  listInbox,
  listRoleHolders,
  setNoteOutbox,
  updateEnquiryHandling,
} from '@/lib/db';
import { ENQUIRY_REPLY_KIND, sendReplyNow } from '@/lib/mailing';

import { audit, notFound, staffOp } from './op';
import { ENQUIRY_STATUSES, NOTE_MAX, isUuid } from './shared';

/**
 * The inbox (issue 17 item 3): its reads for /admin/enquiries and /admin/enquiries/{id}, and its operations
 * (status and assignee, internal note, reply by email). Each operation writes its audit entry in the write's
 * transaction. Re-exported by lib/back-office/index.ts (reads) and ops.ts (operations).
 */

/** Who may be assigned: everyone with a back-office role, with the email of their account. */
function roleHolders(db: Database) {
  return listRoleHolders(db, { supabase: authKind() === 'supabase' });
}

/**
 * One inbox page for `query` (lib/back-office/filters.ts `parseInboxQuery`): the rows, the total matching, the
 * number of pages and each assignee's email by user id. @throws on a database error.
 */
export async function inboxPage(query: InboxQuery) {
  const db = await getDb();
  const [{ rows, total }, holders] = await Promise.all([listInbox(db, query), roleHolders(db)]);
  return {
    rows,
    total,
    pages: Math.max(1, Math.ceil(total / query.pageSize)),
    assignees: new Map(holders.map((h) => [h.userId, h.email])),
  };
}

/**
 * One enquiry with its notes, deliveries and the people it may be assigned to; null for an unknown or malformed
 * id (the page answers 404). @throws on a database error.
 */
export async function enquiryPage(id: string) {
  if (!isUuid(id)) return null;
  const db = await getDb();
  const [detail, holders] = await Promise.all([findEnquiryDetail(db, id), roleHolders(db)]);
  return detail ? { ...detail, holders } : null;
}

const enquiryId = z.uuid();
/** The enquiry page's handling form: status and/or assignee ('' unassigns). */
export const handlingInput = z
  .object({
    id: enquiryId,
    status: z.enum(ENQUIRY_STATUSES).optional(),
    assignedTo: z.union([z.uuid(), z.literal('')]).optional(),
  })
  .refine((v) => v.status !== undefined || v.assignedTo !== undefined);
/** The note and reply forms. */
export const noteInput = z.object({ id: enquiryId, body: z.string().trim().min(1).max(NOTE_MAX) });

/**
 * Changes an enquiry's status and/or assignee. Assigning a 'new' enquiry moves it to 'in_progress'; the assignee
 * must hold a back-office role (else 422 'invalid'). @returns 'saved', or 404 'not-found'.
 */
export const updateEnquiry = staffOp(handlingInput, async ({ id, status, assignedTo }, user, deps) => {
  const db = deps.db ?? (await getDb());
  if (assignedTo && !(await findBackOfficeRole(db, assignedTo)))
    return { ok: false as const, status: 422 as const, error: 'invalid' as const };
  return db.transaction(async (tx) => {
    const current = await findEnquiry(tx, id);
    if (!current) return notFound;
    const change: { status?: EnquiryStatus; assignedTo?: string | null } = {};
    if (status !== undefined) change.status = status;
    if (assignedTo !== undefined) {
      change.assignedTo = assignedTo || null;
      if (status === undefined && current.status === 'new' && assignedTo) change.status = 'in_progress';
    }
    await updateEnquiryHandling(tx, id, change);
    await audit(tx, user, 'enquiry.update', id, {
      ...(change.status !== undefined ? { status: [current.status, change.status] } : {}),
      ...(change.assignedTo !== undefined ? { assignedTo: [current.assignedTo, change.assignedTo] } : {}),
    });
    return { code: 'saved' as const };
  });
});

/** Adds an internal note (never emailed); a 'new' enquiry becomes 'in_progress'. The audit entry has no text. */
export const addNote = staffOp(noteInput, async ({ id, body }, user, deps) => {
  const db = deps.db ?? (await getDb());
  return db.transaction(async (tx) => {
    const current = await findEnquiry(tx, id);
    if (!current) return notFound;
    const note = await insertEnquiryNote(tx, {
      enquiryId: current.id,
      kind: 'note',
      authorId: user.id,
      authorEmail: user.email,
      body,
    });
    await updateEnquiryHandling(tx, current.id, current.status === 'new' ? { status: 'in_progress' } : {});
    await audit(tx, user, 'enquiry.note', current.id, { noteId: note.id });
    return { code: 'note-added' as const };
  });
});

/**
 * Answers an enquiry by email. Saved first, in one transaction: the reply (enquiry_notes, kind 'reply'), its
 * 'enquiry.reply' outbox item, status 'answered' and the audit entry. Then, best effort, the item is sent at once
 * (`sendReplyNow`); if that fails the outbox worker retries it and the page shows the attempt.
 */
export const reply = staffOp(noteInput, async ({ id, body }, user, deps) => {
  const db = deps.db ?? (await getDb());
  const saved = await db.transaction(async (tx) => {
    const current = await findEnquiry(tx, id);
    if (!current) return null;
    const note = await insertEnquiryNote(tx, {
      enquiryId: current.id,
      kind: 'reply',
      authorId: user.id,
      authorEmail: user.email,
      body,
    });
    const item = await enqueueOutbox(tx, {
      kind: ENQUIRY_REPLY_KIND,
      payload: { enquiryId: current.id, noteId: note.id },
    });
    await setNoteOutbox(tx, note.id, item.id);
    await updateEnquiryHandling(tx, current.id, { status: 'answered' });
    await audit(tx, user, 'enquiry.reply', current.id, {
      noteId: note.id,
      outboxId: item.id,
      status: [current.status, 'answered'],
    });
    return note;
  });
  if (!saved) return notFound;
  const sendNow = deps.sendNow ?? ((noteId: string) => sendReplyNow(noteId, { db }));
  try {
    await sendNow(saved.id);
  } catch (error) {
    // Saved and queued: the worker sends it later. One line, no personal data.
    console.error(
      `[admin] immediate reply send failed: ${error instanceof Error ? error.name : typeof error}`,
    );
  }
  return { code: 'reply-queued' as const };
});
