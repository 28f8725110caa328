import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { erasePerson, purgeExpiredSubmissions } from '@/lib/data-rights';
import { deleteMailCopiesAbout, pruneMailFolder, searchableMailText } from '@/lib/data-rights/mail-folder';
import {
  type Database,
  RETENTION_AUDIT_ACTION,
  enqueueOutbox,
  insertEnquiry,
  insertVolunteer,
  upsertNewsletterSubscriber,
} from '@/lib/db';
import { type DatabaseHandle, openDatabase } from '@/lib/db/client';
import * as schema from '@/lib/db/schema';
import { drainOutbox } from '@/lib/mailing/outbox';

import { openMemoryDatabase } from '../helpers/test-engines';

/**
 * D6 and D7 of the back-office review (2026-12-01): retention deletes only handled enquiries past the period since
 * the last contact and members who left, never an open enquiry or a current member, and audits each run (counts,
 * no personal data); the mail folder's copies are pruned by age and deleted on erasure; after an erasure neither the
 * file-backed PGlite data directory nor the mail folder holds the message or the name in any readable form.
 */

process.env.ENQUIRY_TO = 'team@example.org';
delete process.env.MAILING_PROVIDER;
// This file's own mail folder (the forwards are written where MAIL_DIR says; env() is read on first use).
const ROOT = mkdtempSync(path.join(tmpdir(), 'lrjn-erase-'));
process.env.MAIL_DIR = path.join(ROOT, 'mail');

const DAY = 24 * 3600 * 1000;
const NO_PROVIDER = { mailing: { config: null }, supabase: null } as const;
const ADMIN = { id: '00000000-0000-4000-8000-0000000000ad', email: 'admin@example.org' };

const member = {
  phone: '0113 496 0001',
  membershipType: 'individual' as const,
  interests: [],
  availability: [],
  experienceLevel: 'beginner' as const,
  country: 'United Kingdom',
  location: 'Leeds',
};

function monthsAgo(now: Date, months: number, plusDays = 0): Date {
  const d = new Date(now);
  d.setUTCMonth(d.getUTCMonth() - months);
  return new Date(d.getTime() + plusDays * DAY);
}

// Each purge that deletes something VACUUMs (seconds on a loaded machine).
describe('retention rules (PGlite in memory)', { timeout: 60_000 }, () => {
  let handle: DatabaseHandle;
  let db: Database;
  const now = new Date();

  beforeAll(async () => {
    handle = await openMemoryDatabase();
    db = handle.db;
  }, 60_000);
  afterAll(async () => {
    await handle?.close();
  });
  beforeEach(async () => {
    await db.execute(
      sql`truncate enquiries, enquiry_notes, volunteers, newsletter_subscribers, outbox, admin_audit cascade`,
    );
  });

  async function enquiry(
    name: string,
    status: schema.EnquiryStatus,
    createdAt: Date,
    handledAt: Date | null = null,
  ) {
    const row = await insertEnquiry(db, {
      name,
      email: `${name.toLowerCase()}@example.org`,
      message: `From ${name}`,
    });
    await db
      .update(schema.enquiries)
      .set({ status, createdAt, handledAt })
      .where(eq(schema.enquiries.id, row.id));
    return row.id;
  }

  async function ids<T extends { id: string }>(rows: Promise<T[]>) {
    return (await rows).map((r) => r.id);
  }

  it('never deletes an open enquiry (new, in progress), however old; deletes handled ones past the period', async () => {
    const old = monthsAgo(now, 60);
    const openNew = await enquiry('Newone', 'new', old);
    const openInProgress = await enquiry('Working', 'in_progress', old);
    const answered = await enquiry('Answered', 'answered', old, old);
    const closed = await enquiry('Closed', 'closed', monthsAgo(now, 24, -1));
    const closedRecent = await enquiry('Recent', 'closed', monthsAgo(now, 24, 1));
    await enqueueOutbox(db, { kind: 'enquiry.forward', payload: { enquiryId: answered } });

    const purged = await purgeExpiredSubmissions(db, {
      now,
      submissionMonths: 24,
      memberMonths: 12,
      pendingNewsletterDays: 30,
    });

    expect(purged).toEqual({ enquiries: 2, registrations: 0, pendingSubscribers: 0, outbox: 1 });
    const left = await ids(db.select().from(schema.enquiries));
    expect(left).toEqual(expect.arrayContaining([openNew, openInProgress, closedRecent]));
    expect(left).not.toContain(answered);
    expect(left).not.toContain(closed);
  });

  it('measures an enquiry from the last contact: a recent note or back-office change keeps an old one', async () => {
    const old = monthsAgo(now, 36);
    const noted = await enquiry('Noted', 'closed', old);
    await db.insert(schema.enquiryNotes).values({
      enquiryId: noted,
      kind: 'reply',
      authorEmail: 'staff@example.org',
      body: 'Following up',
      createdAt: monthsAgo(now, 6),
    });
    const touched = await enquiry('Touched', 'answered', old, monthsAgo(now, 2));
    const stale = await enquiry('Stale', 'answered', old, monthsAgo(now, 25));

    const purged = await purgeExpiredSubmissions(db, { now, submissionMonths: 24 });

    expect(purged.enquiries).toBe(1);
    const left = await ids(db.select().from(schema.enquiries));
    expect(left).toEqual(expect.arrayContaining([noted, touched]));
    expect(left).not.toContain(stale);
  });

  it('never deletes a current member (new, welcomed, active); deletes those who left, the period after leaving', async () => {
    const old = monthsAgo(now, 60);
    const rows: Record<string, string> = {};
    for (const [key, status, changed] of [
      ['active', 'active', old],
      ['welcomed', 'welcomed', old],
      ['fresh', 'new', null],
      ['leftLongAgo', 'left', monthsAgo(now, 12, -1)],
      ['leftRecently', 'left', monthsAgo(now, 12, 1)],
    ] as const) {
      const row = await insertVolunteer(db, {
        ...member,
        name: key,
        email: `${key.toLowerCase()}@example.org`,
      });
      await db
        .update(schema.volunteers)
        .set({ status, statusChangedAt: changed, createdAt: old })
        .where(eq(schema.volunteers.id, row.id));
      rows[key] = row.id;
    }

    const purged = await purgeExpiredSubmissions(db, { now, memberMonths: 12 });

    expect(purged.registrations).toBe(1);
    const left = await ids(db.select().from(schema.volunteers));
    expect(left).toEqual(
      expect.arrayContaining([rows.active, rows.welcomed, rows.fresh, rows.leftRecently].map(String)),
    );
    expect(left).not.toContain(rows.leftLongAgo);
  });

  it('deletes only never-confirmed newsletter signups past their days; a subscription stays', async () => {
    const stale = (await upsertNewsletterSubscriber(db, { email: 'stale@example.org', locale: 'en' }))
      .subscriber;
    const kept = (await upsertNewsletterSubscriber(db, { email: 'kept@example.org', locale: 'en' }))
      .subscriber;
    await db
      .update(schema.newsletterSubscribers)
      .set({ createdAt: new Date(now.getTime() - 31 * DAY) })
      .where(eq(schema.newsletterSubscribers.id, stale.id));
    await db
      .update(schema.newsletterSubscribers)
      .set({ createdAt: monthsAgo(now, 60), status: 'active', consentedAt: monthsAgo(now, 60) })
      .where(eq(schema.newsletterSubscribers.id, kept.id));

    expect((await purgeExpiredSubmissions(db, { now, pendingNewsletterDays: 30 })).pendingSubscribers).toBe(
      1,
    );
    expect(await ids(db.select().from(schema.newsletterSubscribers))).toEqual([kept.id]);
  });

  it('audits a run that deletes something with the counts and no personal data; a run that deletes nothing is not audited', async () => {
    await enquiry('Quiet', 'new', now);
    await purgeExpiredSubmissions(db, { now });
    expect(await db.select().from(schema.adminAudit)).toHaveLength(0);

    await enquiry('Gone', 'closed', monthsAgo(now, 30));
    await purgeExpiredSubmissions(db, { now, submissionMonths: 24 });
    const entries = await db.select().from(schema.adminAudit);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: RETENTION_AUDIT_ACTION, actorId: null, target: null });
    expect(entries[0]!.detail).toMatchObject({
      enquiries: 1,
      registrations: 0,
      pendingSubscribers: 0,
      outbox: 0,
    });
    expect(JSON.stringify(entries[0])).not.toMatch(/gone|example\.org/i);
  });
});

describe('the mail folder', { timeout: 60_000 }, () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'lrjn-mail-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('pruneMailFolder deletes .eml files older than the days given and nothing else', async () => {
    const now = new Date();
    const old = path.join(dir, 'old.eml');
    const recent = path.join(dir, 'recent.eml');
    const other = path.join(dir, 'notes.txt');
    for (const f of [old, recent, other]) await writeFile(f, 'x');
    await utimes(old, new Date(now.getTime() - 8 * DAY), new Date(now.getTime() - 8 * DAY));
    await utimes(other, new Date(now.getTime() - 80 * DAY), new Date(now.getTime() - 80 * DAY));
    expect(await pruneMailFolder({ mailDir: dir, olderThanDays: 7, now })).toBe(1);
    expect((await readdir(dir)).sort()).toEqual(['notes.txt', 'recent.eml']);
    expect(await pruneMailFolder({ mailDir: path.join(dir, 'missing'), olderThanDays: 7 })).toBe(0);
    expect(await pruneMailFolder({ mailDir: 'none', olderThanDays: 7 })).toBe(0);
  });

  it("deleteMailCopiesAbout finds the address in headers and quoted-printable bodies, any case, and the enquiries' ids", async () => {
    await writeFile(path.join(dir, 'a.eml'), 'To: Ada <ADA@Example.org>\r\nSubject: hi\r\n\r\nHello');
    await writeFile(
      path.join(dir, 'b.eml'),
      'To: team@example.org\r\n\r\nWrite to a=\r\nda=40example.org soon',
    );
    await writeFile(path.join(dir, 'c.eml'), 'To: bob@example.org\r\n\r\nNothing about her');
    expect(searchableMailText('a=\r\nda=40Example.org')).toBe('ada@example.org');
    await writeFile(
      path.join(dir, 'd.eml'),
      'To: staff@example.org\r\n\r\nAssigned: /admin/enquiries/0d217e5e-6ee5-4936',
    );
    expect(
      await deleteMailCopiesAbout(' Ada@example.org ', { mailDir: dir, alsoNaming: ['0D217E5E-6EE5-4936'] }),
    ).toBe(3);
    expect(await readdir(dir)).toEqual(['c.eml']);
  });

  it('the worker prunes the mail folder by RETENTION_LOG_DAYS (default 7)', async () => {
    const handle = await openMemoryDatabase();
    try {
      const file = path.join(dir, 'old.eml');
      await writeFile(file, 'x');
      const now = new Date(Date.now() + 8 * DAY);
      await drainOutbox({ db: handle.db, mailDir: dir, smtpUrl: null, alertTo: null, now, limit: 0 });
      expect(await readdir(dir)).toEqual([]);
    } finally {
      await handle.close();
    }
  });
});

/** Every file under `root` that holds `text` (grep -r: binary files too, as the review read them). */
function filesHolding(root: string, text: string): string[] {
  try {
    return execFileSync('grep', ['-rlaF', text, root], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .filter(Boolean);
  } catch (error) {
    if ((error as { status?: number }).status === 1) return [];
    throw error;
  }
}

describe('erasure leaves no readable copy (file-backed PGlite, MAIL_DIR)', () => {
  const root = ROOT;
  let handle: DatabaseHandle | undefined;

  afterAll(async () => {
    await handle?.close();
    await rm(root, { recursive: true, force: true });
  });

  it('neither the data directory nor the mail folder holds the message or the name after erasure', async () => {
    const pgliteDir = path.join(root, 'pglite');
    const mailDir = process.env.MAIL_DIR!;
    handle = await openDatabase({ pgliteDir });
    const db = handle.db;
    const name = 'Zenobia Quillfeather';
    const message = 'Chapeltown-incident-7f3a at the bus stop';
    const email = 'zenobia@example.org';
    const enquiry = await insertEnquiry(db, { name, email: 'Zenobia@Example.org', message });
    await enqueueOutbox(db, { kind: 'enquiry.forward', payload: { enquiryId: enquiry.id } });
    await db.insert(schema.enquiryNotes).values({
      enquiryId: enquiry.id,
      kind: 'note',
      authorEmail: 'staff@example.org',
      body: `Staff note about ${name}`,
    });
    await insertVolunteer(db, { ...member, name, email });
    const other = await insertEnquiry(db, {
      name: 'Other Person',
      email: 'other@example.org',
      message: 'Keep me',
    });
    await enqueueOutbox(db, { kind: 'enquiry.forward', payload: { enquiryId: other.id } });
    // The forwards are written to the mail folder, as without SMTP_URL.
    await drainOutbox({ db, mailDir, smtpUrl: null, alertTo: null, kinds: ['enquiry.forward'] });
    await db.execute(sql.raw('checkpoint'));
    expect(filesHolding(mailDir, message)).toHaveLength(1);
    expect(filesHolding(pgliteDir, message).length).toBeGreaterThan(0);

    const result = await erasePerson(email, { db, actor: ADMIN, mailDir, adminEmails: [], ...NO_PROVIDER });
    expect(result.counts.enquiries).toBe(1);
    expect(result.mailCopies).toBe(1);

    for (const text of [message, name, 'Quillfeather']) {
      expect(filesHolding(pgliteDir, text), text).toEqual([]);
      expect(filesHolding(mailDir, text), text).toEqual([]);
    }
    // The other person is untouched, in the database and in the mail folder.
    expect(filesHolding(mailDir, 'Keep me')).toHaveLength(1);
    expect((await db.select().from(schema.enquiries)).map((r) => r.id)).toEqual([other.id]);
  }, 120_000);

  it('the retention purge VACUUMs too: a purged enquiry is not readable in the data directory', async () => {
    const db = handle!.db;
    const message = 'Retained-then-purged-9c1e';
    const row = await insertEnquiry(db, { name: 'Purged Person', email: 'purged@example.org', message });
    await db
      .update(schema.enquiries)
      .set({ status: 'closed', createdAt: monthsAgo(new Date(), 30) })
      .where(eq(schema.enquiries.id, row.id));
    await db.execute(sql.raw('checkpoint'));
    expect(filesHolding(path.join(root, 'pglite'), message).length).toBeGreaterThan(0);
    expect((await purgeExpiredSubmissions(db, { submissionMonths: 24 })).enquiries).toBe(1);
    expect(filesHolding(path.join(root, 'pglite'), message)).toEqual([]);
  }, 60_000);
});
