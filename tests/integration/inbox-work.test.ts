import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import type { AuthUser } from '@/lib/auth';
import {
  type DatabaseHandle,
  findEnquiryDetail,
  grantRole,
  insertEnquiry,
  insertLocalUser,
  listInbox,
  markEnquiryRead,
} from '@/lib/db';
import { exportInboxCsv } from '@/lib/back-office/inbox';
import { backOfficeOps } from '@/lib/back-office/ops';
import { testEngines } from '@/tests/helpers/test-engines';

/**
 * The inbox's daily work (issue 34) through its operations, as the actions run them after the pipeline: bulk
 * changes of a selection (one audit entry each), the assignee's email notice (not when they assign themselves),
 * opening marks read, the unread and assignee filters, and the CSV export of a filter or a selection (human
 * headers, labels, no cap, an audit entry without personal data).
 */
describe.each(testEngines('lrjn_inbox_work'))('inbox work on $name', (engine) => {
  let handle: DatabaseHandle;
  let dispose: () => Promise<void>;
  let sam: AuthUser;
  let kim: AuthUser;

  async function person(email: string): Promise<AuthUser> {
    const row = (await insertLocalUser(handle.db, {
      email,
      passwordHash: 'scrypt$15$8$1$x$y',
      fullName: null,
    }))!;
    await grantRole(handle.db, row.id, 'staff');
    return { id: row.id, email, name: null, emailConfirmed: true };
  }

  beforeAll(async () => {
    ({ handle, dispose } = await engine.open());
    sam = await person('sam@example.org');
    kim = await person('kim@example.org');
  }, 60_000);
  afterAll(async () => {
    await dispose?.();
  });
  beforeEach(async () => {
    await handle.db.execute(sql`truncate enquiries, outbox, admin_audit cascade`);
  });

  const deps = () => ({ db: handle.db, supabase: false });
  const enquiry = (name: string, message = 'Hello there, a question.') =>
    insertEnquiry(handle.db, { name, email: `${name.toLowerCase()}@example.org`, message, locale: 'fr' });

  it('changes every selected enquiry in one go, with an audit entry for each', async () => {
    const [a, b, c] = [await enquiry('Ama'), await enquiry('Bea'), await enquiry('Cy')];
    const run = backOfficeOps.bulkUpdateEnquiries.run;
    expect(await run({ ids: [a.id, b.id, crypto.randomUUID()], change: 'closed' }, sam, deps())).toEqual({
      code: 'bulk-updated',
      changed: 2,
    });
    const statuses = async () =>
      Promise.all([a, b, c].map(async (e) => (await findEnquiryDetail(handle.db, e.id))!.enquiry.status));
    expect(await statuses()).toEqual(['closed', 'closed', 'new']);
    expect(
      await run({ ids: [c.id], change: 'assign', assignedTo: kim.id, locale: 'es' }, sam, deps()),
    ).toEqual({
      code: 'bulk-updated',
      changed: 1,
    });
    expect((await findEnquiryDetail(handle.db, c.id))!.enquiry).toMatchObject({
      assignedTo: kim.id,
      status: 'in_progress',
    });
    const audit = await handle.db.query.adminAudit.findMany({ orderBy: (t, { asc }) => asc(t.createdAt) });
    expect(audit.map((e) => [e.action, e.target, e.detail.bulk])).toEqual([
      ['enquiry.update', a.id, true],
      ['enquiry.update', b.id, true],
      ['enquiry.update', c.id, true],
    ]);
    // Assigning needs a member of staff.
    expect(
      await run({ ids: [a.id], change: 'assign', assignedTo: crypto.randomUUID() }, sam, deps()),
    ).toMatchObject({ status: 422 });
  });

  it('emails the new assignee a notice with the link, but not someone assigning themselves', async () => {
    const e = await enquiry('Dee');
    const update = backOfficeOps.updateEnquiry.run;
    expect(await update({ id: e.id, assignedTo: sam.id, locale: 'fr' }, sam, deps())).toEqual({
      code: 'saved',
    });
    expect(await handle.db.query.outbox.findMany()).toEqual([]);
    expect(await update({ id: e.id, assignedTo: kim.id, locale: 'fr' }, sam, deps())).toEqual({
      code: 'saved',
    });
    // The same assignee again is no new assignment.
    await update({ id: e.id, assignedTo: kim.id, status: 'answered' }, sam, deps());
    const items = await handle.db.query.outbox.findMany();
    expect(items.map((i) => [i.kind, i.payload])).toEqual([
      [
        'enquiry.notify',
        { enquiryId: e.id, to: 'kim@example.org', reason: 'assigned', locale: 'fr', by: 'sam@example.org' },
      ],
    ]);
    const { runEmailJob } = await import('@/lib/mailing');
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const dir = await import('node:fs/promises').then((fs) => fs.mkdtemp('/tmp/lrjn-notice-'));
    try {
      expect(await runEmailJob(items[0]!, { db: handle.db, smtpUrl: null, mailDir: dir })).toEqual({
        ok: true,
      });
    } finally {
      info.mockRestore();
    }
    const { readdir, readFile, rm } = await import('node:fs/promises');
    const [file] = await readdir(dir);
    const eml = (await readFile(`${dir}/${file}`, 'utf8')).replace(/=\r?\n/g, '');
    expect(eml).toContain('To: kim@example.org');
    expect(eml).toMatch(new RegExp(`/fr/admin/enquiries/${e.id}`));
    await rm(dir, { recursive: true, force: true });
  });

  it('marks an opened enquiry read; unread and assignee filters', async () => {
    const [a, b] = [await enquiry('Eve'), await enquiry('Fay')];
    expect(await markEnquiryRead(handle.db, a.id)).toBe(true);
    expect(await markEnquiryRead(handle.db, a.id)).toBe(false);
    const page = { page: 1, pageSize: 20 };
    expect((await listInbox(handle.db, { ...page, unread: true })).rows.map((r) => r.id)).toEqual([b.id]);
    await backOfficeOps.updateEnquiry.run({ id: b.id, assignedTo: sam.id }, sam, deps());
    expect((await listInbox(handle.db, { ...page, assignedTo: sam.id })).rows.map((r) => r.id)).toEqual([
      b.id,
    ]);
    expect((await listInbox(handle.db, { ...page, assignedTo: null })).rows.map((r) => r.id)).toEqual([a.id]);
  });

  it('exports a filter or a selection as CSV with human headers, labels and no cap', async () => {
    const rows = [];
    for (let i = 0; i < 7; i++)
      rows.push(await enquiry(`P${i}`, i === 0 ? '=HYPERLINK("x")' : `Message ${i}`));
    const all = await exportInboxCsv({ filter: {} }, sam, 'fr', { db: handle.db, pageSize: 3 });
    expect(all.headers.get('content-disposition')).toMatch(
      /^attachment; filename="demandes-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const text = await all.text();
    const lines = text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      '"Reçue (heure du Royaume-Uni)","Nom","E-mail","Langue","Statut","Attribuée à","Lue (heure du Royaume-Uni)","Message","Référence"',
    );
    expect(lines).toHaveLength(8);
    expect(lines.find((l) => l.includes('"P0"'))).toContain(`"'=HYPERLINK(""x"")"`);
    expect(lines[1]).toMatch(/^"\d{4}-\d{2}-\d{2} \d{2}:\d{2}","P6","p6@example\.org","Français","Nouvelle"/);
    const some = await exportInboxCsv({ ids: [rows[1]!.id, rows[2]!.id] }, sam, 'en', { db: handle.db });
    expect((await some.text()).trimEnd().split('\r\n')).toHaveLength(3);
    const audit = await handle.db.query.adminAudit.findMany({ orderBy: (t, { asc }) => asc(t.createdAt) });
    expect(audit.map((a) => [a.action, a.detail])).toEqual([
      ['enquiry.export', { filter: {}, rows: 7 }],
      ['enquiry.export', { selected: 2, rows: 2 }],
    ]);
  });
});
