import 'server-only';

import { z } from 'zod';

import { namespaceTranslator } from '@/i18n/messages';
import { accountRole, backOfficeMembers } from '@/lib/auth';
import { siteConfig } from '@/lib/config/site';
import {
  type Database,
  type EnquiryStatus,
  type InboxFilter,
  type InboxQuery,
  enqueueOutbox,
  findEnquiry,
  findEnquiryDetail,
  getDb,
  inboxExportPages,
  insertEnquiryNote,
  listInbox,
  markEnquiryRead,
  setNoteOutbox,
  updateEnquiryHandling,
} from '@/lib/db';
import { ENQUIRY_NOTIFY_KIND, ENQUIRY_REPLY_KIND, inboundMailAddress, sendReplyNow } from '@/lib/mailing';

import { csvResponse, csvStream, timeHeader } from './csv';
import { getLabels } from './labels';
import { type Actor, audit, notFound, staffOp } from './op';
import { ENQUIRY_STATUSES, NOTE_MAX, isUuid } from './shared';

/**
 * The inbox (issue 17 item 3, issue 34): its reads for /admin/enquiries and /admin/enquiries/{id}, its operations
 * (status and assignee, with the assignee told by email; internal note; reply by email; bulk changes of a
 * selection) and its CSV export (a filter or a selection). Each write leaves its audit entry in the write's
 * transaction. Re-exported by lib/back-office/index.ts (reads), ops.ts (operations) and exports.ts (export).
 */

/** Who may be assigned: every back-office member (user_roles holders and the ADMIN_EMAILS admins), with email. */
function members(db: Database) {
  return backOfficeMembers(db);
}

/**
 * One inbox page for `query` (lib/enquiries/filters.ts `parseInboxFilters`): the rows, the total matching, the
 * number of pages, each assignee's email by user id and everyone who may be assigned. @throws on a database error.
 */
export async function inboxPage(query: InboxQuery) {
  const db = await getDb();
  const [{ rows, total }, people] = await Promise.all([listInbox(db, query), members(db)]);
  return {
    rows,
    total,
    pages: Math.max(1, Math.ceil(total / query.pageSize)),
    assignees: new Map(people.map((m) => [m.userId, m.email])),
    members: people,
  };
}

/**
 * One enquiry, opened by a member of staff: it is marked read (read_at, if nobody had opened it), then read with its
 * notes, deliveries, the people it may be assigned to, the frame of a reply email in the sender's language (the
 * template's greeting and sign-off, which the reply form shows around the box) and whether answers by email come
 * back here (inbound mail configured). Null for an unknown or malformed id (the page answers 404).
 * @throws on a database error.
 */
export async function enquiryPage(id: string) {
  if (!isUuid(id)) return null;
  const db = await getDb();
  await markEnquiryRead(db, id);
  const [detail, holders] = await Promise.all([findEnquiryDetail(db, id), members(db)]);
  if (!detail) return null;
  const site = siteConfig();
  const t = await namespaceTranslator(detail.enquiry.locale, 'admin.replyEmail');
  return {
    ...detail,
    holders,
    replyFrame: {
      greeting: t('greeting', { name: detail.enquiry.name }),
      signOff: t('signOff', { siteName: site.name }).replace(/\n/g, ' '),
    },
    inbound: inboundMailAddress() !== null,
  };
}

const enquiryId = z.uuid();
/** The page's locale the form was sent from (the assignee's notice is written in it). */
const formLocale = z.string().max(10).optional();

/** The enquiry page's handling form: status and/or assignee ('' unassigns). */
export const handlingInput = z
  .object({
    id: enquiryId,
    status: z.enum(ENQUIRY_STATUSES).optional(),
    assignedTo: z.union([z.uuid(), z.literal('')]).optional(),
    locale: formLocale,
  })
  .refine((v) => v.status !== undefined || v.assignedTo !== undefined);
/** The note and reply forms. */
export const noteInput = z.object({ id: enquiryId, body: z.string().trim().min(1).max(NOTE_MAX) });

const invalid = { ok: false as const, status: 422 as const, error: 'invalid' as const };

/**
 * Queues the 'enquiry.notify' email telling `assignee` that `enquiryId` was assigned to them by `user`, unless they
 * assigned it to themselves. In the caller's transaction.
 */
async function notifyAssignee(
  tx: Database,
  enquiryId: string,
  assignee: string,
  user: Actor,
  locale: string | undefined,
): Promise<void> {
  if (assignee === user.id) return;
  const to = (await members(tx)).find((m) => m.userId === assignee)?.email;
  if (!to) return;
  await enqueueOutbox(tx, {
    kind: ENQUIRY_NOTIFY_KIND,
    payload: { enquiryId, to, reason: 'assigned', locale: locale ?? 'en', by: user.email },
  });
}

/** One enquiry's status and/or assignee change with its audit entry and, for a new assignee, their notice. */
async function changeHandling(
  tx: Database,
  id: string,
  wanted: { status?: EnquiryStatus; assignedTo?: string },
  user: Actor,
  extra: { locale?: string; bulk?: boolean },
): Promise<boolean> {
  const current = await findEnquiry(tx, id);
  if (!current) return false;
  const change: { status?: EnquiryStatus; assignedTo?: string | null } = {};
  if (wanted.status !== undefined) change.status = wanted.status;
  if (wanted.assignedTo !== undefined) {
    change.assignedTo = wanted.assignedTo || null;
    if (wanted.status === undefined && current.status === 'new' && wanted.assignedTo)
      change.status = 'in_progress';
  }
  await updateEnquiryHandling(tx, id, change);
  await audit(tx, user, 'enquiry.update', id, {
    ...(change.status !== undefined ? { status: [current.status, change.status] } : {}),
    ...(change.assignedTo !== undefined ? { assignedTo: [current.assignedTo, change.assignedTo] } : {}),
    ...(extra.bulk ? { bulk: true } : {}),
  });
  if (change.assignedTo && change.assignedTo !== current.assignedTo)
    await notifyAssignee(tx, id, change.assignedTo, user, extra.locale);
  return true;
}

/**
 * Changes an enquiry's status and/or assignee. Assigning a 'new' enquiry moves it to 'in_progress'; the assignee
 * must be a back-office member (ADMIN_EMAILS admins included; else 422 'invalid') and is emailed a notice with the
 * link to the enquiry (through the outbox, in the form's language), unless they assigned it to themselves.
 * @returns 'saved', or 404 'not-found'.
 */
export const updateEnquiry = staffOp(
  handlingInput,
  async ({ id, status, assignedTo, locale }, user, deps) => {
    const db = deps.db ?? (await getDb());
    if (assignedTo && !(await accountRole(db, assignedTo, { supabase: deps.supabase }))) return invalid;
    return db.transaction(async (tx) =>
      (await changeHandling(tx, id, { status, assignedTo }, user, { locale }))
        ? { code: 'saved' as const }
        : notFound,
    );
  },
);

/** The most enquiries one bulk change or selection export takes (five inbox pages). */
export const BULK_MAX = 100;
/** A selection of enquiries from the list's checkboxes: one id, or several (a repeated `ids` field). */
export const selectionIds = z.preprocess(
  (v) => (typeof v === 'string' ? [v] : v),
  z.array(z.uuid()).min(1).max(BULK_MAX),
);
/** The changes the list's bulk form offers. */
export const BULK_CHANGES = ['in_progress', 'answered', 'closed', 'assign', 'unassign'] as const;
/** The inbox's bulk form: the selected ids, the change, and for 'assign' whom to. */
export const bulkInput = z
  .object({
    ids: selectionIds,
    change: z.enum(BULK_CHANGES),
    assignedTo: z.union([z.uuid(), z.literal('')]).optional(),
    locale: formLocale,
  })
  .refine((v) => v.change !== 'assign' || Boolean(v.assignedTo), { path: ['assignedTo'] });

/**
 * Applies one change to every selected enquiry (mark in progress, answered or handled/closed; assign to a member,
 * who is told once per enquiry; unassign), in ONE transaction with an audit entry per enquiry (`bulk: true`).
 * Ids that no longer exist are skipped. @returns how many were changed; 422 for an assignee who is no member.
 */
export const bulkUpdateEnquiries = staffOp(
  bulkInput,
  async ({ ids, change, assignedTo, locale }, user, deps) => {
    const db = deps.db ?? (await getDb());
    if (change === 'assign' && !(await accountRole(db, assignedTo!, { supabase: deps.supabase })))
      return invalid;
    const wanted =
      change === 'assign'
        ? { assignedTo: assignedTo! }
        : change === 'unassign'
          ? { assignedTo: '' }
          : { status: change };
    return db.transaction(async (tx) => {
      let changed = 0;
      for (const id of new Set(ids))
        if (await changeHandling(tx, id, wanted, user, { locale, bulk: true })) changed += 1;
      return { code: 'bulk-updated' as const, changed };
    });
  },
);

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
 * (`sendReplyNow`); if that fails the outbox worker retries it and the page shows the attempt. The email frames
 * the text with one greeting and one sign-off (lib/mailing/transport/message.ts) and, with inbound mail
 * configured, is sent reply-to the enquiry's own address, so the person's answer comes back onto it.
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

/** What an inbox export covers: the list's filter (every matching enquiry, no cap) or a selection of ids. */
export type InboxSelection = { filter: InboxFilter } | { ids: string[] };

/**
 * The inbox as CSV for staff: every enquiry of `selection`, newest first, read page by page (no cap), with human
 * headers in `locale` (messages Inbox.csv), statuses and languages as words (lib/back-office/labels.ts), times
 * in UK time, the assignee's email; `enquiries-YYYY-MM-DD.csv` (named in `locale`). The audit entry
 * ('enquiry.export') records the filter or the number selected and the rows written, never a person's data.
 */
export async function exportInboxCsv(
  selection: InboxSelection,
  user: Actor,
  locale: string,
  deps: { db?: Database; pageSize?: number } = {},
): Promise<Response> {
  const db = deps.db ?? (await getDb());
  const [t, label, people] = await Promise.all([
    namespaceTranslator(locale, 'Inbox.csv'),
    getLabels(locale),
    members(db),
  ]);
  const emailOf = new Map(people.map((m) => [m.userId, m.email]));
  const header = [
    timeHeader(t('received'), t('timeZone')),
    t('name'),
    t('email'),
    t('language'),
    t('status'),
    t('assignedTo'),
    timeHeader(t('read'), t('timeZone')),
    t('message'),
    t('reference'),
  ];
  async function* rows() {
    for await (const page of inboxExportPages(db, selection, deps.pageSize))
      yield page.map((r) => [
        r.createdAt,
        r.name,
        r.email,
        label('locale', r.locale),
        label('enquiryStatus', r.status),
        r.assignedTo ? (emailOf.get(r.assignedTo) ?? r.assignedTo) : '',
        r.readAt,
        r.message,
        r.id,
      ]);
  }
  const detail = 'ids' in selection ? { selected: selection.ids.length } : { filter: selection.filter };
  return csvResponse(
    t('file'),
    csvStream(header, rows(), (count) => audit(db, user, 'enquiry.export', null, { ...detail, rows: count })),
  );
}
