import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import * as schema from '@/lib/db/schema';

import { mailgunFields, mailgunForward } from '../helpers/mailgun-inbound';

/**
 * Inbound mail (issue 34): a staff reply goes out reply-to the enquiry's signed plus-address, and the person's
 * email answer, posted as Mailgun's Route forward posts it (tests/helpers/mailgun-inbound.ts, a local stand-in),
 * comes back through the production route (app/api/mail/inbound/route.ts) onto the enquiry's History. Forged,
 * stale, replayed, malformed and unknown posts are refused and store nothing. PGlite in memory, mail in a folder.
 */
vi.mock('next/headers', () => ({
  headers: async () => new Headers(),
  cookies: async () => ({ getAll: () => [] }),
}));

const SIGNING_KEY = 'key-0123456789abcdef0123456789abcdef';
process.env.PGLITE_DIR = 'memory://';
process.env.FORM_SECRET = 'inbound-test-form-secret-0123456789abcdef';
process.env.INBOUND_MAIL_ADDRESS = 'reply@mg.example.org';
process.env.MAILGUN_WEBHOOK_SIGNING_KEY = SIGNING_KEY;
process.env.SITE_URL = 'https://lrjn.example';
delete process.env.NEXT_PUBLIC_SUPABASE_URL;
delete process.env.SMTP_URL;

let db: typeof import('@/lib/db');
let route: typeof import('@/app/api/mail/inbound/route');
let ops: typeof import('@/lib/back-office/ops');
let mailing: typeof import('@/lib/mailing');
let mailDir: string;
let staff: { id: string; email: string };

beforeAll(async () => {
  db = await import('@/lib/db');
  route = await import('@/app/api/mail/inbound/route');
  ops = await import('@/lib/back-office/ops');
  mailing = await import('@/lib/mailing');
  mailDir = await mkdtemp(path.join(tmpdir(), 'lrjn-inbound-mail-'));
  const handle = await db.getDb();
  const user = (await db.insertLocalUser(handle, {
    email: 'sam@example.org',
    passwordHash: 'scrypt$15$8$1$x$y',
    fullName: 'Sam',
  }))!;
  await handle.insert(schema.userRoles).values({ userId: user.id, roleName: 'staff' });
  staff = { id: user.id, email: 'sam@example.org' };
}, 60_000);
afterAll(async () => {
  await db?.closeDb();
  await rm(mailDir, { recursive: true, force: true });
});

/** An enquiry answered by staff through the back office's reply operation; @returns it and the reply's Reply-To. */
async function answeredEnquiry(email: string) {
  const handle = await db.getDb();
  const enquiry = await db.insertEnquiry(handle, { name: 'Vera', email, message: 'Can I volunteer?' });
  const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
  try {
    await ops.backOfficeOps.reply.run({ id: enquiry.id, body: 'Yes! Come on Thursday.' }, staff, {
      db: handle,
      sendNow: (noteId) => mailing.sendReplyNow(noteId, { db: handle, smtpUrl: null, mailDir }),
    });
  } finally {
    info.mockRestore();
  }
  const files = await readdir(mailDir);
  let replyTo = '';
  for (const file of files) {
    // Header lines unfolded (a long Reply-To is folded onto the next line).
    const eml = (await readFile(path.join(mailDir, file), 'utf8')).replace(/\r?\n[ \t]+/g, ' ');
    if (!eml.includes(`To: ${email}`)) continue;
    replyTo = /^Reply-To: (.*)$/m.exec(eml)?.[1]?.trim() ?? '';
  }
  return { enquiry, replyTo };
}

async function notes(enquiryId: string) {
  return (await db.findEnquiryDetail(await db.getDb(), enquiryId))!;
}

describe('POST /api/mail/inbound (Mailgun Routes forward)', () => {
  it('puts the person’s emailed answer on the enquiry, once, and makes it unread and in progress', async () => {
    const { enquiry, replyTo } = await answeredEnquiry('vera@example.org');
    expect(replyTo).toMatch(/^reply\+[0-9a-f]{32}-[0-9a-f]{16}@mg\.example\.org$/);
    expect(replyTo).toContain(enquiry.id.replace(/-/g, ''));
    const mail = {
      recipient: replyTo,
      from: 'Vera <vera@example.org>',
      bodyPlain: 'Thursday is perfect, thank you!\n\nOn Tue, Sam wrote:\n> Yes! Come on Thursday.',
      strippedText: 'Thursday is perfect, thank you!',
      messageId: '<answer-1@mail.example.net>',
      attachment: { name: 'photo.jpg', type: 'image/jpeg', content: 'not kept' },
    };
    const response = await route.POST(mailgunForward(mail, { signingKey: SIGNING_KEY }));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true, outcome: 'saved' });
    let detail = await notes(enquiry.id);
    expect(detail.notes.map((n) => [n.kind, n.authorEmail, n.body])).toEqual([
      ['reply', 'sam@example.org', 'Yes! Come on Thursday.'],
      ['inbound', 'vera@example.org', 'Thursday is perfect, thank you!'],
    ]);
    expect([detail.enquiry.status, detail.enquiry.readAt]).toEqual(['in_progress', null]);

    // Mailgun retrying the same email (a new delivery: new token and signature) adds nothing.
    const again = await route.POST(mailgunForward(mail, { signingKey: SIGNING_KEY, urlencoded: true }));
    expect([again.status, await again.json()]).toEqual([200, { ok: true, outcome: 'duplicate' }]);
    detail = await notes(enquiry.id);
    expect(detail.notes).toHaveLength(2);
  });

  it('tells the assignee through the outbox, with the link to the enquiry', async () => {
    const { enquiry, replyTo } = await answeredEnquiry('ana@example.org');
    const handle = await db.getDb();
    await db.updateEnquiryHandling(handle, enquiry.id, { assignedTo: staff.id });
    const response = await route.POST(
      mailgunForward(
        { recipient: replyTo, from: 'ana@example.org', bodyPlain: 'Merci !' },
        { signingKey: SIGNING_KEY },
      ),
    );
    expect(response.status).toBe(200);
    const items = (await handle.select().from(schema.outbox)).filter((i) => i.kind === 'enquiry.notify');
    expect(items.map((i) => i.payload)).toEqual([
      { enquiryId: enquiry.id, to: 'sam@example.org', reason: 'answered', locale: 'en' },
    ]);
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    try {
      expect(await mailing.runEmailJob(items[0]!, { db: handle, smtpUrl: null, mailDir })).toEqual({
        ok: true,
      });
    } finally {
      info.mockRestore();
    }
    const emls = await Promise.all(
      (await readdir(mailDir)).map((f) => readFile(path.join(mailDir, f), 'utf8')),
    );
    const notice = emls.find((m) => m.includes('To: sam@example.org'))!;
    expect(notice).toContain(`https://lrjn.example/admin/enquiries/${enquiry.id}`);
    expect(notice).not.toContain('Merci');
  });

  it('refuses forged, stale, replayed, malformed and unknown posts, storing nothing', async () => {
    const { enquiry, replyTo } = await answeredEnquiry('zoe@example.org');
    const mail = { recipient: replyTo, from: 'zoe@example.org', bodyPlain: 'Hello' };
    const post = (request: Request) => route.POST(request);
    const status = async (request: Request) => (await post(request)).status;

    expect(await status(mailgunForward(mail, { signingKey: 'not-the-key-0123456789' }))).toBe(401);
    expect(await status(mailgunForward(mail, { signingKey: SIGNING_KEY, signature: 'ab'.repeat(32) }))).toBe(
      401,
    );
    const old = Math.floor(Date.now() / 1000) - 3600;
    expect(await status(mailgunForward(mail, { signingKey: SIGNING_KEY, timestamp: old }))).toBe(401);
    // A captured post sent again: its token was used.
    const fields = mailgunFields(mail, { signingKey: SIGNING_KEY });
    const replay = () =>
      new Request('http://localhost/api/mail/inbound', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields).toString(),
      });
    expect(await status(replay())).toBe(200);
    const second = await post(replay());
    expect([second.status, await second.json()]).toEqual([401, { error: 'replayed' }]);
    // Someone else's address, a tampered token, a missing signature, JSON instead of a form.
    const tampered = replyTo.replace(/-([0-9a-f])/, (_, c: string) => `-${c === '0' ? '1' : '0'}`);
    for (const recipient of ['reply@mg.example.org', 'info+abc@mg.example.org', tampered]) {
      const response = await post(mailgunForward({ ...mail, recipient }, { signingKey: SIGNING_KEY }));
      expect([recipient, response.status]).toEqual([recipient, 406]);
    }
    const unsigned: Record<string, string> = mailgunFields(mail, { signingKey: SIGNING_KEY });
    delete unsigned.signature;
    expect(
      await status(
        new Request('http://localhost/api/mail/inbound', {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(unsigned).toString(),
        }),
      ),
    ).toBe(422);
    expect(
      await status(
        new Request('http://localhost/api/mail/inbound', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(fields),
        }),
      ),
    ).toBe(415);
    // Only the one genuine post was stored.
    expect((await notes(enquiry.id)).notes.filter((n) => n.kind === 'inbound')).toHaveLength(1);
  });
});
