import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import { type DatabaseHandle, MIGRATIONS_FOLDER, closeDb, getDb, openDatabase } from '@/lib/db/client';
import {
  claimDueOutbox,
  enqueueOutbox,
  findNewsletterSubscriber,
  insertEnquiry,
  insertVolunteer,
  latestHomepageContent,
  markOutbox,
  recordEnquiryForward,
  recordNewsletterSync,
  retryDelaySeconds,
  activateNewsletterSubscriber,
  findNewsletterSubscriberById,
  unsubscribeNewsletterSubscriber,
  upsertNewsletterSubscriber,
} from '@/lib/db';
import * as schema from '@/lib/db/schema';
import { logger } from '@/lib/log';

import { createScratchDatabase } from '../helpers/scratch-database';
import { testEngines } from '../helpers/test-engines';

/**
 * lib/db against real engines: PGlite in memory always, and the Debian PostgreSQL of the pg rig when
 * TEST_DATABASE_URL is set (`npm test` boots it). Each engine starts from an empty database and applies the
 * committed migrations, so this also proves they run unchanged on both.
 */
const TABLES = [
  'admin_audit',
  'back_office_requests',
  'course_certificates',
  'course_enrollments',
  'course_lessons',
  'course_materials',
  'course_units',
  'courses',
  'enquiries',
  'enquiry_notes',
  'homepage_content',
  'local_email_tokens',
  'local_sessions',
  'local_users',
  'newsletter_subscribers',
  'outbox',
  'user_course_progress',
  'user_roles',
  'volunteers',
];
const JOURNAL_ENTRIES = (
  JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as {
    entries: unknown[];
  }
).entries.length;

const testDatabaseUrl = process.env.TEST_DATABASE_URL;
const engines = testEngines('lrjn_db');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(engines)('lib/db on $name', (engine) => {
  let handle: DatabaseHandle;
  let dispose: () => Promise<void>;

  beforeAll(async () => {
    ({ handle, dispose } = await engine.open());
  }, 120_000);
  afterAll(async () => dispose?.());
  beforeEach(async () => {
    await handle.db.execute(sql.raw(`truncate ${TABLES.map((t) => `"${t}"`).join(', ')} cascade`));
  });

  it('applies the migrations: every table of docs/SPEC-NOTES.md §3 plus the outbox, recorded once', async () => {
    const rows = await handle.db.execute<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    );
    expect(rowsOf<{ table_name: string }>(rows).map((r) => r.table_name)).toEqual(TABLES);
    const applied = await handle.db.execute<{ n: number }>(
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    );
    expect(rowsOf<{ n: number }>(applied)[0]?.n).toBe(JOURNAL_ENTRIES);
  });

  it('fills the spec defaults for a course created with a title only, and enrolments', async () => {
    const [course] = await handle.db
      .insert(schema.courses)
      .values({ title: 'Unlearning Racism' })
      .returning();
    expect(course).toMatchObject({
      description: '',
      price: 0,
      published: false,
      units: [],
      materials: [],
      feedback: [],
      certificationTitle: 'Certificate of Completion',
      certificationDescription: 'This certifies that the student has successfully completed the course.',
    });
    expect(course!.id).toMatch(/^[0-9a-f-]{36}$/);
    const userId = crypto.randomUUID();
    const [enrolment] = await handle.db
      .insert(schema.courseEnrollments)
      .values({ userId, courseId: course!.id })
      .returning();
    expect(enrolment).toMatchObject({ paymentMethod: 'free', amount: 0, status: 'active', paymentId: null });
    await expect(
      handle.db.insert(schema.courseEnrollments).values({ userId, courseId: course!.id }),
    ).rejects.toThrow();
    const [paid] = await handle.db
      .insert(schema.courses)
      .values({ title: 'Paid', price: 25.5, published: true })
      .returning();
    expect(paid!.price).toBe(25.5);
  });

  it('upserts course progress: one row per user and course, progress limited to 0-100', async () => {
    const [course] = await handle.db.insert(schema.courses).values({ title: 'C' }).returning();
    const userId = crypto.randomUUID();
    const upsert = (lessons: string[], progress: number) =>
      handle.db
        .insert(schema.userCourseProgress)
        .values({ userId, courseId: course!.id, completedLessons: lessons, progress })
        .onConflictDoUpdate({
          target: [schema.userCourseProgress.userId, schema.userCourseProgress.courseId],
          set: { completedLessons: lessons, progress, lastAccessed: sql`now()` },
        })
        .returning();
    await upsert(['intro'], 10);
    const [row] = await upsert(['intro', 'history'], 40);
    expect(row).toMatchObject({ completedLessons: ['intro', 'history'], progress: 40 });
    const all = await handle.db.select().from(schema.userCourseProgress);
    expect(all).toHaveLength(1);
    await expect(upsert(['x'], 101)).rejects.toThrow();
  });

  describe('enquiries', () => {
    it('saves the enquiry before anything else, pending forward, and records the forward outcome', async () => {
      const enquiry = await insertEnquiry(handle.db, {
        name: 'Amara Okafor',
        email: ' amara@example.org ',
        message: 'I would like to volunteer at the next workshop.',
        locale: 'fr',
      });
      expect(enquiry).toMatchObject({
        email: 'amara@example.org',
        locale: 'fr',
        forwardStatus: 'pending',
        forwardAttempts: 0,
        forwardedAt: null,
      });
      const failed = await recordEnquiryForward(handle.db, enquiry.id, {
        ok: false,
        error: 'SMTP 451 try later',
      });
      expect(failed).toMatchObject({
        forwardStatus: 'failed',
        forwardAttempts: 1,
        forwardLastError: 'SMTP 451 try later',
      });
      const sent = await recordEnquiryForward(handle.db, enquiry.id, { ok: true });
      expect(sent).toMatchObject({ forwardStatus: 'sent', forwardAttempts: 2, forwardLastError: null });
      expect(sent!.forwardedAt).toBeInstanceOf(Date);
      expect(await recordEnquiryForward(handle.db, crypto.randomUUID(), { ok: true })).toBeNull();
    });

    it('keeps an enquiry and its outbox item together: both saved, or neither when the transaction fails', async () => {
      await handle.db.transaction(async (tx) => {
        const enquiry = await insertEnquiry(tx, {
          name: 'Sam',
          email: 'sam@example.org',
          message: 'Hello there!',
        });
        await enqueueOutbox(tx, { kind: 'enquiry.forward', payload: { enquiryId: enquiry.id } });
      });
      await expect(
        handle.db.transaction(async (tx) => {
          await insertEnquiry(tx, { name: 'Lost', email: 'lost@example.org', message: 'Never saved' });
          await enqueueOutbox(tx, { kind: 'enquiry.forward', payload: { enquiryId: 'x' } });
          throw new Error('mail queue unavailable');
        }),
      ).rejects.toThrow('mail queue unavailable');
      const enquiries = await handle.db.select().from(schema.enquiries);
      expect(enquiries.map((e) => e.name)).toEqual(['Sam']);
      const items = await handle.db.select().from(schema.outbox);
      expect(items).toHaveLength(1);
      expect(items[0]!.payload).toEqual({ enquiryId: enquiries[0]!.id });
    });
  });

  describe('newsletter subscribers', () => {
    it('a signup is pending with no consent time; a repeat (any case) keeps the one row and takes the new locale', async () => {
      const first = await upsertNewsletterSubscriber(handle.db, {
        email: ' Ana.Silva@Example.ORG ',
        locale: 'pt',
      });
      expect(first.created).toBe(true);
      expect(first.subscriber).toMatchObject({
        email: 'ana.silva@example.org',
        locale: 'pt',
        source: 'website',
        status: 'pending',
        consentedAt: null,
        syncStatus: 'pending',
      });
      const second = await upsertNewsletterSubscriber(handle.db, {
        email: 'ANA.SILVA@example.org',
        locale: 'es',
        source: 'footer',
      });
      expect(second.created).toBe(false);
      expect(second.subscriber).toMatchObject({
        id: first.subscriber.id,
        locale: 'es',
        status: 'pending',
        consentedAt: null,
        source: 'website',
      });
      expect(await handle.db.select().from(schema.newsletterSubscribers)).toHaveLength(1);
      expect((await findNewsletterSubscriber(handle.db, 'ANA.SILVA@example.org'))?.id).toBe(
        first.subscriber.id,
      );
    });

    it('an anonymous repeat signup never re-activates an unsubscribed row nor touches an active one', async () => {
      const { subscriber } = await upsertNewsletterSubscriber(handle.db, {
        email: 'lee@example.org',
        locale: 'en',
      });
      const active = await activateNewsletterSubscriber(handle.db, subscriber.id);
      expect(active).toMatchObject({ status: 'active' });
      const consentedAt = active!.consentedAt!;
      expect(consentedAt).toBeInstanceOf(Date);
      await sleep(20);
      const again = await upsertNewsletterSubscriber(handle.db, { email: 'lee@example.org', locale: 'fr' });
      expect(again.subscriber).toMatchObject({ status: 'active', locale: 'en', consentedAt });

      expect(await unsubscribeNewsletterSubscriber(handle.db, subscriber.id)).toBe('active');
      await sleep(20);
      const later = await upsertNewsletterSubscriber(handle.db, { email: 'LEE@example.org', locale: 'es' });
      expect(later).toMatchObject({ created: false, subscriber: { status: 'unsubscribed', locale: 'en' } });
      // Its consent record is kept as it was given, never refreshed by someone else's request.
      expect(later.subscriber.consentedAt).toEqual(consentedAt);
    });

    it('the database refuses an active or unsubscribed row without a consent time', async () => {
      for (const status of ['active', 'unsubscribed'] as const) {
        await expect(
          handle.db.insert(schema.newsletterSubscribers).values({ email: `${status}@example.org`, status }),
        ).rejects.toThrow();
      }
    });

    it('unsubscribing a pending row deletes it (it never consented); an unknown id is null', async () => {
      const { subscriber } = await upsertNewsletterSubscriber(handle.db, {
        email: 'p@example.org',
        locale: 'en',
      });
      expect(await unsubscribeNewsletterSubscriber(handle.db, subscriber.id)).toBe('pending');
      expect(await findNewsletterSubscriberById(handle.db, subscriber.id)).toBeNull();
      expect(await unsubscribeNewsletterSubscriber(handle.db, subscriber.id)).toBeNull();
    });

    it('concurrent signups of one address make one row, and exactly one of them creates it', async () => {
      const results = await Promise.all(
        ['x@example.org', 'X@example.org', ' x@EXAMPLE.org', 'x@example.org', 'x@example.org'].map((email) =>
          upsertNewsletterSubscriber(handle.db, { email, locale: 'en' }),
        ),
      );
      expect(results.filter((r) => r.created)).toHaveLength(1);
      expect(new Set(results.map((r) => r.subscriber.id)).size).toBe(1);
      expect(await handle.db.select().from(schema.newsletterSubscribers)).toHaveLength(1);
    });

    it('refuses a row whose email is not lower-cased (the unique key relies on it)', async () => {
      await expect(
        handle.db.insert(schema.newsletterSubscribers).values({ email: 'Mixed@Example.org' }),
      ).rejects.toThrow();
    });

    it('records the provider sync outcome on the row', async () => {
      const { subscriber } = await upsertNewsletterSubscriber(handle.db, {
        email: 'sync@example.org',
        locale: 'en',
      });
      const failed = await recordNewsletterSync(handle.db, subscriber.id, { ok: false, error: 'HTTP 503' });
      expect(failed).toMatchObject({ syncStatus: 'failed', syncAttempts: 1, syncLastError: 'HTTP 503' });
      const synced = await recordNewsletterSync(handle.db, subscriber.id, { ok: true });
      expect(synced).toMatchObject({ syncStatus: 'synced', syncAttempts: 2, syncLastError: null });
      expect(synced!.syncedAt).toBeInstanceOf(Date);
      const skipped = await recordNewsletterSync(handle.db, subscriber.id, { skipped: true });
      expect(skipped).toMatchObject({ syncStatus: 'skipped', syncAttempts: 2 });
    });
  });

  it('saves a volunteer registration with its lists; the organisation only for organisations', async () => {
    const volunteer = await insertVolunteer(handle.db, {
      name: 'Kwame Mensah',
      email: 'kwame@example.org',
      phone: '0113 496 0123',
      membershipType: 'individual',
      organizationName: 'Ignored Ltd',
      interests: ['climate-justice', 'events'],
      availability: ['weekends', 'evenings'],
      experienceLevel: 'intermediate',
      country: 'United Kingdom',
      location: 'Leeds',
    });
    expect(volunteer).toMatchObject({
      organizationName: null,
      interests: ['climate-justice', 'events'],
      availability: ['weekends', 'evenings'],
      skills: [],
      experienceLevel: 'intermediate',
      locale: 'en',
    });
    const org = await insertVolunteer(handle.db, {
      name: 'Org Rep',
      email: 'rep@example.org',
      phone: '0113 496 0456',
      membershipType: 'organization',
      organizationName: 'Leeds Community Trust',
      interests: ['research'],
      availability: ['flexible'],
      experienceLevel: 'experienced',
      skills: ['writing'],
      country: 'United Kingdom',
      location: 'Bradford',
    });
    expect(org.organizationName).toBe('Leeds Community Trust');
    await expect(
      insertVolunteer(handle.db, {
        ...org,
        membershipType: 'company' as 'organization',
      }),
    ).rejects.toThrow();
  });

  it('reads the latest homepage content by created_at, or null when there is none', async () => {
    expect(await latestHomepageContent(handle.db)).toBeNull();
    await handle.db.insert(schema.homepageContent).values([
      { subtitle: 'Older', createdAt: new Date('2025-01-01T10:00:00Z') },
      {
        subtitle: 'Newest',
        ctaText: 'Join us',
        ctaLink: '/community',
        createdAt: new Date('2025-06-01T10:00:00Z'),
      },
      { subtitle: 'Middle', createdAt: new Date('2025-03-01T10:00:00Z') },
    ]);
    expect(await latestHomepageContent(handle.db)).toMatchObject({
      subtitle: 'Newest',
      ctaText: 'Join us',
      ctaLink: '/community',
    });
  });

  describe('outbox', () => {
    it('claims due items once, retries failures after a backoff, settles them as sent or failed', async () => {
      const a = await enqueueOutbox(handle.db, { kind: 'enquiry.forward', payload: { enquiryId: 'a' } });
      const b = await enqueueOutbox(handle.db, { kind: 'newsletter.sync', payload: { subscriberId: 'b' } });
      const later = await enqueueOutbox(handle.db, {
        kind: 'enquiry.forward',
        payload: {},
        delaySeconds: 3600,
      });
      expect(a).toMatchObject({ status: 'pending', attempts: 0, lastError: null });

      const onlyNewsletter = await claimDueOutbox(handle.db, { kinds: ['newsletter.sync'] });
      expect(onlyNewsletter.map((i) => i.id)).toEqual([b.id]);
      const claimed = await claimDueOutbox(handle.db);
      expect(claimed.map((i) => i.id)).toEqual([a.id]);
      expect(claimed[0]!.attempts).toBe(1);
      expect(await claimDueOutbox(handle.db)).toEqual([]);

      const retried = await markOutbox(handle.db, claimed[0]!, { ok: false, error: 'connection reset' });
      expect(retried).toMatchObject({ status: 'pending', attempts: 1, lastError: 'connection reset' });
      const delay = (retried!.nextAttemptAt.getTime() - retried!.updatedAt.getTime()) / 1000;
      expect(delay).toBeCloseTo(retryDelaySeconds(1), 0);
      expect(await claimDueOutbox(handle.db)).toEqual([]);

      await makeDue(a.id);
      const again = await claimDueOutbox(handle.db);
      expect(again.map((i) => [i.id, i.attempts])).toEqual([[a.id, 2]]);
      // A report against the superseded claim (attempt 1) is ignored.
      expect(await markOutbox(handle.db, claimed[0]!, { ok: true })).toBeNull();
      const sent = await markOutbox(handle.db, again[0]!, { ok: true });
      expect(sent).toMatchObject({ status: 'sent', lastError: null });
      expect(sent!.sentAt).toBeInstanceOf(Date);

      const gaveUp = await markOutbox(
        handle.db,
        onlyNewsletter[0]!,
        { ok: false, error: 'HTTP 500' },
        { maxAttempts: 1 },
      );
      expect(gaveUp).toMatchObject({ status: 'failed', attempts: 1, lastError: 'HTTP 500' });
      await makeDue(b.id);
      expect(await claimDueOutbox(handle.db)).toEqual([]);
      expect(
        (await handle.db.select().from(schema.outbox).where(eq(schema.outbox.id, later.id)))[0],
      ).toMatchObject({
        status: 'pending',
        attempts: 0,
      });
    });

    it('never hands one item to two concurrent claims', async () => {
      for (let i = 0; i < 20; i++) {
        await enqueueOutbox(handle.db, { kind: 'newsletter.sync', payload: { n: i } });
      }
      // Each claim holds its transaction open for a moment, so on PostgreSQL the claims overlap and the later
      // ones must skip the rows the earlier ones locked. (PGlite runs one transaction at a time.)
      const claims = await Promise.all(
        [0, 1, 2, 3].map(() =>
          handle.db.transaction(async (tx) => {
            const items = await claimDueOutbox(tx, { limit: 5 });
            await sleep(150);
            return items;
          }),
        ),
      );
      const ids = claims.flat().map((item) => item.id);
      expect(ids).toHaveLength(20);
      expect(new Set(ids).size).toBe(20);
      expect(claims.map((c) => c.length)).toEqual([5, 5, 5, 5]);
      expect(await claimDueOutbox(handle.db)).toEqual([]);
    });

    it('truncates long error texts', async () => {
      await enqueueOutbox(handle.db, { kind: 'k', payload: {} });
      const [item] = await claimDueOutbox(handle.db);
      const marked = await markOutbox(handle.db, item!, { ok: false, error: 'x'.repeat(5000) });
      expect(marked!.lastError).toHaveLength(1000);
    });
  });

  async function makeDue(id: string) {
    await handle.db
      .update(schema.outbox)
      .set({ nextAttemptAt: sql`now() - interval '1 second'` })
      .where(eq(schema.outbox.id, id));
  }
});

describe('PGlite in a data directory', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'lrjn-pglite-'));
  });
  afterAll(async () => rm(dir, { recursive: true, force: true }));

  it('keeps data across restarts and does not re-run applied migrations', async () => {
    const dataDir = path.join(dir, 'nested', 'pglite');
    const first = await openDatabase({ pgliteDir: dataDir });
    await insertEnquiry(first.db, { name: 'Kept', email: 'kept@example.org', message: 'Survives a restart' });
    await first.close();
    const second = await openDatabase({ pgliteDir: dataDir });
    try {
      expect(second.driver).toBe('pglite');
      const rows = await second.db.select().from(schema.enquiries);
      expect(rows.map((r) => r.name)).toEqual(['Kept']);
      const applied = await second.db.execute<{ n: number }>(
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      );
      expect(rowsOf<{ n: number }>(applied)[0]?.n).toBe(JOURNAL_ENTRIES);
    } finally {
      await second.close();
    }
  }, 120_000);
});

describe('getDb()', () => {
  afterAll(async () => {
    await closeDb();
    vi.unstubAllEnvs();
  });

  it('refuses to open PGlite during `next build`, whose workers would share its directory', async () => {
    vi.stubEnv('DATABASE_URL', '');
    vi.stubEnv('PGLITE_DIR', 'memory://');
    vi.stubEnv('NEXT_PHASE', 'phase-production-build');
    await expect(getDb()).rejects.toThrow('not opened during `next build`');
    vi.unstubAllEnvs();
  });

  it('opens one database per process from the environment (PGLITE_DIR=memory:// here) and reuses it', async () => {
    vi.stubEnv('DATABASE_URL', '');
    vi.stubEnv('PGLITE_DIR', 'memory://');
    const info = vi.spyOn(logger(), 'info');
    const [a, b] = await Promise.all([getDb(), getDb()]);
    expect(a).toBe(b);
    expect(await getDb()).toBe(a);
    // One "which database" line for the two concurrent calls (the demo-course seeding logs its own line).
    const opened = info.mock.calls.filter((call) => String(call[1]).includes('embedded PGlite'));
    expect(opened).toHaveLength(1);
    expect(String(opened[0]?.[1])).toContain('embedded PGlite at memory://');
    await upsertNewsletterSubscriber(a, { email: 'one@example.org', locale: 'en' });
    expect(await findNewsletterSubscriber(b, 'ONE@example.org')).not.toBeNull();
    info.mockRestore();
  }, 120_000);
});

if (testDatabaseUrl) {
  describe('PostgreSQL: outbox claims while another claim is open', () => {
    it('skips the rows an open claim holds instead of waiting for it (FOR UPDATE SKIP LOCKED)', async () => {
      const scratch = await createScratchDatabase(testDatabaseUrl, 'lrjn_skip');
      const handle = await openDatabase({ databaseUrl: scratch.url });
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      try {
        for (let i = 0; i < 4; i++) await enqueueOutbox(handle.db, { kind: 'k', payload: { n: i } });
        let firstClaim!: (ids: string[]) => void;
        const first = new Promise<string[]>((resolve) => (firstClaim = resolve));
        const open = handle.db.transaction(async (tx) => {
          firstClaim((await claimDueOutbox(tx, { limit: 2 })).map((i) => i.id));
          await held;
        });
        const heldIds = await first;
        // With a plain FOR UPDATE this claim would wait for the open transaction, which waits for this claim.
        const second = await Promise.race([
          handle.db.transaction((tx) => claimDueOutbox(tx, { limit: 10 })),
          sleep(15_000).then(() => {
            throw new Error('the second claim waited for the first one');
          }),
        ]);
        release();
        await open;
        expect(heldIds).toHaveLength(2);
        expect(second).toHaveLength(2);
        expect(second.map((i) => i.id).filter((id) => heldIds.includes(id))).toEqual([]);
      } finally {
        release();
        await handle.close();
        await scratch.drop();
      }
    }, 60_000);
  });

  describe('PostgreSQL: several instances starting at once', () => {
    it('all come up; the migrations are applied exactly once', async () => {
      const scratch = await createScratchDatabase(testDatabaseUrl, 'lrjn_race');
      const handles: DatabaseHandle[] = [];
      try {
        handles.push(...(await Promise.all([1, 2, 3].map(() => openDatabase({ databaseUrl: scratch.url })))));
        const applied = await handles[0]!.db.execute<{ n: number }>(
          sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
        );
        expect(rowsOf<{ n: number }>(applied)[0]?.n).toBe(JOURNAL_ENTRIES);
        expect(handles.map((h) => h.driver)).toEqual(['postgres', 'postgres', 'postgres']);
      } finally {
        await Promise.all(handles.map((h) => h.close()));
        await scratch.drop();
      }
    }, 120_000);
  });
}

/** `db.execute` gives PGlite's `{ rows }` or postgres.js's array of rows. */
function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : ((result as { rows: T[] }).rows ?? []);
}
