import 'server-only';

import { z } from 'zod';

import type { ActionResult } from '@/lib/action-result';
import type { StaffGuardResult } from '@/lib/auth';
import {
  type Database,
  ENQUIRY_STATUSES,
  type InboxQuery,
  enqueueOutbox,
  findBackOfficeRole,
  getDb,
  insertEnquiryNote,
  recordAudit,
  setNoteOutbox,
  updateEnquiryHandling,
} from '@/lib/db';
import { ENQUIRY_REPLY_KIND } from '@/lib/mailing';
import { sendReplyNow } from '@/lib/mailing';

import { guardRefusal } from './result';

/** Enquiries per inbox page. */
export const INBOX_PAGE_SIZE = 20;
/** Longest note or reply a member of staff may write (enquiry_notes CHECK). */
export const NOTE_MAX = 10_000;

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((v) => !Number.isNaN(Date.parse(v)));
/** `v` if it is one string, else undefined (a query string may repeat a parameter). */
const single = (v: unknown) => (Array.isArray(v) ? undefined : v);

/**
 * The inbox's query string (search, status, from, to, page) as InboxQuery. Lenient: a malformed value is
 * dropped rather than refused (a hand-edited address still shows the inbox).
 */
export function parseInboxQuery(raw: Record<string, unknown>): InboxQuery {
  const text = z
    .string()
    .trim()
    .max(200)
    .catch('')
    .parse(single(raw.q) ?? '');
  const status = z
    .enum(ENQUIRY_STATUSES)
    .optional()
    .catch(undefined)
    .parse(single(raw.status) || undefined);
  const from = day
    .optional()
    .catch(undefined)
    .parse(single(raw.from) || undefined);
  const to = day
    .optional()
    .catch(undefined)
    .parse(single(raw.to) || undefined);
  const page = z.coerce
    .number()
    .int()
    .min(1)
    .max(10_000)
    .catch(1)
    .parse(single(raw.page) ?? 1);
  return { q: text || undefined, status, from, to, page, pageSize: INBOX_PAGE_SIZE };
}

const enquiryId = z.uuid();
/** The enquiry page's handling form (the action wrapper validates with it too). */
export const handlingInput = z
  .object({
    id: enquiryId,
    status: z.enum(ENQUIRY_STATUSES).optional(),
    /** '' unassigns. */
    assignedTo: z.union([z.uuid(), z.literal('')]).optional(),
  })
  .refine((v) => v.status !== undefined || v.assignedTo !== undefined);
/** The note and reply forms. */
export const noteInput = z.object({ id: enquiryId, body: z.string().trim().min(1).max(NOTE_MAX) });

type Deps = { db?: Database };

function staffOf(guard: StaffGuardResult) {
  return guard.ok ? guard.user : null;
}

/**
 * Changes an enquiry's status and/or who it is assigned to (staff only: `checkStaff()`), with an audit entry in
 * the same transaction. Assigning a 'new' enquiry moves it to 'in_progress'. The assignee must hold a
 * back-office role. Outcomes: 'saved', 401/403/503, 422 'invalid', 404 'not-found'.
 */
export async function handleUpdateEnquiry(
  guard: StaffGuardResult,
  raw: unknown,
  deps: Deps = {},
): Promise<ActionResult<{ code: string }, string>> {
  const refusal = guardRefusal(guard);
  const user = staffOf(guard);
  if (refusal || !user) return refusal ?? { ok: false, status: 401, error: 'unauthenticated' };
  const input = handlingInput.safeParse(raw);
  if (!input.success) return { ok: false, status: 422, error: 'invalid' };
  const db = deps.db ?? (await getDb());
  const { id, status, assignedTo } = input.data;
  if (assignedTo && !(await findBackOfficeRole(db, assignedTo)))
    return { ok: false, status: 422, error: 'invalid' };
  return db.transaction(async (tx) => {
    const current = await tx.query.enquiries.findFirst({ where: (t, { eq }) => eq(t.id, id) });
    if (!current) return { ok: false as const, status: 404 as const, error: 'not-found' };
    const change: { status?: (typeof ENQUIRY_STATUSES)[number]; assignedTo?: string | null } = {};
    if (status !== undefined) change.status = status;
    if (assignedTo !== undefined) {
      change.assignedTo = assignedTo || null;
      if (status === undefined && current.status === 'new' && assignedTo) change.status = 'in_progress';
    }
    const result = await updateEnquiryHandling(tx, id, change);
    await recordAudit(tx, {
      actorId: user.id,
      actorEmail: user.email,
      action: 'enquiry.update',
      target: id,
      detail: {
        ...(change.status !== undefined ? { status: [result!.before.status, change.status] } : {}),
        ...(change.assignedTo !== undefined
          ? { assignedTo: [result!.before.assignedTo, change.assignedTo] }
          : {}),
      },
    });
    return { ok: true as const, data: { code: 'saved' } };
  });
}

/**
 * Adds an internal note (never emailed) to an enquiry, staff only, with an audit entry (without the text). A 'new'
 * enquiry becomes 'in_progress'. Outcomes: 'note-added', 401/403/503, 422, 404.
 */
export async function handleAddNote(
  guard: StaffGuardResult,
  raw: unknown,
  deps: Deps = {},
): Promise<ActionResult<{ code: string }, string>> {
  const refusal = guardRefusal(guard);
  const user = staffOf(guard);
  if (refusal || !user) return refusal ?? { ok: false, status: 401, error: 'unauthenticated' };
  const input = noteInput.safeParse(raw);
  if (!input.success) return { ok: false, status: 422, error: 'invalid' };
  const db = deps.db ?? (await getDb());
  return db.transaction(async (tx) => {
    const current = await tx.query.enquiries.findFirst({ where: (t, { eq }) => eq(t.id, input.data.id) });
    if (!current) return { ok: false as const, status: 404 as const, error: 'not-found' };
    const note = await insertEnquiryNote(tx, {
      enquiryId: current.id,
      kind: 'note',
      authorId: user.id,
      authorEmail: user.email,
      body: input.data.body,
    });
    await updateEnquiryHandling(tx, current.id, current.status === 'new' ? { status: 'in_progress' } : {});
    await recordAudit(tx, {
      actorId: user.id,
      actorEmail: user.email,
      action: 'enquiry.note',
      target: current.id,
      detail: { noteId: note.id },
    });
    return { ok: true as const, data: { code: 'note-added' } };
  });
}

/**
 * Answers an enquiry by email (issue 17 item 3), staff only. Saved first, in one transaction: the reply
 * (enquiry_notes, kind 'reply'), its 'enquiry.reply' outbox item, status 'answered' and the audit entry. Then,
 * best effort, the item is sent at once (`sendReplyNow`); if that fails the outbox worker retries it, and the
 * enquiry's page shows the attempt. Outcomes: 'reply-queued', 401/403/503, 422, 404.
 */
export async function handleReply(
  guard: StaffGuardResult,
  raw: unknown,
  deps: Deps & { sendNow?: (noteId: string) => Promise<unknown> } = {},
): Promise<ActionResult<{ code: string }, string>> {
  const refusal = guardRefusal(guard);
  const user = staffOf(guard);
  if (refusal || !user) return refusal ?? { ok: false, status: 401, error: 'unauthenticated' };
  const input = noteInput.safeParse(raw);
  if (!input.success) return { ok: false, status: 422, error: 'invalid' };
  const db = deps.db ?? (await getDb());
  const saved = await db.transaction(async (tx) => {
    const current = await tx.query.enquiries.findFirst({ where: (t, { eq }) => eq(t.id, input.data.id) });
    if (!current) return null;
    const note = await insertEnquiryNote(tx, {
      enquiryId: current.id,
      kind: 'reply',
      authorId: user.id,
      authorEmail: user.email,
      body: input.data.body,
    });
    const item = await enqueueOutbox(tx, {
      kind: ENQUIRY_REPLY_KIND,
      payload: { enquiryId: current.id, noteId: note.id },
    });
    await setNoteOutbox(tx, note.id, item.id);
    await updateEnquiryHandling(tx, current.id, { status: 'answered' });
    await recordAudit(tx, {
      actorId: user.id,
      actorEmail: user.email,
      action: 'enquiry.reply',
      target: current.id,
      detail: { noteId: note.id, outboxId: item.id, status: [current.status, 'answered'] },
    });
    return note;
  });
  if (!saved) return { ok: false, status: 404, error: 'not-found' };
  const sendNow = deps.sendNow ?? ((noteId: string) => sendReplyNow(noteId, { db }));
  try {
    await sendNow(saved.id);
  } catch (error) {
    // Saved and queued: the worker sends it later. One line, no personal data.
    console.error(
      `[admin] immediate reply send failed: ${error instanceof Error ? error.name : typeof error}`,
    );
  }
  return { ok: true, data: { code: 'reply-queued' } };
}
