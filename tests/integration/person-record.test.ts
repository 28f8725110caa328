import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { exportPersonalData } from '@/lib/data-rights';
import { findPeople, parsePersonRef, personRecord } from '@/lib/data-rights/person-record';
import {
  closeDataRightsRequest,
  listDataRightsRequests,
  logDataRightsRequest,
  logRequestSchema,
} from '@/lib/data-rights/requests';
import { requestDueOn } from '@/lib/data-rights/shared';
import { personalDataView } from '@/lib/data-rights/view';
import { createLabeler } from '@/lib/back-office/labels';
import {
  type Database,
  enqueueOutbox,
  insertEnquiry,
  insertLocalUser,
  insertVolunteer,
  upsertNewsletterSubscriber,
} from '@/lib/db';
import { type DatabaseHandle } from '@/lib/db/client';
import * as schema from '@/lib/db/schema';
import en from '@/messages/en.json';
import fr from '@/messages/fr.json';

import { openMemoryDatabase } from '../helpers/test-engines';

/**
 * The person record (review §3 item 1): a ref of any of the person's rows gathers every row held under the same
 * normalised address and nothing of anyone else's; the search finds people by name or address across tables; the
 * data-rights look-up reads as a person reads it (D14: translated labels, labelled codes, local times); the request
 * log keeps the one-month deadline without any personal data.
 */

const ADMIN = { id: '00000000-0000-4000-8000-0000000000ad', email: 'admin@example.org' };

describe('person record (PGlite in memory)', () => {
  let handle: DatabaseHandle;
  let db: Database;
  let ids: { enquiry: string; member: string; subscriber: string; user: string; course: string };

  beforeAll(async () => {
    handle = await openMemoryDatabase();
    db = handle.db;
    const [course] = await db
      .insert(schema.courses)
      .values({ title: 'Unlearning racism', published: true })
      .returning();
    const enquiry = await insertEnquiry(db, {
      name: 'Ama Mensah',
      email: ' Ama@Example.org ',
      message: 'Hello there',
    });
    await insertEnquiry(db, { name: 'Ama Mensah', email: 'ama@example.org', message: 'Second message' });
    await enqueueOutbox(db, { kind: 'enquiry.forward', payload: { enquiryId: enquiry.id } });
    const member = await insertVolunteer(db, {
      name: 'Ama Mensah',
      email: 'AMA@example.org',
      phone: '+44 7700 900123',
      membershipType: 'individual',
      interests: ['Events'],
      availability: [],
      experienceLevel: 'beginner',
      country: 'United Kingdom',
      location: 'Leeds',
    });
    const { subscriber } = await upsertNewsletterSubscriber(db, { email: 'ama@example.org', locale: 'fr' });
    await db
      .update(schema.newsletterSubscribers)
      .set({ status: 'active', consentedAt: new Date('2026-11-02T10:00:00Z') })
      .where(eq(schema.newsletterSubscribers.id, subscriber.id));
    const user = (await insertLocalUser(db, {
      email: 'ama@example.org',
      passwordHash: 'x',
      fullName: 'Ama Mensah',
    }))!;
    await db.insert(schema.courseEnrollments).values({ userId: user.id, courseId: course!.id });
    await db
      .insert(schema.userCourseProgress)
      .values({ userId: user.id, courseId: course!.id, progress: 40 });
    await insertEnquiry(db, { name: 'Someone Else', email: 'else@example.org', message: 'Not hers' });
    ids = {
      enquiry: enquiry.id,
      member: member.id,
      subscriber: subscriber.id,
      user: user.id,
      course: course!.id,
    };
  }, 60_000);
  afterAll(async () => {
    await handle?.close();
  });

  it('parses refs and refuses anything else', () => {
    expect(parsePersonRef(`enquiry-${ids.enquiry}`)).toEqual({ kind: 'enquiry', id: ids.enquiry });
    expect(parsePersonRef(`user-${ids.user.toUpperCase()}`)).toEqual({ kind: 'user', id: ids.user });
    for (const bad of [
      'enquiry',
      `admin-${ids.user}`,
      'member-123',
      `ama@example.org`,
      `subscriber-${ids.user}x`,
    ])
      expect(parsePersonRef(bad), bad).toBeNull();
  });

  it('gathers every record of the address from any of its refs, and nothing of anyone else', async () => {
    for (const kind of ['enquiry', 'member', 'subscriber', 'user'] as const) {
      const record = await personRecord({ kind, id: ids[kind] }, { db });
      expect(record, kind).not.toBeNull();
      expect(record!.email).toBe('ama@example.org');
      expect(record!.name).toBe('Ama Mensah');
      expect(record!.enquiries.map((e) => e.excerpt)).toEqual(['Second message', 'Hello there']);
      expect(record!.registrations.map((r) => r.id)).toEqual([ids.member]);
      expect(record!.newsletter).toMatchObject({ id: ids.subscriber, status: 'active' });
      expect(record!.accounts.map((a) => a.id)).toEqual([ids.user]);
      expect(record!.courses).toEqual([
        expect.objectContaining({ courseId: ids.course, title: 'Unlearning racism', progress: 40 }),
      ]);
      expect(record!.consents.map((c) => c.what)).toEqual(['newsletter']);
      expect(record!.sends.map((s) => s.kind)).toEqual(expect.arrayContaining(['enquiry.forward']));
    }
    expect(
      await personRecord({ kind: 'enquiry', id: '00000000-0000-4000-8000-000000000000' }, { db }),
    ).toBeNull();
  });

  it('searches people by name or address across the tables, one hit per address, literal % and _', async () => {
    const hits = await findPeople('mensah', { db });
    expect(hits).toHaveLength(1);
    expect(hits[0]).toMatchObject({
      kind: 'user',
      id: ids.user,
      enquiries: 2,
      member: true,
      subscriber: true,
    });
    expect((await findPeople('AMA@EXAMPLE', { db })).map((h) => h.email)).toEqual(['ama@example.org']);
    expect(await findPeople('%', { db })).toEqual([]);
    expect(await findPeople('a_a', { db })).toEqual([]);
    expect((await findPeople('example.org', { db })).map((h) => h.email).sort()).toEqual([
      'ama@example.org',
      'else@example.org',
    ]);
  });

  it('shows the look-up with translated labels, labelled codes and local times (D14)', async () => {
    const data = await exportPersonalData('ama@example.org', { db, supabase: null });
    const view = personalDataView(
      data,
      'fr',
      fr as unknown as Record<string, unknown>,
      createLabeler('fr', fr as never),
    );
    const registrations = view.find((s) => s.kind === 'registrations')!;
    const fields = Object.fromEntries(registrations.rows[0]!.map((f) => [f.key, f]));
    expect(fields.membershipType!.label).toBe(fr.DataRightsFields.membershipType);
    expect(fields.status!.value).toBe(fr.BackOffice.labels.volunteerStatus.new);
    expect(fields.country!.value).toBe('Royaume-Uni');
    const newsletter = Object.fromEntries(
      view.find((s) => s.kind === 'newsletter')!.rows[0]!.map((f) => [f.key, f]),
    );
    expect(newsletter.consentedAt!.value).toMatch(/^2 nov.* 2026/);
    expect(newsletter.locale!.value).toMatch(/^français$/i);
    const text = JSON.stringify(view);
    expect(text).not.toMatch(/"label":"(forwardStatus|nextAttemptAt|createdAt)"/);
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:/);
    // Every field of the export has a label in every language (none falls back to the column name).
    for (const section of personalDataView(data, 'en', en as never, createLabeler('en', en as never)))
      for (const row of section.rows)
        for (const field of row) expect(Object.keys(en.DataRightsFields), field.key).toContain(field.key);
  });

  it('logs requests with the one-month deadline and no personal data, and closes them once', async () => {
    expect(requestDueOn('2026-01-03')).toBe('2026-02-03');
    expect(requestDueOn('2026-01-31')).toBe('2026-02-28');
    expect(requestDueOn('2028-01-31')).toBe('2028-02-29');
    expect(requestDueOn('2026-12-15')).toBe('2027-01-15');
    expect(
      logRequestSchema.safeParse({
        kind: 'access',
        requester: 'self',
        identityCheck: 'account',
        receivedOn: '2999-01-01',
      }).success,
    ).toBe(false);
    expect(
      logRequestSchema.safeParse({
        kind: 'sell',
        requester: 'self',
        identityCheck: 'account',
        receivedOn: '2026-01-01',
      }).success,
    ).toBe(false);
    expect(
      logRequestSchema.safeParse({
        kind: 'access',
        requester: 'self',
        identityCheck: 'account',
        receivedOn: '2026-02-30',
      }).success,
    ).toBe(false);

    await logDataRightsRequest(
      { kind: 'erasure', requester: 'self', identityCheck: 'address', receivedOn: '2026-10-01' },
      ADMIN,
      db,
    );
    const [request] = await listDataRightsRequests({ db, now: new Date('2026-11-02T12:00:00Z') });
    expect(request).toMatchObject({
      kind: 'erasure',
      identityCheck: 'address',
      receivedOn: '2026-10-01',
      dueOn: '2026-11-01',
      overdue: true,
      closedAt: null,
      loggedBy: ADMIN.email,
    });
    expect(await closeDataRightsRequest({ id: request!.id, outcome: 'done' }, ADMIN, db)).toBe(true);
    expect(await closeDataRightsRequest({ id: request!.id, outcome: 'refused' }, ADMIN, db)).toBe(false);
    const [closed] = await listDataRightsRequests({ db });
    expect(closed).toMatchObject({ outcome: 'done', overdue: false });
    const audit = await db.select().from(schema.adminAudit);
    expect(JSON.stringify(audit)).not.toMatch(/ama|mensah/i);
  });
});
