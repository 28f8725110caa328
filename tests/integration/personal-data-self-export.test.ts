import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import * as dataRights from '@/lib/data-rights';
import {
  type Database,
  enqueueOutbox,
  insertEnquiry,
  insertEnquiryNote,
  insertLocalUser,
  queueAuthEmail,
  setNoteOutbox,
  upsertNewsletterSubscriber,
} from '@/lib/db';
import * as schema from '@/lib/db/schema';

import { testEngines } from '../helpers/test-engines';

/**
 * NM4: what a signed-in person downloads about themselves (GET /api/account/export, lib/data-rights
 * exportOwnPersonalData) on each engine: their enquiry as sent, the reply actually emailed to them, their account,
 * subscription with its consent, and the emails sent to them; never the staff's internal note, the staff's
 * identities (author, assignee), delivery or sync error texts, or the items sent to staff. The admin's export of
 * the same person stays complete.
 */

const NO_PROVIDER = { mailing: { config: null }, supabase: null } as const;
const STAFF = { id: crypto.randomUUID(), email: 'caseworker@example.org' };

async function seed(db: Database) {
  const email = 'ada@example.org';
  const user = (await insertLocalUser(db, { email, passwordHash: 'scrypt$15$8$1$x$y', fullName: 'Ada' }))!;
  const enquiry = await insertEnquiry(db, { name: 'Ada', email, message: 'I was refused service' });
  await db
    .update(schema.enquiries)
    .set({ assignedTo: STAFF.id, forwardLastError: 'SMTP 550 mailbox staff-inbox unavailable' })
    .where(eq(schema.enquiries.id, enquiry.id));
  const forward = await enqueueOutbox(db, { kind: 'enquiry.forward', payload: { enquiryId: enquiry.id } });
  await insertEnquiryNote(db, {
    enquiryId: enquiry.id,
    kind: 'note',
    authorId: STAFF.id,
    authorEmail: STAFF.email,
    body: 'INTERNAL: the manager named in the report, Mr X, has two earlier complaints',
  });
  const sentReply = await insertEnquiryNote(db, {
    enquiryId: enquiry.id,
    kind: 'reply',
    authorId: STAFF.id,
    authorEmail: STAFF.email,
    body: 'Thank you, we will call you on Monday.',
  });
  const sentItem = await enqueueOutbox(db, {
    kind: 'enquiry.reply',
    payload: { enquiryId: enquiry.id, noteId: sentReply.id },
  });
  await setNoteOutbox(db, sentReply.id, sentItem.id);
  const draftReply = await insertEnquiryNote(db, {
    enquiryId: enquiry.id,
    kind: 'reply',
    authorId: STAFF.id,
    authorEmail: STAFF.email,
    body: 'A reply whose email has not gone out',
  });
  const pendingItem = await enqueueOutbox(db, {
    kind: 'enquiry.reply',
    payload: { enquiryId: enquiry.id, noteId: draftReply.id },
  });
  await setNoteOutbox(db, draftReply.id, pendingItem.id);
  const authEmail = await queueAuthEmail(db, {
    to: email,
    subject: 'Confirm your address',
    text: 'token_hash=[redacted]',
    purpose: 'signup',
  });
  const { subscriber } = await upsertNewsletterSubscriber(db, { email, locale: 'en' });
  await db
    .update(schema.newsletterSubscribers)
    .set({ syncLastError: 'provider said 400 Member Exists' })
    .where(eq(schema.newsletterSubscribers.id, subscriber.id));
  const sync = await enqueueOutbox(db, {
    kind: 'newsletter.sync',
    payload: { subscriberId: subscriber.id, email, locale: 'en' },
  });
  const sentAt = new Date();
  for (const id of [forward.id, sentItem.id, authEmail, sync.id])
    await db
      .update(schema.outbox)
      .set({ status: 'sent', sentAt, lastError: 'an earlier try failed: 421 try later' })
      .where(eq(schema.outbox.id, id));
  return { email, user, enquiry, authEmail };
}

describe.each(testEngines('lrjn_self_export'))('the self-service export on $name (NM4)', (engine) => {
  let db: Database;
  let dispose: () => Promise<void>;
  let ada: Awaited<ReturnType<typeof seed>>;

  beforeAll(async () => {
    const opened = await engine.open();
    db = opened.handle.db;
    dispose = opened.dispose;
    ada = await seed(db);
  }, 60_000);
  afterAll(async () => {
    await dispose?.();
  });

  it('holds no internal note, staff identity, delivery error or item sent to staff', async () => {
    const own = await dataRights.exportOwnPersonalData(ada.email, {
      db,
      ownUserId: ada.user.id,
      ...NO_PROVIDER,
    });
    const text = JSON.stringify(own);
    expect(text).not.toContain('INTERNAL');
    expect(text).not.toContain('Mr X');
    expect(text).not.toContain(STAFF.email);
    expect(text).not.toContain(STAFF.id);
    expect(text).not.toContain('SMTP 550');
    expect(text).not.toContain('Member Exists');
    expect(text).not.toContain('421 try later');
    expect(text).not.toContain('A reply whose email has not gone out');
    expect(text).not.toMatch(/assignedTo|forwardLastError|authorEmail|authorId|syncLastError|lastError/);
    expect(text).not.toContain('enquiry.forward');
    expect(text).not.toContain('newsletter.sync');
  });

  it('holds what the person sent, the reply and emails sent to them, their account and consent', async () => {
    const own = await dataRights.exportOwnPersonalData(ada.email, {
      db,
      ownUserId: ada.user.id,
      ...NO_PROVIDER,
    });
    expect(own.format).toBe('personal-data-export/self-1');
    expect(own.scope).toBe(dataRights.SELF_EXPORT_SCOPE);
    expect(own.enquiries).toEqual([
      expect.objectContaining({ id: ada.enquiry.id, message: 'I was refused service', status: 'new' }),
    ]);
    expect(own.replies).toEqual([
      expect.objectContaining({ enquiryId: ada.enquiry.id, body: 'Thank you, we will call you on Monday.' }),
    ]);
    expect(own.replies[0]!.sentAt).toBeInstanceOf(Date);
    expect(own.accounts.map((a) => a.id)).toEqual([ada.user.id]);
    expect(own.newsletter).toEqual([expect.objectContaining({ email: ada.email, status: 'pending' })]);
    expect(own.emailsSent.map((s) => [s.kind, s.subject]).sort()).toEqual([
      ['auth.email', 'Confirm your address'],
      ['enquiry.reply', null],
    ]);
    expect(own.emailsSent.map((s) => s.id)).toContain(ada.authEmail);
  });

  it('leaves the admin’s export complete: notes with their authors, assignee and delivery errors', async () => {
    const full = await dataRights.exportPersonalData(ada.email, { db, ...NO_PROVIDER });
    expect(full.format).toBe('personal-data-export/1');
    expect(full.enquiryNotes.map((n) => n.kind).sort()).toEqual(['note', 'reply', 'reply']);
    expect(full.enquiryNotes.every((n) => n.authorEmail === STAFF.email)).toBe(true);
    expect(full.enquiries[0]).toMatchObject({
      assignedTo: STAFF.id,
      forwardLastError: 'SMTP 550 mailbox staff-inbox unavailable',
    });
    expect(full.outbox.map((o) => o.kind).sort()).toEqual([
      'auth.email',
      'enquiry.forward',
      'enquiry.reply',
      'enquiry.reply',
      'newsletter.sync',
    ]);
  });
});
