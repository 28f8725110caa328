import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { requestLedger } from '@/lib/back-office/requests';
import { type Database, claimRequestKey, pruneRequestKeys } from '@/lib/db';

import { testEngines } from '../helpers/test-engines';

/**
 * The back office's single-use request keys (lib/back-office/requests.ts over back_office_requests): the first
 * claim of a key runs, every later one answers the stored result (waiting while the first runs, then 409 'busy'),
 * another actor's or another action's key is refused, a released key runs again, and keys older than a day are
 * pruned. The actions' end-to-end use is tests/integration/back-office-pages.test.ts.
 */
describe.each(testEngines('lrjn_requests'))('request keys on $name', (engine) => {
  let db: Database;
  let dispose: () => Promise<void>;
  const actor = crypto.randomUUID();

  beforeAll(async () => {
    const opened = await engine.open();
    db = opened.handle.db;
    dispose = opened.dispose;
  }, 60_000);
  afterAll(() => dispose?.());

  it('runs a key once; a second claim answers the first result', async () => {
    const ledger = requestLedger({ db, waitMs: 2_000 });
    const key = crypto.randomUUID();
    expect(await ledger.claim(key, actor, 'enquiry-reply')).toEqual({ run: true });
    // The second arrives while the first runs: it waits for the result.
    const second = ledger.claim(key, actor, 'enquiry-reply');
    await new Promise((resolve) => setTimeout(resolve, 250));
    await ledger.settle(key, { ok: true, data: { code: 'reply-queued' } });
    expect(await second).toEqual({ run: false, result: { ok: true, data: { code: 'reply-queued' } } });
    // Settled once: a later settle does not change the answer.
    await ledger.settle(key, { ok: false, status: 404, error: 'not-found' });
    expect(await ledger.claim(key, actor, 'enquiry-reply')).toEqual({
      run: false,
      result: { ok: true, data: { code: 'reply-queued' } },
    });
  });

  it('of two claims at the same moment exactly one runs', async () => {
    const key = crypto.randomUUID();
    const claims = await Promise.all([
      claimRequestKey(db, { key, actorId: actor, action: 'a' }),
      claimRequestKey(db, { key, actorId: actor, action: 'a' }),
    ]);
    expect(claims.filter((c) => c.claimed)).toHaveLength(1);
  });

  it("refuses another actor's or another action's key; answers busy when the first never finishes", async () => {
    const ledger = requestLedger({ db, waitMs: 300 });
    const key = crypto.randomUUID();
    expect(await ledger.claim(key, actor, 'note')).toEqual({ run: true });
    const refused = { run: false, result: { ok: false, status: 400, error: 'invalid' } };
    expect(await ledger.claim(key, crypto.randomUUID(), 'note')).toEqual(refused);
    expect(await ledger.claim(key, actor, 'reply')).toEqual(refused);
    expect(await ledger.claim(key, actor, 'note')).toEqual({
      run: false,
      result: { ok: false, status: 409, error: 'busy' },
    });
    // A key whose work threw is released: a retry runs.
    await ledger.release(key);
    expect(await ledger.claim(key, actor, 'note')).toEqual({ run: true });
  });

  it('prunes keys older than a day', async () => {
    const old = crypto.randomUUID();
    const fresh = crypto.randomUUID();
    await claimRequestKey(db, { key: old, actorId: actor, action: 'a' });
    await claimRequestKey(db, { key: fresh, actorId: actor, action: 'a' });
    await db.execute(
      sql`update back_office_requests set created_at = now() - interval '25 hours' where key = ${old}`,
    );
    expect(await pruneRequestKeys(db)).toBe(1);
    const left = await db.execute(sql`select key from back_office_requests where key in (${old}, ${fresh})`);
    const rows = (Array.isArray(left) ? left : (left as { rows: unknown[] }).rows) as { key: string }[];
    expect(rows.map((r) => r.key)).toEqual([fresh]);
  });
});
