import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';

import type { AuthUser } from '@/lib/auth';
import {
  exportCourseStudentsCsv,
  exportSubscribersCsv,
  exportVolunteersCsv,
  queryRecord,
  subscriberFilterSchema,
  volunteerFilterSchema,
} from '@/lib/back-office/exports';
import { csvFileStem } from '@/lib/back-office/csv';
import { backOfficeOps as ops } from '@/lib/back-office/ops';
import {
  type Database,
  activateNewsletterSubscriber,
  claimDueOutbox,
  enqueueOutbox,
  failedOutboxSince,
  findNewsletterSubscriberById,
  grantRole,
  insertCertificateOnce,
  insertCourse,
  insertEnrolment,
  insertLocalUser,
  insertVolunteer,
  listCourseStudents,
  listDeliveries,
  listVolunteers,
  markOutbox,
  upsertNewsletterSubscriber,
  upsertProgressLesson,
  setProgressPercent,
} from '@/lib/db';
import { type MailchimpConfig, mailchimpSubscriberHash } from '@/lib/mailing';
import { OUTBOX_ALERT_KIND } from '@/lib/mailing/outbox';

import { startMailchimpServer } from '../helpers/mailing-servers';
import { runOp as run } from '../helpers/staff-op';
import { testEngines } from '../helpers/test-engines';

/** Rows of a CSV response (UTF-8 with a BOM, CRLF lines, quoted cells without the quotes). */
async function csvRows(res: Response): Promise<string[][]> {
  const bytes = new Uint8Array(await res.arrayBuffer());
  expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return new TextDecoder()
    .decode(bytes)
    .split('\r\n')
    .filter(Boolean)
    .map((line) => [...line.matchAll(/"((?:[^"]|"")*)"/g)].map((m) => m[1]!.replace(/""/g, '"')));
}

const registration = (over: Partial<Parameters<typeof insertVolunteer>[1]> = {}) => ({
  name: 'Ada Okafor',
  email: 'ada@example.org',
  phone: '0113 496 0000',
  membershipType: 'individual' as const,
  interests: ['Education', 'Campaigns'],
  availability: ['Weekends'],
  experienceLevel: 'beginner' as const,
  country: 'United Kingdom',
  location: 'Leeds',
  ...over,
});

/** A CSV route's filter from a query string: the strict schema (the route answers 422 for an invalid one). */
function filterOf<S extends z.ZodType>(schema: S, query: Record<string, string> = {}) {
  return schema.parse(queryRecord(new URLSearchParams(query)));
}

/**
 * The back office's lists, operations and exports (issue 17 items 3, 4, 5, 8) through lib/back-office/ops.ts and
 * exports.ts, as the pages' server actions and route handlers call them after their guard (the pipeline's, tested
 * in back-office-pages.test.ts): typed input, the staff member as the actor, an audit entry for each.
 */
describe.each(testEngines('lrjn_back_office'))('back office on $name', (engine) => {
  let db: Database;
  let dispose: () => Promise<void>;
  let admin: AuthUser;
  let staff: AuthUser;
  let studentUser: AuthUser;

  const account = async (email: string, fullName: string): Promise<AuthUser> => {
    const row = (await insertLocalUser(db, { email, passwordHash: 'scrypt$15$8$1$x$y', fullName }))!;
    return { id: row.id, email, name: fullName, emailConfirmed: true };
  };

  beforeAll(async () => {
    const opened = await engine.open();
    db = opened.handle.db;
    dispose = opened.dispose;
    const adminUser = await account('admin@example.org', 'Admin');
    await grantRole(db, adminUser.id, 'admin');
    studentUser = await account('student@example.org', 'Sam Student');
    const staffUser = await account('staff@example.org', 'Stella Staff');
    await grantRole(db, staffUser.id, 'staff');
    admin = adminUser;
    staff = staffUser;
  }, 60_000);

  afterAll(() => dispose?.());

  const auditOf = async (action: string) => {
    const result = await db.execute(
      sql`select actor_email, action, target from admin_audit where action = ${action} order by created_at desc`,
    );
    return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
      actor_email: string;
      target: string | null;
    }[];
  };

  it('network: filters by country, interest, experience and status; sets a status; refuses outsiders', async () => {
    const a = await insertVolunteer(db, registration());
    const b = await insertVolunteer(
      db,
      registration({
        name: 'Bea',
        email: 'bea@example.org',
        country: 'Spain',
        interests: ['Research'],
        experienceLevel: 'experienced',
      }),
    );
    expect((await listVolunteers(db, { country: 'Spain' })).map((v) => v.id)).toEqual([b.id]);
    expect((await listVolunteers(db, { interest: 'Campaigns' })).map((v) => v.id)).toEqual([a.id]);
    expect((await listVolunteers(db, { experience: 'experienced' })).map((v) => v.id)).toEqual([b.id]);
    expect(a.status).toBe('new');

    expect(await run(ops.setVolunteerStatus, admin, { id: a.id, status: 'bogus' }, { db })).toMatchObject({
      status: 422,
    });
    expect(await run(ops.setVolunteerStatus, staff, { id: a.id, status: 'welcomed' }, { db })).toEqual({
      ok: true,
      data: { id: a.id, status: 'welcomed' },
    });
    const [welcomed] = await listVolunteers(db, { status: 'welcomed' });
    expect(welcomed?.id).toBe(a.id);
    expect(welcomed?.statusChangedAt).toBeInstanceOf(Date);
    const [entry] = await auditOf('network.status');
    expect(entry).toMatchObject({ actor_email: 'staff@example.org', target: a.id });
  });

  it('network CSV: every field, filters applied, formulas neutralised, private no-store; 401/403 otherwise', async () => {
    await insertVolunteer(
      db,
      registration({
        name: '=HYPERLINK("http://evil.example","x")',
        email: 'eve@example.org',
        phone: '+44 7700 900123',
        country: 'France',
        location: '+33 Lyon',
        skills: ['@sum', '-1'],
        membershipType: 'organization',
        organizationName: 'Équipe "Lyon"',
      }),
    );
    expect(volunteerFilterSchema.safeParse({ experience: 'guru' }).success).toBe(false);

    const res = await exportVolunteersCsv(filterOf(volunteerFilterSchema, { country: 'France' }), staff, {
      db,
    });
    expect(await auditOf('network.export')).toHaveLength(1);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    // Named after what it holds; human headers and labels; times in UK time (back-office review D13).
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="network-members-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const rows = await csvRows(res);
    expect(rows[0]).toEqual([
      'Registered (UK time)',
      'Status',
      'Name',
      'Email',
      'Phone',
      'Membership',
      'Organisation',
      'Interests',
      'Availability',
      'Experience',
      'Skills',
      'Country',
      'City',
      'Language',
      'Reference',
    ]);
    expect(rows).toHaveLength(2);
    const row = rows[1]!;
    expect(row[0]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(row[1]).toBe('New');
    expect(row[2]).toBe(`'=HYPERLINK("http://evil.example","x")`);
    expect(row[3]).toBe('eve@example.org');
    expect(row[4]).toBe('+44 7700 900123'); // a plain phone number stays intact
    expect(row[5]).toBe('Organisation representative');
    expect(row[6]).toBe('Équipe "Lyon"');
    expect(row[7]).toBe('Education, Campaigns'); // free-text interests of old rows as stored
    expect(row[10]).toBe(`'@sum; -1`);
    expect(row[11]).toBe('France');
    expect(row[12]).toBe(`'+33 Lyon`);
    expect(row[13]).toBe('English');

    // In the admin's language; a selection holds only its rows; none matching gives the header alone.
    const french = await csvRows(
      await exportVolunteersCsv(
        { ...filterOf(volunteerFilterSchema, { country: 'France' }), locale: 'fr' },
        staff,
        {
          db,
        },
      ),
    );
    expect(french[0]!.slice(0, 3)).toEqual(['Inscription (heure du Royaume-Uni)', 'Statut', 'Nom']);
    expect(french[1]!.slice(1, 2)).toEqual(['Nouveau']);
    expect(french[1]![5]).toBe('Représentant d’une organisation');
    const [eve] = await listVolunteers(db, { country: 'France' });
    const selection = await exportVolunteersCsv({ ids: [eve!.id] }, staff, { db });
    expect(selection.headers.get('content-disposition')).toMatch(/filename="network-members-selection-/);
    expect((await csvRows(selection)).map((r) => r[3])).toEqual(['Email', 'eve@example.org']);
    expect(await csvRows(await exportVolunteersCsv({ q: 'nobody at all' }, staff, { db }))).toHaveLength(1);
  });

  it('newsletter: CSV with status, consent time, source and sync state; manual unsubscribe; resync to Mailchimp', async () => {
    const apiKey = 'key-us21';
    const server = await startMailchimpServer({ apiKey, listId: 'list1' });
    const config: MailchimpConfig = { provider: 'mailchimp', apiKey, listId: 'list1', apiUrl: server.url };
    try {
      const { subscriber: active } = await upsertNewsletterSubscriber(db, {
        email: 'keen@example.org',
        locale: 'fr',
        source: 'footer',
      });
      await activateNewsletterSubscriber(db, active.id);
      const { subscriber: pending } = await upsertNewsletterSubscriber(db, {
        email: 'unsure@example.org',
        locale: 'en',
      });

      const res = await exportSubscribersCsv(filterOf(subscriberFilterSchema, { status: 'active' }), admin, {
        db,
      });
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      const rows = await csvRows(res);
      expect(rows[0]).toEqual([
        'Email',
        'Status',
        'Signed up (UK time)',
        'Consent given (UK time)',
        'Source',
        'Form',
        'Language',
        'Provider sync',
        'Sync attempts',
        'Last synced (UK time)',
        'Reference',
      ]);
      expect(rows.slice(1).map((r) => [r[0], r[1], r[4], r[6], r[7]])).toEqual([
        ['keen@example.org', 'Active', 'footer', 'French', 'Not synced yet'],
      ]);
      expect(rows[1]![3]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);

      // Resync: the active subscriber reaches the provider through the production client; the row records it.
      expect(server.requests).toHaveLength(0);
      expect(await run(ops.resyncSubscriber, admin, { id: active.id }, { db, mailing: { config } })).toEqual({
        ok: true,
        data: { outcome: 'synced' },
      });
      expect(server.members.get(mailchimpSubscriberHash('keen@example.org'))?.email_address).toBe(
        'keen@example.org',
      );
      expect((await findNewsletterSubscriberById(db, active.id))?.syncStatus).toBe('synced');
      server.failNext(503, 5);
      expect(await run(ops.resyncSubscriber, admin, { id: active.id }, { db, mailing: { config } })).toEqual({
        ok: true,
        data: { outcome: 'failed' },
      });
      expect((await findNewsletterSubscriberById(db, active.id))?.syncStatus).toBe('failed');
      server.recover();

      // Manual unsubscribe: refused to outsiders; an active row keeps its consent time and queues the provider's
      // unsubscribe; a pending one (never consented) is deleted.
      expect((await findNewsletterSubscriberById(db, active.id))?.status).toBe('active');
      expect(
        await run(ops.unsubscribeSubscriber, admin, { id: active.id }, { db, mailing: { config } }),
      ).toEqual({
        ok: true,
        data: { before: 'active' },
      });
      const after = await findNewsletterSubscriberById(db, active.id);
      expect(after?.status).toBe('unsubscribed');
      expect(after?.consentedAt).toBeInstanceOf(Date);
      const { pending: queued } = await listDeliveries(db);
      expect(queued.filter((d) => d.kind === 'newsletter.unsubscribe')).toHaveLength(1);
      expect(await run(ops.unsubscribeSubscriber, admin, { id: pending.id }, { db })).toEqual({
        ok: true,
        data: { before: 'pending' },
      });
      expect(await findNewsletterSubscriberById(db, pending.id)).toBeNull();

      // Resync of an unsubscribed row tells the provider so.
      await run(ops.resyncSubscriber, admin, { id: active.id }, { db, mailing: { config } });
      expect(server.members.get(mailchimpSubscriberHash('keen@example.org'))?.status).toBe('unsubscribed');
    } finally {
      await server.close();
    }
  });

  it('deliveries: retry now, give up (left out of the failure alert), never an item a worker holds', async () => {
    const failed = await enqueueOutbox(db, {
      kind: 'enquiry.forward',
      payload: { enquiryId: crypto.randomUUID() },
    });
    const [claimedFailed] = await claimDueOutbox(db, { kinds: ['enquiry.forward'] });
    await markOutbox(db, claimedFailed!, { ok: false, error: 'SMTP 550' }, { final: true });
    const waiting = await enqueueOutbox(db, {
      kind: 'volunteer.followup',
      payload: { volunteerId: 'x' },
      delaySeconds: 3600,
    });
    await enqueueOutbox(db, { kind: OUTBOX_ALERT_KIND, payload: {} });

    const lists = await listDeliveries(db, { exceptKinds: [OUTBOX_ALERT_KIND] });
    expect(lists.failed.find((d) => d.id === failed.id)).toMatchObject({
      lastError: 'SMTP 550',
      attempts: 1,
    });
    expect(lists.pending.some((d) => d.kind === OUTBOX_ALERT_KIND)).toBe(false);
    expect(JSON.stringify(lists)).not.toContain('payload');

    expect(await run(ops.retryDelivery, admin, { id: 'nope' }, { db })).toMatchObject({ status: 422 });

    // Retry now: the failed item is pending, due, with a fresh round of attempts.
    expect(await run(ops.retryDelivery, admin, { id: failed.id }, { db })).toEqual({
      ok: true,
      data: { id: failed.id },
    });
    const due = await claimDueOutbox(db, { kinds: ['enquiry.forward'] });
    expect(due.map((d) => [d.id, d.attempts])).toEqual([[failed.id, 1]]);
    // Now a worker holds it: neither retry nor give up may touch it (it could be sent twice).
    expect(await run(ops.retryDelivery, admin, { id: failed.id }, { db })).toMatchObject({ status: 409 });
    expect(await run(ops.giveUpDelivery, admin, { id: failed.id }, { db })).toMatchObject({ status: 409 });

    // Give up: failed, marked, and not reported by the worker's failure alert.
    expect(await run(ops.giveUpDelivery, staff, { id: waiting.id }, { db })).toEqual({
      ok: true,
      data: { id: waiting.id },
    });
    const after = await listDeliveries(db);
    expect(after.failed.find((d) => d.id === waiting.id)?.lastError).toBe('given up by an admin');
    expect((await failedOutboxSince(db, null)).map((f) => f.id)).not.toContain(waiting.id);
    // An alert's own record is not a delivery to retry.
    const alertRow = (await listDeliveries(db)).pending.find((d) => d.kind === OUTBOX_ALERT_KIND)!;
    expect(await run(ops.retryDelivery, admin, { id: alertRow.id }, { db })).toMatchObject({ status: 409 });
    expect((await auditOf('outbox.give-up'))[0]).toMatchObject({
      actor_email: 'staff@example.org',
      target: waiting.id,
    });
    expect(await auditOf('outbox.retry')).toHaveLength(1);
  });

  it('course students: progress, last activity and certificate; CSV for admins only', async () => {
    const course = await insertCourse(db, { title: 'Anti-racist practice', published: true });
    const other = await account('other@example.org', '@Other');
    await insertEnrolment(db, { userId: studentUser.id, courseId: course.id });
    await insertEnrolment(db, { userId: other.id, courseId: course.id });
    const lessonId = crypto.randomUUID();
    const progress = await upsertProgressLesson(db, studentUser.id, course.id, lessonId, { complete: true });
    await setProgressPercent(db, progress.id, 100);
    const { certificate } = await insertCertificateOnce(db, {
      userId: studentUser.id,
      courseId: course.id,
      studentName: 'Sam Student',
      courseTitle: course.title,
      certificateTitle: 'Certificate',
      certificateDescription: 'Done',
    });

    const students = await listCourseStudents(db, course.id);
    const sam = students.find((s) => s.userId === studentUser.id)!;
    expect(sam).toMatchObject({
      email: 'student@example.org',
      name: 'Sam Student',
      progress: 100,
      completedLessons: 1,
      certificateId: certificate.id,
    });
    expect(sam.lastActivity).toBeInstanceOf(Date);
    expect(students.find((s) => s.userId === other.id)).toMatchObject({
      progress: 0,
      lastActivity: null,
      certificateId: null,
    });

    // Admins only, and a malformed id answers 422: the route's guard and check (back-office-pages.test.ts).
    const res = await exportCourseStudentsCsv(course.id, admin, { db });
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    // Named after the course (D13), headers in the admin's language, times in UK time.
    expect(res.headers.get('content-disposition')).toMatch(
      new RegExp(
        `^attachment; filename="course-students-${csvFileStem(course.title)}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`,
      ),
    );
    const rows = await csvRows(res);
    expect(rows[0]).toEqual([
      'Name',
      'Email',
      'Enrolled (UK time)',
      'Enrolment status',
      'Progress (%)',
      'Lessons completed',
      'Last activity (UK time)',
      'Certificate',
      'Certificate issued (UK time)',
      'Reference',
    ]);
    const byEmail = new Map(rows.slice(1).map((r) => [r[1], r]));
    expect(byEmail.get('student@example.org')?.slice(3, 6)).toEqual(['Active', '100', '1']);
    expect(byEmail.get('student@example.org')?.[7]).toBe(certificate.id);
    expect(byEmail.get('student@example.org')?.[9]).toBe(studentUser.id);
    expect(byEmail.get('other@example.org')?.[0]).toBe(`'@Other`);
    expect(byEmail.get('other@example.org')?.[6]).toBe('');
    const french = await csvRows(await exportCourseStudentsCsv(course.id, admin, { db, locale: 'fr' }));
    expect(french[0]?.[0]).toBe('Nom');
    expect((await exportCourseStudentsCsv(crypto.randomUUID(), admin, { db })).status).toBe(404);
  });
});
