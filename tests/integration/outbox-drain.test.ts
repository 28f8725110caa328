import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import { type DatabaseHandle, openDatabase } from '@/lib/db/client';
import * as schema from '@/lib/db/schema';

import { type SmtpServer, startSmtpServer } from '../helpers/smtp-server';

/**
 * The outbox worker (lib/outbox) on PGlite in memory: dispatch by kind, outcomes recorded, never throws, two
 * drains at once never send an item twice, and no worker during `next build`.
 */
process.env.ENQUIRY_TO = 'team@example.org';
delete process.env.MAILING_PROVIDER;

type Db = typeof import('@/lib/db');
type Outbox = typeof import('@/lib/outbox');
let db: Db;
let outbox: Outbox;
let handle: DatabaseHandle;
let smtp: SmtpServer;

beforeAll(async () => {
  db = await import('@/lib/db');
  outbox = await import('@/lib/outbox');
  handle = await openDatabase({ pgliteDir: 'memory://' });
  smtp = await startSmtpServer();
}, 120_000);
afterAll(async () => {
  await smtp?.close();
  await handle?.close();
});
beforeEach(async () => {
  await handle.db.execute(sql`truncate enquiries, outbox, volunteers`);
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

  it('gives an item up as failed after the last attempt', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const item = await db.enqueueOutbox(handle.db, { kind: 'fax.send', payload: {} });
      await handle.db.execute(
        sql`update outbox set attempts = ${db.DEFAULT_MAX_ATTEMPTS - 1} where id = ${item.id}`,
      );
      expect(await outbox.drainOutbox({ db: handle.db })).toEqual({ claimed: 1, done: 0, failed: 1 });
      expect((await items())[0]).toMatchObject({ status: 'failed', attempts: db.DEFAULT_MAX_ATTEMPTS });
    } finally {
      warn.mockRestore();
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
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
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

  it('starts one unref’d timer per process', () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const setIntervalSpy = vi.spyOn(globalThis, 'setInterval');
    try {
      expect(outbox.startOutboxWorker()).toBe(true);
      expect(outbox.startOutboxWorker()).toBe(true);
      expect(setIntervalSpy).toHaveBeenCalledTimes(1);
      const timer = setIntervalSpy.mock.results[0]!.value as NodeJS.Timeout;
      expect(timer.hasRef()).toBe(false);
      expect(setIntervalSpy.mock.calls[0]![1]).toBe(60_000);
    } finally {
      outbox.stopOutboxWorker();
      setIntervalSpy.mockRestore();
      info.mockRestore();
    }
  });
});
