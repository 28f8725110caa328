import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  type PersonalDataExport,
  erasePerson,
  exportPersonalData,
  isEmptyExport,
  purgeExpiredSubmissions,
} from '@/lib/data-rights';
import {
  type Database,
  enqueueOutbox,
  findCertificateById,
  insertEnquiry,
  insertLocalUser,
  insertVolunteer,
  queueAuthEmail,
  upsertNewsletterSubscriber,
} from '@/lib/db';
import * as schema from '@/lib/db/schema';
import { drainOutbox } from '@/lib/mailing/outbox';

import { testEngines } from '../helpers/test-engines';

/**
 * UK GDPR data rights (issue 17 item 7) on each engine (PGlite, and PostgreSQL when TEST_DATABASE_URL is set):
 * the export of a person holds every row the site keeps about them and nothing about anyone else; the erasure
 * leaves none (read back from the database), revokes their certificate, and spares the other person; the retention
 * purge, with an injected clock, deletes only what is past its period.
 */

const NO_PROVIDER = { mailing: { config: null }, supabase: null } as const;

/** Seeds a person with a row of every kind; @returns their ids. */
async function seedPerson(db: Database, email: string, name: string, courseId: string) {
  // Typed with capitals: enquiries and registrations keep the case, the lookup must not care.
  const typed = email.replace(/^./, (c) => c.toUpperCase());
  const enquiry = await insertEnquiry(db, { name, email: typed, message: `Hello from ${name}` });
  await enqueueOutbox(db, { kind: 'enquiry.forward', payload: { enquiryId: enquiry.id } });
  await db.insert(schema.enquiryNotes).values({
    enquiryId: enquiry.id,
    kind: 'reply',
    authorEmail: 'staff@example.org',
    body: `Thank you, ${name}`,
  });
  const volunteer = await insertVolunteer(db, {
    name,
    email: typed,
    phone: '0113 496 0000',
    membershipType: 'individual',
    interests: ['Events'],
    availability: ['Weekends'],
    experienceLevel: 'beginner',
    country: 'United Kingdom',
    location: 'Leeds',
  });
  await enqueueOutbox(db, { kind: 'volunteer.followup', payload: { volunteerId: volunteer.id } });
  const { subscriber } = await upsertNewsletterSubscriber(db, { email, locale: 'en' });
  await enqueueOutbox(db, {
    kind: 'newsletter.confirm',
    payload: { subscriberId: subscriber.id, email, locale: 'en' },
  });
  const user = (await insertLocalUser(db, { email, passwordHash: 'scrypt$15$8$1$x$y', fullName: name }))!;
  await db.insert(schema.localSessions).values({
    id: `session-${user.id}`,
    userId: user.id,
    expiresAt: new Date(Date.now() + 3600_000),
  });
  await queueAuthEmail(db, {
    to: email,
    subject: 'Confirm',
    text: 'token_hash=[redacted]',
    purpose: 'signup',
  });
  await db.insert(schema.courseEnrollments).values({ userId: user.id, courseId });
  await db.insert(schema.userCourseProgress).values({ userId: user.id, courseId, progress: 100 });
  const [certificate] = await db
    .insert(schema.courseCertificates)
    .values({
      userId: user.id,
      courseId,
      studentName: name,
      courseTitle: 'Unlearning racism',
      certificateTitle: 'Certificate of Completion',
      certificateDescription: 'Completed.',
    })
    .returning();
  return { enquiry, volunteer, subscriber, user, certificate: certificate! };
}

// The erasure and the purge VACUUM the tables they touched (seconds on a loaded machine).
describe.each(testEngines('lrjn_data_rights'))('data rights on $name', { timeout: 60_000 }, (engine) => {
  let db: Database;
  let dispose: () => Promise<void>;
  let courseId: string;

  beforeAll(async () => {
    const opened = await engine.open();
    db = opened.handle.db;
    dispose = opened.dispose;
    const [course] = await db
      .insert(schema.courses)
      .values({ title: 'Unlearning racism', published: true })
      .returning();
    courseId = course!.id;
  }, 60_000);
  afterAll(async () => {
    await dispose?.();
  });

  it('exports every row about the person and none about anyone else, then erases them all', async () => {
    const ada = await seedPerson(db, 'ada@example.org', 'Ada Lovelace', courseId);
    const bob = await seedPerson(db, 'bob@example.org', 'Bob Marley', courseId);

    const data: PersonalDataExport = await exportPersonalData('  ADA@example.org ', { db, ...NO_PROVIDER });
    expect(data.format).toBe('personal-data-export/1');
    expect(data.email).toBe('ada@example.org');
    expect(data.enquiries.map((r) => r.id)).toEqual([ada.enquiry.id]);
    expect(data.enquiryNotes.map((r) => r.body)).toEqual(['Thank you, Ada Lovelace']);
    expect(data.registrations.map((r) => r.id)).toEqual([ada.volunteer.id]);
    expect(data.newsletter.map((r) => r.id)).toEqual([ada.subscriber.id]);
    expect(data.accounts).toEqual([
      expect.objectContaining({ id: ada.user.id, email: 'ada@example.org', fullName: 'Ada Lovelace' }),
    ]);
    expect(data.sessions).toHaveLength(1);
    expect(data.enrolments.map((r) => r.userId)).toEqual([ada.user.id]);
    expect(data.progress.map((r) => r.userId)).toEqual([ada.user.id]);
    expect(data.certificates.map((r) => r.id)).toEqual([ada.certificate.id]);
    expect(data.outbox.map((r) => r.kind).sort()).toEqual([
      'auth.email',
      'enquiry.forward',
      'newsletter.confirm',
      'volunteer.followup',
    ]);
    // Nothing of Bob's, and no secret of Ada's.
    const text = JSON.stringify(data);
    expect(text).not.toMatch(/bob/i);
    expect(text).not.toContain(bob.user.id);
    expect(text).not.toContain('scrypt$');
    expect(text).not.toContain(`session-${ada.user.id}`);

    const result = await erasePerson('ada@example.org', {
      db,
      actor: { id: bob.user.id, email: 'bob@example.org' },
      ...NO_PROVIDER,
    });
    expect(result.counts).toEqual({
      enquiries: 1,
      registrations: 1,
      newsletter: 1,
      accounts: 1,
      roles: 0,
      enrolments: 1,
      progress: 1,
      certificatesRevoked: 1,
      outbox: 4,
    });
    expect(result.provider).toBe('none');
    // The audit trail says who erased how much, never whom.
    const audit = await db
      .select()
      .from(schema.adminAudit)
      .where(eq(schema.adminAudit.action, 'person.erase'));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: bob.user.id,
      target: null,
      detail: { enquiries: 1, outbox: 4 },
    });
    // Match Ada's name, address and ids, not the bare letters: a random UUID's hex may hold "ada".
    const auditText = JSON.stringify(audit);
    expect(auditText).not.toMatch(/ada@example\.org|lovelace|\bAda\b/i);
    for (const id of [ada.user.id, ada.enquiry.id, ada.volunteer.id, ada.subscriber.id, ada.certificate.id]) {
      expect(auditText).not.toContain(id);
    }

    // Read back: nothing about Ada is left anywhere.
    expect(isEmptyExport(await exportPersonalData('ada@example.org', { db, ...NO_PROVIDER }))).toBe(true);
    const leftovers = await db.execute(sql`
      select (select count(*) from enquiries where lower(email) = 'ada@example.org')::int as enquiries,
             (select count(*) from volunteers where lower(email) = 'ada@example.org')::int as volunteers,
             (select count(*) from newsletter_subscribers where email = 'ada@example.org')::int as newsletter,
             (select count(*) from local_users where email = 'ada@example.org')::int as users,
             (select count(*) from local_sessions where user_id = ${ada.user.id})::int as sessions,
             (select count(*) from course_enrollments where user_id = ${ada.user.id})::int as enrolments,
             (select count(*) from user_course_progress where user_id = ${ada.user.id})::int as progress,
             (select count(*) from outbox where payload::text ilike '%ada@example.org%'
                or payload::text like ${`%${ada.enquiry.id}%`})::int as outbox,
             (select count(*) from course_certificates where student_name ilike '%ada%')::int as named,
             (select count(*) from enquiry_notes where body ilike '%ada%')::int as notes`);
    const row = (
      Array.isArray(leftovers) ? leftovers[0] : (leftovers as { rows: unknown[] }).rows[0]
    ) as Record<string, number>;
    expect(Object.values(row).every((n) => Number(n) === 0)).toBe(true);

    // The certificate still answers, anonymised and revoked.
    const revoked = await findCertificateById(db, ada.certificate.id);
    expect(revoked).toMatchObject({ studentName: '', courseTitle: 'Unlearning racism' });
    expect(revoked!.revokedAt).toBeInstanceOf(Date);
    expect(revoked!.userId).not.toBe(ada.user.id);

    // Bob is untouched.
    const bobs = await exportPersonalData('bob@example.org', { db, ...NO_PROVIDER });
    expect(bobs.enquiries).toHaveLength(1);
    expect(bobs.accounts).toHaveLength(1);
    expect(bobs.certificates[0]!.revokedAt).toBeNull();
    expect(bobs.outbox).toHaveLength(4);
  });

  it('purges, with an injected clock, only handled enquiries and departed members past their period and unconfirmed signups', async () => {
    // The injected clock is today, so rows made by the other test (created now) are within every period.
    const now = new Date();
    const day = 24 * 3600 * 1000;
    const monthsBefore = (months: number, plusDays = 0) => {
      const d = new Date(now);
      d.setUTCMonth(d.getUTCMonth() - months);
      return new Date(d.getTime() + plusDays * day);
    };
    const at = (d: Date) => d;
    const old = await insertEnquiry(db, { name: 'Old', email: 'old@example.org', message: 'Old message' });
    const recent = await insertEnquiry(db, { name: 'New', email: 'new@example.org', message: 'New message' });
    // Only handled enquiries are ever purged (D7; tests/integration/retention-erasure-copies.test.ts has the rules).
    await db
      .update(schema.enquiries)
      .set({ createdAt: at(monthsBefore(24, -1)), status: 'closed' })
      .where(eq(schema.enquiries.id, old.id));
    await db
      .update(schema.enquiries)
      .set({ createdAt: at(monthsBefore(24, 1)), status: 'answered' })
      .where(eq(schema.enquiries.id, recent.id));
    await enqueueOutbox(db, { kind: 'enquiry.forward', payload: { enquiryId: old.id } });
    const base = {
      phone: '0113 496 0001',
      membershipType: 'individual' as const,
      interests: [],
      availability: [],
      experienceLevel: 'beginner' as const,
      country: 'United Kingdom',
      location: 'Leeds',
    };
    const oldVol = await insertVolunteer(db, { ...base, name: 'Old', email: 'oldvol@example.org' });
    await db
      .update(schema.volunteers)
      .set({ createdAt: at(monthsBefore(30)), status: 'left', statusChangedAt: at(monthsBefore(13)) })
      .where(eq(schema.volunteers.id, oldVol.id));
    const stale = (await upsertNewsletterSubscriber(db, { email: 'stale@example.org', locale: 'en' }))
      .subscriber;
    const fresh = (await upsertNewsletterSubscriber(db, { email: 'fresh@example.org', locale: 'en' }))
      .subscriber;
    const confirmed = (await upsertNewsletterSubscriber(db, { email: 'kept@example.org', locale: 'en' }))
      .subscriber;
    await db
      .update(schema.newsletterSubscribers)
      .set({ createdAt: at(new Date(now.getTime() - 31 * day)) })
      .where(eq(schema.newsletterSubscribers.id, stale.id));
    await db
      .update(schema.newsletterSubscribers)
      .set({ createdAt: at(new Date(now.getTime() - 29 * day)) })
      .where(eq(schema.newsletterSubscribers.id, fresh.id));
    await db
      .update(schema.newsletterSubscribers)
      .set({ createdAt: at(monthsBefore(60)), status: 'active', consentedAt: at(monthsBefore(60, 1)) })
      .where(eq(schema.newsletterSubscribers.id, confirmed.id));

    const purged = await purgeExpiredSubmissions(db, {
      now,
      submissionMonths: 24,
      memberMonths: 12,
      pendingNewsletterDays: 30,
    });
    expect(purged).toEqual({ enquiries: 1, registrations: 1, pendingSubscribers: 1, outbox: 1 });
    const ids = async <T extends { id: string }>(rows: Promise<T[]>) => (await rows).map((r) => r.id);
    const enquiryIds = await ids(db.select().from(schema.enquiries));
    expect(enquiryIds).toContain(recent.id);
    expect(enquiryIds).not.toContain(old.id);
    expect(await ids(db.select().from(schema.volunteers))).not.toContain(oldVol.id);
    const subscriberIds = await ids(db.select().from(schema.newsletterSubscribers));
    expect(subscriberIds).not.toContain(stale.id);
    expect(subscriberIds).toEqual(expect.arrayContaining([fresh.id, confirmed.id]));

    // The outbox worker's housekeeping runs the same purge on its clock: three days later the recent enquiry goes too.
    await drainOutbox({
      db,
      now: new Date(now.getTime() + 3 * day),
      alertTo: null,
      smtpUrl: null,
      kinds: undefined,
      limit: 0,
    });
    expect(await ids(db.select().from(schema.enquiries))).not.toContain(recent.id);
  });
});
