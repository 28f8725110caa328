import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import { type AuthUser, setRoleByEmail } from '@/lib/auth';
import { parseInboxFilters } from '@/lib/back-office';

/** The inbox page's query as the page reads it (lib/enquiries/filters.ts). */
const parseInboxQuery = (raw: Record<string, unknown>) => parseInboxFilters(raw).query;
import { backOfficeOps as ops } from '@/lib/back-office/ops';
import {
  type DatabaseHandle,
  countEnquiriesWithStatus,
  findEnquiryDetail,
  insertEnquiry,
  insertLocalUser,
  listInbox,
} from '@/lib/db';
import { sendReplyNow } from '@/lib/mailing/outbox';
import { runOp } from '@/tests/helpers/staff-op';
import { testEngines } from '@/tests/helpers/test-engines';

/**
 * Issue 17 items 2 and 3 through their operations (lib/back-office/ops.ts, what the server actions run after the
 * pipeline's guard and schema): the staff inbox (list, search, filters, pagination), handling an enquiry (status,
 * assignment, notes), answering it by email through the outbox (the .eml in the mail folder, as with no SMTP)
 * and the staff page's role form. The refusals (signed out 401, a student 403, staff on the admin-only role form
 * 403) are the pipeline's: tests/integration/back-office-pages.test.ts.
 */
describe.each(testEngines('lrjn_inbox'))('back-office inbox on $name', (engine) => {
  let handle: DatabaseHandle;
  let dispose: () => Promise<void>;
  let mailDir: string;
  let admin: AuthUser;
  let staff: AuthUser;
  let staffUser: AuthUser;

  async function person(email: string): Promise<AuthUser> {
    const row = (await insertLocalUser(handle.db, {
      email,
      passwordHash: 'scrypt$15$8$1$x$y',
      fullName: null,
    }))!;
    return { id: row.id, email, name: null, emailConfirmed: true };
  }

  beforeAll(async () => {
    ({ handle, dispose } = await engine.open());
    mailDir = await mkdtemp(path.join(tmpdir(), 'lrjn-inbox-mail-'));
    admin = await person('boss@example.org');
    staffUser = await person('helper@example.org');
    staff = staffUser;
    await person('learner@example.org');
    await setRoleByEmail(handle.db, 'boss@example.org', 'admin', { supabase: false });
    await setRoleByEmail(handle.db, 'helper@example.org', 'staff', { supabase: false });
  }, 60_000);
  afterAll(async () => {
    await dispose?.();
    await rm(mailDir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await handle.db.execute(sql`truncate enquiries, outbox, admin_audit cascade`);
  });

  /** An enquiry received at `at` (ISO). */
  async function enquiry(name: string, message: string, at: string, locale = 'en') {
    const row = await insertEnquiry(handle.db, {
      name,
      email: `${name.toLowerCase()}@example.org`,
      message,
      locale,
    });
    await handle.db.execute(sql`update enquiries set created_at = ${at}::timestamptz where id = ${row.id}`);
    return row;
  }

  it('lists enquiries newest first with search, status and UK-date filters, and pages', async () => {
    await enquiry('Ama', 'Volunteering in Leeds', '2026-11-01T10:00:00Z');
    const b = await enquiry('Bea', 'A question about 100% of the training', '2026-11-10T23:30:00Z');
    await enquiry('Cy', 'Press enquiry', '2026-11-20T09:00:00Z');
    const all = await listInbox(handle.db, parseInboxQuery({}));
    expect(all.total).toBe(3);
    expect(all.rows.map((r) => r.name)).toEqual(['Cy', 'Bea', 'Ama']);
    expect((await listInbox(handle.db, parseInboxQuery({ q: 'LEEDS' }))).rows.map((r) => r.name)).toEqual([
      'Ama',
    ]);
    expect((await listInbox(handle.db, parseInboxQuery({ q: 'bea@' }))).rows.map((r) => r.name)).toEqual([
      'Bea',
    ]);
    // `%` is a character to find, not a wildcard.
    expect((await listInbox(handle.db, parseInboxQuery({ q: '100%' }))).rows.map((r) => r.name)).toEqual([
      'Bea',
    ]);
    expect((await listInbox(handle.db, parseInboxQuery({ q: '%' }))).total).toBe(1);
    // 23:30 UTC on 10 November is still 10 November in London (GMT in November).
    const day = await listInbox(handle.db, parseInboxQuery({ from: '2026-11-10', to: '2026-11-10' }));
    expect(day.rows.map((r) => r.id)).toEqual([b.id]);
    expect(
      (await listInbox(handle.db, parseInboxQuery({ from: '2026-11-11' }))).rows.map((r) => r.name),
    ).toEqual(['Cy']);
    await runOp(ops.updateEnquiry, staff, { id: b.id, status: 'closed' }, { db: handle.db });
    expect(
      (await listInbox(handle.db, parseInboxQuery({ status: 'closed' }))).rows.map((r) => r.name),
    ).toEqual(['Bea']);
    expect(await countEnquiriesWithStatus(handle.db, 'new')).toBe(2);
    const page2 = await listInbox(handle.db, { ...parseInboxQuery({ page: '2' }), pageSize: 2 });
    expect([page2.total, page2.rows.map((r) => r.name)]).toEqual([3, ['Ama']]);
  });

  it('reads a hand-edited query string leniently', () => {
    expect(parseInboxQuery({ status: 'bogus', from: '2026-13-45', page: '-3', q: ['a', 'b'] })).toEqual({
      page: 1,
      pageSize: 20,
    });
    expect(parseInboxQuery({ status: 'answered', to: '2026-11-30', page: '4', q: '  hi ' })).toMatchObject({
      q: 'hi',
      status: 'answered',
      to: '2026-11-30',
      page: 4,
    });
  });

  it('assigns, notes and changes status with an audit entry for each', async () => {
    const e = await enquiry('Eve', 'Can you call me?', '2026-11-22T10:00:00Z');
    expect(
      await runOp(ops.updateEnquiry, staff, { id: e.id, assignedTo: staffUser.id }, { db: handle.db }),
    ).toEqual({
      ok: true,
      data: { code: 'saved' },
    });
    let detail = await findEnquiryDetail(handle.db, e.id);
    expect([detail!.enquiry.status, detail!.enquiry.assignedTo]).toEqual(['in_progress', staffUser.id]);
    expect(
      await runOp(
        ops.addNote,
        staff,
        { id: e.id, body: '  Rang back, left a message.  ' },
        { db: handle.db },
      ),
    ).toEqual({
      ok: true,
      data: { code: 'note-added' },
    });
    expect(
      await runOp(
        ops.updateEnquiry,
        admin,
        { id: e.id, status: 'closed', assignedTo: '' },
        { db: handle.db },
      ),
    ).toEqual({
      ok: true,
      data: { code: 'saved' },
    });
    detail = await findEnquiryDetail(handle.db, e.id);
    expect([detail!.enquiry.status, detail!.enquiry.assignedTo]).toEqual(['closed', null]);
    expect(detail!.notes.map((n) => [n.kind, n.authorEmail, n.body])).toEqual([
      ['note', 'helper@example.org', 'Rang back, left a message.'],
    ]);
    const audit = await handle.db.query.adminAudit.findMany({ orderBy: (t, { asc }) => asc(t.createdAt) });
    expect(audit.map((a) => [a.actorEmail, a.action, a.target])).toEqual([
      ['helper@example.org', 'enquiry.update', e.id],
      ['helper@example.org', 'enquiry.note', e.id],
      ['boss@example.org', 'enquiry.update', e.id],
    ]);
    expect(audit[2]!.detail).toEqual({ status: ['in_progress', 'closed'], assignedTo: [staffUser.id, null] });
    // Invalid input and unknown ids are refused without a write.
    expect(await runOp(ops.updateEnquiry, staff, { id: e.id }, { db: handle.db })).toMatchObject({
      status: 422,
    });
    expect(
      await runOp(ops.updateEnquiry, staff, { id: e.id, assignedTo: crypto.randomUUID() }, { db: handle.db }),
    ).toMatchObject({
      status: 422,
    });
    expect(await runOp(ops.addNote, staff, { id: e.id, body: '   ' }, { db: handle.db })).toMatchObject({
      status: 422,
    });
    expect(
      await runOp(ops.addNote, staff, { id: crypto.randomUUID(), body: 'x' }, { db: handle.db }),
    ).toMatchObject({
      status: 404,
    });
  });

  it('answers an enquiry by email through the outbox, in the sender’s language, into the mail folder', async () => {
    const e = await enquiry('Zoé', 'Bonjour, je voudrais participer.', '2026-11-23T10:00:00Z', 'fr');
    const log = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    try {
      const outcome = await runOp(
        ops.reply,
        staff,
        { id: e.id, body: 'Merci Zoé !\nRendez-vous jeudi.' },
        {
          db: handle.db,
          sendNow: (noteId) => sendReplyNow(noteId, { db: handle.db, smtpUrl: null, mailDir }),
        },
      );
      expect(outcome).toEqual({ ok: true, data: { code: 'reply-queued' } });
    } finally {
      log.mockRestore();
    }
    const detail = await findEnquiryDetail(handle.db, e.id);
    expect(detail!.enquiry.status).toBe('answered');
    expect(detail!.notes.map((n) => [n.kind, n.body])).toEqual([
      ['reply', 'Merci Zoé !\nRendez-vous jeudi.'],
    ]);
    expect(detail!.deliveries.map((d) => [d.kind, d.status, d.attempts])).toEqual([
      ['enquiry.reply', 'sent', 1],
    ]);
    expect(detail!.notes[0]!.outboxId).toBe(detail!.deliveries[0]!.id);
    const files = (await readdir(mailDir)).filter((f) => f.endsWith('.eml'));
    const emls = await Promise.all(files.map((f) => readFile(path.join(mailDir, f), 'utf8')));
    const eml = emls.find((m) => m.includes('To: zo'))!;
    expect(eml).toMatch(/^To: zoé@example\.org/m);
    // 'Re : votre message à …', MIME-encoded; the body in French with the original quoted.
    expect(eml).toContain('Subject: =?UTF-8?Q?Re_=3A_votre_message_=C3=A0_');
    const body = Buffer.from(
      eml
        .slice(eml.indexOf('\r\n\r\n') + 4)
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      'latin1',
    ).toString('utf8');
    expect(body.replace(/\r\n/g, '\n')).toBe(
      'Bonjour Zoé,\n\nMerci Zoé !\nRendez-vous jeudi.\n\nBien cordialement,\nLeeds Racial Justice Network\n\n' +
        'Votre message :\n> Bonjour, je voudrais participer.\n',
    );
    const audit = await handle.db.query.adminAudit.findMany();
    expect(audit.map((a) => [a.action, a.actorEmail])).toEqual([['enquiry.reply', 'helper@example.org']]);
    // The reply's body is not copied into the audit trail.
    expect(JSON.stringify(audit[0]!.detail)).not.toContain('Merci');
  });

  it('keeps the reply queued for the worker when the immediate send fails', async () => {
    const e = await enquiry('Fay', 'Hi', '2026-11-24T10:00:00Z');
    const err = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const outcome = await runOp(
        ops.reply,
        staff,
        { id: e.id, body: 'Thanks!' },
        {
          db: handle.db,
          sendNow: async () => {
            throw new Error('database went away');
          },
        },
      );
      expect(outcome).toEqual({ ok: true, data: { code: 'reply-queued' } });
    } finally {
      err.mockRestore();
    }
    const detail = await findEnquiryDetail(handle.db, e.id);
    expect(detail!.deliveries.map((d) => [d.kind, d.status, d.attempts])).toEqual([
      ['enquiry.reply', 'pending', 0],
    ]);
  });

  it('lets an admin grant and revoke roles from the staff page, never the last admin', async () => {
    const deps = { db: handle.db, supabase: false };
    expect(await runOp(ops.setRole, admin, { email: 'Learner@Example.org', role: 'staff' }, deps)).toEqual({
      ok: true,
      data: { code: 'role-changed' },
    });
    expect(await runOp(ops.setRole, admin, { email: 'learner@example.org', role: 'staff' }, deps)).toEqual({
      ok: true,
      data: { code: 'role-unchanged' },
    });
    expect(
      await runOp(ops.setRole, admin, { email: 'learner@example.org', role: 'none' }, deps),
    ).toMatchObject({
      ok: true,
    });
    expect(await runOp(ops.setRole, admin, { email: 'boss@example.org', role: 'none' }, deps)).toEqual({
      ok: false,
      status: 409,
      error: 'last-admin',
    });
    expect(
      await runOp(ops.setRole, admin, { email: 'nobody@example.org', role: 'staff' }, deps),
    ).toMatchObject({
      status: 404,
    });
    expect(await runOp(ops.setRole, admin, { email: 'boss@example.org', role: 'owner' }, deps)).toMatchObject(
      {
        status: 422,
      },
    );
    const audit = await handle.db.query.adminAudit.findMany();
    expect(audit.map((a) => [a.actorEmail, a.action, a.target])).toEqual([
      ['boss@example.org', 'role.set', 'learner@example.org'],
      ['boss@example.org', 'role.set', 'learner@example.org'],
    ]);
  });
});
