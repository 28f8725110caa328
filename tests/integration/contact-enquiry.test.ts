import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import type { DatabaseHandle } from '@/lib/db/client';
import * as schema from '@/lib/db/schema';
import { issueFormToken } from '@/lib/forms/token';

import { testEngines } from '../helpers/test-engines';
import { type SmtpServer, mailBody, startSmtpServer } from '../helpers/smtp-server';

/**
 * The contact form's server side (docs/SPEC-NOTES.md §4, §7, §8; docs/ARCHITECTURE.md §5) through the same wrapper the server actions use
 * (`executeAction`, so rate limit, spam guard and zod run too), on PGlite in memory and, when TEST_DATABASE_URL is
 * set, on PostgreSQL; forwarding goes through nodemailer to a local SMTP server (tests/helpers/smtp-server.ts).
 */
const SECRET = 'contact-test-form-secret-0123456789abcdef';
process.env.FORM_SECRET = SECRET;
process.env.ENQUIRY_TO = 'team@example.org';
process.env.MAIL_FROM = 'Test Site <no-reply@example.org>';

type Action = typeof import('@/lib/safe-action');
type Handler = typeof import('@/lib/enquiries/handler');
type Outbox = typeof import('@/lib/mailing/outbox');
let action: Action;
let contact: Handler;
let outbox: Outbox;
beforeAll(async () => {
  action = await import('@/lib/safe-action');
  contact = await import('@/lib/enquiries/handler');
  outbox = await import('@/lib/mailing/outbox');
});

function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

const engines = testEngines('lrjn_contact');

const valid = {
  name: 'Ada Lovelace',
  email: 'ada@example.org',
  message: 'I would like to volunteer with you.',
};

describe.each(engines)('contact form on $name', (engine) => {
  let handle: DatabaseHandle;
  let dispose: () => Promise<void>;
  let smtp: SmtpServer;
  let ipCounter = 0;

  beforeAll(async () => {
    ({ handle, dispose } = await engine.open());
    smtp = await startSmtpServer();
  }, 120_000);
  afterAll(async () => {
    await smtp?.close();
    await dispose?.();
  });
  beforeEach(async () => {
    await handle.db.execute(sql`truncate enquiries, outbox cascade`);
    smtp.messages.length = 0;
    smtp.rejectRecipients = false;
  });

  const now = () => Date.now();
  const ctx = () => ({ ip: `198.51.100.${++ipCounter % 250}`, locale: 'fr' as const, now: now() });
  const guard = () => ({ formToken: issueFormToken(SECRET, now() - 10_000, 'contact'), website_url: '' });
  const options = (smtpUrl: string | null = smtp.url) => ({ db: handle.db, smtpUrl });

  const submit = (raw: unknown) =>
    action.executeAction(
      contact.contactForm,
      (input, c) => contact.handleSubmitEnquiry(input, c, options()),
      raw,
      ctx(),
    );
  const forward = (raw: unknown, smtpUrl: string | null = smtp.url) =>
    action.executeAction(
      contact.forwardForm,
      (input, c) => contact.handleForwardEnquiry(input, c, options(smtpUrl)),
      raw,
      ctx(),
    );

  async function enquiries() {
    return handle.db.select().from(schema.enquiries);
  }
  async function outboxItems() {
    return handle.db.select().from(schema.outbox);
  }

  it('saves the enquiry and its forward in the outbox, due after the grace period', async () => {
    const result = await submit({ ...guard(), ...valid, name: '  Ada Lovelace ' });
    expect(result.ok).toBe(true);
    const enquiryId = result.ok ? result.data.enquiryId : '';
    const [row] = await enquiries();
    expect(row).toMatchObject({ id: enquiryId, ...valid, locale: 'fr', forwardStatus: 'pending' });
    const [item] = await outboxItems();
    expect(item).toMatchObject({
      kind: 'enquiry.forward',
      payload: { enquiryId },
      status: 'pending',
      attempts: 0,
    });
    const dueIn = (item!.nextAttemptAt.getTime() - Date.now()) / 1000;
    expect(dueIn).toBeGreaterThan(outbox.ENQUIRY_FORWARD_GRACE_SECONDS - 10);
    expect(dueIn).toBeLessThanOrEqual(outbox.ENQUIRY_FORWARD_GRACE_SECONDS + 1);
    // The worker leaves it to the browser's forward meanwhile.
    expect(await outbox.drainOutbox({ db: handle.db, smtpUrl: smtp.url })).toEqual({
      claimed: 0,
      done: 0,
      failed: 0,
    });
  });

  it('forwards it by SMTP once: to ENQUIRY_TO, reply-to the sender, outbox and enquiry marked sent', async () => {
    const saved = await submit({ ...guard(), ...valid });
    const enquiryId = saved.ok ? saved.data.enquiryId : '';
    expect(await forward({ enquiryId })).toEqual({ ok: true, data: { forwarded: true } });
    expect(smtp.messages).toHaveLength(1);
    const mail = smtp.messages[0]!;
    expect(mail.to).toEqual(['team@example.org']);
    expect(mail.from).toBe('no-reply@example.org');
    expect(mail.data).toMatch(/^Reply-To: ada@example\.org$/im);
    expect(mail.data).toMatch(/^Subject: Website enquiry from Ada Lovelace$/im);
    expect(mailBody(mail)).toContain('Message:\n\nI would like to volunteer with you.');
    const [row] = await enquiries();
    expect(row).toMatchObject({ forwardStatus: 'sent', forwardAttempts: 1, forwardLastError: null });
    expect(row!.forwardedAt).toBeInstanceOf(Date);
    const [item] = await outboxItems();
    expect(item).toMatchObject({ status: 'sent', attempts: 1, lastError: null });

    // A replayed forward sends nothing more.
    expect(await forward({ enquiryId })).toEqual({ ok: true, data: { forwarded: true } });
    expect(smtp.messages).toHaveLength(1);
  });

  it('SMTP down: the enquiry is kept, the item stays pending with last_error, the worker sends it later', async () => {
    const down = await startSmtpServer();
    const port = down.port;
    await down.close();
    const downUrl = `smtp://127.0.0.1:${port}`;

    const saved = await submit({ ...guard(), ...valid });
    const enquiryId = saved.ok ? saved.data.enquiryId : '';
    expect(await forward({ enquiryId }, downUrl)).toEqual({ ok: true, data: { forwarded: false } });

    const [row] = await enquiries();
    expect(row).toMatchObject({ id: enquiryId, ...valid, forwardStatus: 'failed', forwardAttempts: 1 });
    expect(row!.forwardLastError).toMatch(/ECONNREFUSED/);
    const [item] = await outboxItems();
    expect(item).toMatchObject({ status: 'pending', attempts: 1 });
    expect(item!.lastError).toMatch(/^smtp: .*ECONNREFUSED/);
    expect(item!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 30_000);
    // A second forward does not retry it in the request: the worker owns the retries.
    expect(await forward({ enquiryId }, downUrl)).toEqual({ ok: true, data: { forwarded: false } });

    // The server comes back on the same port; the retry is due.
    const up = await startSmtpServer(port);
    try {
      await handle.db
        .update(schema.outbox)
        .set({ nextAttemptAt: sql`now()` })
        .where(eq(schema.outbox.id, item!.id));
      expect(await outbox.drainOutbox({ db: handle.db, smtpUrl: downUrl })).toEqual({
        claimed: 1,
        done: 1,
        failed: 0,
      });
      expect(up.messages).toHaveLength(1);
      expect(mailBody(up.messages[0]!)).toContain('I would like to volunteer with you.');
    } finally {
      await up.close();
    }
    const [after] = await enquiries();
    expect(after).toMatchObject({ forwardStatus: 'sent', forwardAttempts: 2, forwardLastError: null });
    const [sent] = await outboxItems();
    expect(sent).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
  });

  it('a refused recipient is recorded the same way (saved, pending, retried)', async () => {
    smtp.rejectRecipients = true;
    const saved = await submit({ ...guard(), ...valid });
    const enquiryId = saved.ok ? saved.data.enquiryId : '';
    expect(await forward({ enquiryId })).toEqual({ ok: true, data: { forwarded: false } });
    const [item] = await outboxItems();
    expect(item).toMatchObject({ status: 'pending', attempts: 1 });
    expect(item!.lastError).toMatch(/550/);
    expect(await enquiries()).toHaveLength(1);
  });

  it('without SMTP_URL the outbox is the delivery: forwarded, with a log line that holds no personal data', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    try {
      const saved = await submit({ ...guard(), ...valid });
      const enquiryId = saved.ok ? saved.data.enquiryId : '';
      expect(await forward({ enquiryId }, null)).toEqual({ ok: true, data: { forwarded: true } });
      const lines = info.mock.calls.map((call) => call.join(' '));
      const line = lines.find((l) => l.startsWith('[email]'));
      expect(line).toContain(enquiryId);
      expect(line).not.toContain('ada@example.org');
      expect(line).not.toContain('Ada');
      expect(line).not.toContain('volunteer');
    } finally {
      info.mockRestore();
    }
    const [item] = await outboxItems();
    expect(item).toMatchObject({ status: 'sent' });
    expect(smtp.messages).toHaveLength(0);
  });

  it('refuses a forward of an unknown or malformed id with a 4xx', async () => {
    expect(await forward({ enquiryId: crypto.randomUUID() })).toMatchObject({ ok: false, status: 400 });
    expect(await forward({ enquiryId: "1' or '1'='1" })).toMatchObject({ ok: false, status: 422 });
    expect(await forward('enquiryId')).toMatchObject({ ok: false, status: 400 });
    expect(smtp.messages).toHaveLength(0);
  });

  it('stores markup and SQL-looking text verbatim, as text', async () => {
    const message = "<script>alert('x')</script> Robert'); DROP TABLE enquiries; -- \u0000?";
    const name = "O'Brien <img src=x onerror=alert(1)>";
    const result = await submit({ ...guard(), ...valid, name, message: message.replace('\u0000', '') });
    expect(result.ok).toBe(true);
    const [row] = await enquiries();
    expect(row).toMatchObject({ name, message: message.replace('\u0000', '') });
    const tables = rowsOf<{ n: number }>(
      await handle.db.execute(
        sql`select count(*)::int as n from information_schema.tables where table_name = 'enquiries'`,
      ),
    );
    expect(tables[0]?.n).toBe(1);
  });

  it('hostile payloads get only 4xx, store nothing and leak no stack', async () => {
    const huge = 'x'.repeat(2_000_000);
    const cases: unknown[] = [
      null,
      undefined,
      42,
      'name=Ada&email=ada@example.org',
      [valid],
      { ...valid }, // no token
      { ...valid, formToken: 'forged.token' },
      { ...guard(), ...valid, website_url: 'http://spam.example' },
      { ...guard(), name: huge, email: 'ada@example.org', message: huge },
      { ...guard(), ...valid, email: `${huge}@example.org` },
      { ...guard(), name: ['Ada'], email: { a: 1 }, message: 12345678901 },
      { ...guard(), ...valid, message: { toString: 'x' } },
      JSON.parse(`{"formToken":"${guard().formToken}","__proto__":{"isAdmin":true},"name":1}`),
      { ...guard(), name: '', email: '', message: '' },
    ];
    for (const raw of cases) {
      const result = await submit(raw);
      expect(result.ok, JSON.stringify(raw)?.slice(0, 80)).toBe(false);
      if (!result.ok) {
        expect(result.status).toBeGreaterThanOrEqual(400);
        expect(result.status).toBeLessThan(500);
      }
      expect(JSON.stringify(result)).not.toMatch(/\bat .*\(|stack|Error:/);
    }
    const empty = await submit({ ...guard(), name: '', email: '', message: '' });
    expect(empty).toMatchObject({
      status: 422,
      fieldErrors: { name: 'nameMin', email: 'emailInvalid', message: 'messageMin' },
    });
    expect(await enquiries()).toHaveLength(0);
    expect(await outboxItems()).toHaveLength(0);
    expect(({} as { isAdmin?: boolean }).isAdmin).toBeUndefined();
  });

  it('one token stores one enquiry: a retried request answers the same success, another message is refused', async () => {
    const token = guard();
    const first = await submit({ ...token, ...valid });
    expect(first.ok).toBe(true);
    // The answer was lost and the browser (or a second click) sends the same request again.
    const retry = await submit({ ...token, ...valid, name: ' Ada Lovelace ' });
    expect(retry).toEqual(first);
    expect(await enquiries()).toHaveLength(1);
    expect((await outboxItems()).map((i) => i.kind)).toEqual(['enquiry.forward']);
    // The same token carrying a different message is not swallowed: 'expired', so the browser takes a fresh
    // token and sends again (the spec's message), and that stores the second enquiry.
    expect(await submit({ ...token, ...valid, message: 'Another question entirely.' })).toEqual({
      ok: false,
      status: 400,
      error: 'expired',
    });
    expect(await submit({ ...guard(), ...valid, message: 'Another question entirely.' })).toMatchObject({
      ok: true,
    });
    expect(await enquiries()).toHaveLength(2);
  });

  it('with ENQUIRY_ACKNOWLEDGEMENT the sender’s acknowledgement is queued with the enquiry, in their language', async () => {
    const saved = await action.executeAction(
      contact.contactForm,
      (input, c) => contact.handleSubmitEnquiry(input, c, { ...options(), acknowledge: true }),
      { ...guard(), ...valid },
      ctx(),
    );
    const enquiryId = saved.ok ? saved.data.enquiryId : '';
    const items = await outboxItems();
    expect(items.map((i) => [i.kind, i.payload])).toEqual([
      ['enquiry.forward', { enquiryId }],
      ['enquiry.acknowledge', { enquiryId }],
    ]);
    const ack = items.find((i) => i.kind === 'enquiry.acknowledge')!;
    expect(await outbox.drainOutbox({ db: handle.db, smtpUrl: smtp.url, kinds: [ack.kind] })).toMatchObject({
      done: 1,
    });
    const mail = smtp.messages.find((m) => m.to.includes('ada@example.org'))!;
    // French, as the page it was sent from; reply-to the team (no inbound mail configured); nothing they typed.
    expect(mail.data).toMatch(/^Reply-To: team@example\.org$/im);
    expect(mailBody(mail)).toContain('Bonjour,');
    expect(mailBody(mail)).not.toMatch(/Ada|volunteer/);
  });
});
