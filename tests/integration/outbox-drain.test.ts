import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import { type DatabaseHandle } from '@/lib/db/client';
import * as schema from '@/lib/db/schema';

import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { redactLink, sealLink } from '@/lib/mailing/transport/sealed-link';

import { openMemoryDatabase } from '../helpers/test-engines';
import { type SmtpServer, mailBody, startSmtpServer, unusedPort } from '../helpers/smtp-server';

/**
 * The outbox worker (lib/mailing/outbox) on PGlite in memory: dispatch by kind, outcomes recorded, never throws, two
 * drains at once never send an item twice, and no worker during `next build`.
 */
process.env.ENQUIRY_TO = 'team@example.org';
delete process.env.MAILING_PROVIDER;

type Db = typeof import('@/lib/db');
type Outbox = typeof import('@/lib/mailing/outbox');
let db: Db;
let outbox: Outbox;
let handle: DatabaseHandle;
let smtp: SmtpServer;

beforeAll(async () => {
  db = await import('@/lib/db');
  outbox = await import('@/lib/mailing/outbox');
  handle = await openMemoryDatabase();
  smtp = await startSmtpServer();
}, 120_000);
afterAll(async () => {
  await smtp?.close();
  await handle?.close();
});
beforeEach(async () => {
  await handle.db.execute(sql`truncate enquiries, outbox, volunteers cascade`);
  smtp.messages.length = 0;
});

async function items() {
  return handle.db.select().from(schema.outbox).orderBy(schema.outbox.createdAt);
}

async function enquiryWithForward(n: number) {
  const enquiry = await db.insertEnquiry(handle.db, {
    name: `Sender ${n}`,
    email: `sender${n}@example.org`,
    message: `Message number ${n} for the team.`,
  });
  await db.enqueueOutbox(handle.db, { kind: 'enquiry.forward', payload: { enquiryId: enquiry.id } });
  return enquiry;
}

describe('drainOutbox', () => {
  it('routes each kind: enquiry forwards by SMTP, mailing jobs to lib/mailing, unknown kinds fail clearly', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      await enquiryWithForward(1);
      // No mailing provider configured: lib/mailing counts the follow-up as done (database only).
      await db.enqueueOutbox(handle.db, {
        kind: 'volunteer.followup',
        payload: { volunteerId: crypto.randomUUID() },
      });
      await db.enqueueOutbox(handle.db, { kind: 'fax.send', payload: {} });
      await db.enqueueOutbox(handle.db, { kind: 'enquiry.forward', payload: { enquiryId: 'not-a-uuid' } });

      const result = await outbox.drainOutbox({ db: handle.db, smtpUrl: smtp.url });
      expect(result).toEqual({ claimed: 4, done: 2, failed: 2 });
      expect(smtp.messages).toHaveLength(1);
      const byKind = Object.fromEntries(
        (await items()).map((i) => [i.kind + (i.status === 'sent' ? '' : '!'), i]),
      );
      expect(byKind['enquiry.forward']).toMatchObject({ status: 'sent' });
      expect(byKind['volunteer.followup']).toMatchObject({ status: 'sent' });
      expect(byKind['fax.send!']).toMatchObject({ status: 'pending', attempts: 1 });
      expect(byKind['fax.send!']!.lastError).toBe("outbox: no handler for kind 'fax.send'");
      expect(byKind['enquiry.forward!']!.lastError).toMatch(/payload lacks a valid enquiryId/);
    } finally {
      warn.mockRestore();
    }
  });

  it('gives an item up as failed after the last attempt, with an error line free of personal data', async () => {
    const { logger } = await import('@/lib/log');
    const warn = vi.spyOn(logger(), 'warn');
    const error = vi.spyOn(logger(), 'error');
    try {
      const item = await db.enqueueOutbox(handle.db, {
        kind: 'fax.send',
        payload: { to: 'ada@example.org' },
      });
      await handle.db.execute(
        sql`update outbox set attempts = ${db.DEFAULT_MAX_ATTEMPTS - 2} where id = ${item.id}`,
      );
      expect(await outbox.drainOutbox({ db: handle.db, alertTo: null })).toEqual({
        claimed: 1,
        done: 0,
        failed: 1,
      });
      // One attempt before the last: still pending, retried in at most 6 hours.
      expect((await items())[0]).toMatchObject({ status: 'pending', attempts: db.DEFAULT_MAX_ATTEMPTS - 1 });
      expect(error).not.toHaveBeenCalled();
      await handle.db.execute(sql`update outbox set next_attempt_at = now() where id = ${item.id}`);
      expect(await outbox.drainOutbox({ db: handle.db, alertTo: null })).toEqual({
        claimed: 1,
        done: 0,
        failed: 1,
      });
      expect((await items())[0]).toMatchObject({ status: 'failed', attempts: db.DEFAULT_MAX_ATTEMPTS });
      expect(error.mock.calls).toEqual([
        [
          { component: 'outbox', kind: 'fax.send', id: item.id, attempts: db.DEFAULT_MAX_ATTEMPTS },
          'item given up',
        ],
      ]);
      expect(JSON.stringify([...error.mock.calls, ...warn.mock.calls])).not.toContain('ada@example.org');
    } finally {
      warn.mockRestore();
      error.mockRestore();
    }
  });

  it('keeps retrying for about 5 days, never waiting more than 6 hours between tries (L4)', () => {
    expect(db.retryDelaySeconds(1)).toBe(60);
    expect(db.retryDelaySeconds(5)).toBe(16 * 60);
    expect(db.retryDelaySeconds(12)).toBe(6 * 3600);
    expect(db.retryDelaySeconds(1000)).toBe(6 * 3600);
    const days = db.retryWindowSeconds(db.DEFAULT_MAX_ATTEMPTS) / 86_400;
    expect(days).toBeGreaterThan(4.5);
    expect(days).toBeLessThan(5.5);
  });

  it('sends one alert email summarising the items given up, at most one an hour (L4)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const giveUp = async (n: number) => {
      const ids: string[] = [];
      for (let i = 0; i < n; i++) {
        const item = await db.enqueueOutbox(handle.db, {
          kind: 'fax.send',
          payload: { to: `p${i}@example.org` },
        });
        await handle.db.execute(
          sql`update outbox set attempts = ${db.DEFAULT_MAX_ATTEMPTS - 1} where id = ${item.id}`,
        );
        ids.push(item.id);
      }
      return ids;
    };
    const alerts = () => smtp.messages.filter((m) => m.to.includes('admin@example.org'));
    try {
      const first = await giveUp(3);
      await outbox.drainOutbox({ db: handle.db, smtpUrl: smtp.url, alertTo: 'admin@example.org' });
      expect(alerts()).toHaveLength(1);
      const body = mailBody(alerts()[0]!);
      expect(body).toContain('fax.send: 3');
      // It points to the back office's Deliveries page, not to a table (back-office review D15).
      expect(body).toMatch(/https?:\/\/[^\s]+\/admin\/outbox\?status=failed/);
      expect(body).not.toContain('table outbox');
      for (const id of first) expect(body).toContain(id);
      expect(body).not.toMatch(/p\d@example\.org/);

      // More failures within the hour: no second email.
      const second = await giveUp(2);
      await outbox.drainOutbox({ db: handle.db, smtpUrl: smtp.url, alertTo: 'admin@example.org' });
      await outbox.drainOutbox({ db: handle.db, smtpUrl: smtp.url, alertTo: 'admin@example.org' });
      expect(alerts()).toHaveLength(1);

      // An hour later the next alert covers only what failed since the last one.
      await handle.db.execute(
        sql`update outbox set created_at = now() - interval '61 minutes' where kind = 'outbox.alert'`,
      );
      await handle.db.execute(
        sql`update outbox set updated_at = now() - interval '62 minutes' where id in (${sql.join(
          first.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`,
      );
      await outbox.drainOutbox({ db: handle.db, smtpUrl: smtp.url, alertTo: 'admin@example.org' });
      expect(alerts()).toHaveLength(2);
      const next = mailBody(alerts()[1]!);
      expect(next).toContain('fax.send: 2');
      for (const id of second) expect(next).toContain(id);
      for (const id of first) expect(next).not.toContain(id);

      // Without ADMIN_ALERT_EMAIL: log lines only.
      await giveUp(1);
      await handle.db.execute(
        sql`update outbox set created_at = now() - interval '2 hours' where kind = 'outbox.alert'`,
      );
      await outbox.drainOutbox({ db: handle.db, smtpUrl: smtp.url, alertTo: null });
      expect(alerts()).toHaveLength(2);
    } finally {
      warn.mockRestore();
      error.mockRestore();
      info.mockRestore();
    }
  });

  it('retries account emails like any item, and purges account-email rows after 7 days (L4, M7)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const link = 'http://site.test/auth/confirm?token_hash=SECRET_TOKEN_VALUE_123&type=recovery';
      const id = await db.queueAuthEmail(handle.db, {
        to: 'ada@example.org',
        subject: 'Reset your password',
        text: `Open ${redactLink(link)} to choose a new one.`,
        purpose: 'recovery',
        sealed: sealLink(link),
      });
      const down = `smtp://127.0.0.1:${await unusedPort()}`;
      expect(await outbox.drainOutbox({ db: handle.db, smtpUrl: down, alertTo: null })).toMatchObject({
        failed: 1,
      });
      const [pending] = await items();
      expect(pending).toMatchObject({ id, status: 'pending', attempts: 1 });
      expect(typeof pending!.payload.sealed).toBe('string');

      await handle.db.execute(sql`update outbox set next_attempt_at = now() where id = ${id}`);
      expect(await outbox.drainOutbox({ db: handle.db, smtpUrl: smtp.url, alertTo: null })).toMatchObject({
        done: 1,
      });
      expect(mailBody(smtp.messages[0]!)).toContain(`Open ${link} to choose a new one.`);
      const [sent] = await items();
      expect(sent).toMatchObject({ status: 'sent' });
      expect(JSON.stringify(sent)).not.toContain('SECRET_TOKEN_VALUE_123');

      // Retention: account emails older than 7 days go; other kinds stay.
      const old = await db.queueAuthEmail(handle.db, {
        to: 'b@example.org',
        subject: 's',
        text: 't',
        purpose: 'exists',
      });
      await handle.db.execute(
        sql`update outbox set created_at = now() - interval '8 days', status = 'sent' where id = ${old}`,
      );
      const keep = await db.enqueueOutbox(handle.db, { kind: 'volunteer.followup', payload: {} });
      await handle.db.execute(
        sql`update outbox set created_at = now() - interval '8 days', status = 'sent' where id = ${keep.id}`,
      );
      await outbox.drainOutbox({ db: handle.db, alertTo: null });
      const ids = (await items()).map((i) => i.id);
      expect(ids).toContain(id);
      expect(ids).toContain(keep.id);
      expect(ids).not.toContain(old);
    } finally {
      warn.mockRestore();
    }
  });

  it('gives up at once on an account email whose link has expired, and retries one this process cannot open (M7)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const link = 'http://site.test/auth/confirm?token_hash=abc&type=signup';
      await db.queueAuthEmail(handle.db, {
        to: 'a@example.org',
        subject: 's',
        text: redactLink(link),
        purpose: 'signup',
        sealed: sealLink(link, 'another server secret of at least 32 characters'),
      });
      await db.queueAuthEmail(handle.db, {
        to: 'b@example.org',
        subject: 's',
        text: redactLink(link),
        purpose: 'signup',
        sealed: sealLink(link),
        linkExpiresAt: new Date(Date.now() - 1000).toISOString(),
      });
      await outbox.drainOutbox({ db: handle.db, smtpUrl: smtp.url, alertTo: null });
      expect(smtp.messages).toHaveLength(0);
      const rows = await items();
      // Sealed elsewhere (no EMAIL_LINK_SECRET here: another process's key): retried, sealed copy kept.
      expect([rows[0]!.status, rows[0]!.attempts, typeof rows[0]!.payload.sealed]).toEqual([
        'pending',
        1,
        'string',
      ]);
      // Expired: given up at once, sealed copy dropped.
      expect([rows[1]!.status, rows[1]!.attempts, rows[1]!.payload.sealed]).toEqual(['failed', 1, undefined]);
    } finally {
      warn.mockRestore();
      error.mockRestore();
    }
  });

  it('writes the mail folder only when no SMTP is configured (M7)', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'lrjn-mail-'));
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    try {
      const link = 'http://site.test/auth/confirm?token_hash=REAL_TOKEN&type=signup';
      const queue = () =>
        db.queueAuthEmail(handle.db, {
          to: 'c@example.org',
          subject: 'Confirm',
          text: `Open ${redactLink(link)}`,
          purpose: 'signup',
          sealed: sealLink(link),
        });
      await queue();
      await outbox.drainOutbox({ db: handle.db, smtpUrl: smtp.url, mailDir: dir, alertTo: null });
      expect(smtp.messages).toHaveLength(1);
      expect(await readdir(dir)).toEqual([]);

      await queue();
      await outbox.drainOutbox({ db: handle.db, smtpUrl: null, mailDir: dir, alertTo: null });
      const files = await readdir(dir);
      expect(files).toHaveLength(1);
      expect((await readFile(path.join(dir, files[0]!), 'utf8')).replace(/=\r\n/g, '')).toContain(
        'REAL_TOKEN',
      );
    } finally {
      info.mockRestore();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('two drains at once send each item exactly once', async () => {
    for (let n = 0; n < 6; n++) await enquiryWithForward(n);
    const [a, b] = await Promise.all([
      outbox.drainOutbox({ db: handle.db, smtpUrl: smtp.url, limit: 4 }),
      outbox.drainOutbox({ db: handle.db, smtpUrl: smtp.url, limit: 4 }),
    ]);
    expect(a.claimed + b.claimed).toBe(6);
    expect(a.done + b.done).toBe(6);
    expect(smtp.messages).toHaveLength(6);
    expect(new Set(smtp.messages.map((m) => m.data.match(/Sender \d/)?.[0])).size).toBe(6);
    expect((await items()).every((i) => i.status === 'sent' && i.attempts === 1)).toBe(true);
  });

  it('never throws: a database that fails gives zero counts and a log line', async () => {
    const { logger } = await import('@/lib/log');
    const error = vi.spyOn(logger(), 'error');
    try {
      const broken = {
        select: () => {
          throw new Error('connection lost');
        },
      } as unknown as DatabaseHandle['db'];
      await expect(outbox.drainOutbox({ db: broken })).resolves.toEqual({ claimed: 0, done: 0, failed: 0 });
      expect(error).toHaveBeenCalled();
    } finally {
      error.mockRestore();
    }
  });
});

describe('startOutboxWorker', () => {
  it('does not start during next build', () => {
    const phase = process.env.NEXT_PHASE;
    process.env.NEXT_PHASE = 'phase-production-build';
    try {
      expect(outbox.startOutboxWorker()).toBe(false);
    } finally {
      if (phase === undefined) delete process.env.NEXT_PHASE;
      else process.env.NEXT_PHASE = phase;
    }
  });

  it('starts one unref’d timer per process', async () => {
    const setIntervalSpy = vi.spyOn(globalThis, 'setInterval');
    try {
      expect(outbox.startOutboxWorker()).toBe(true);
      expect(outbox.startOutboxWorker()).toBe(true);
      expect(setIntervalSpy).toHaveBeenCalledTimes(1);
      const timer = setIntervalSpy.mock.results[0]!.value as NodeJS.Timeout;
      expect(timer.hasRef()).toBe(false);
      expect(setIntervalSpy.mock.calls[0]![1]).toBe(60_000);
    } finally {
      await outbox.stopOutboxWorker();
      setIntervalSpy.mockRestore();
    }
  });
});
