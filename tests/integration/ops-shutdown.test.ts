import { EventEmitter } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';

import { closeDb, getDb } from '@/lib/db/client';
import { enqueueOutbox } from '@/lib/db/queries/outbox';
import { installShutdown } from '@/lib/ops/shutdown';
import { isShuttingDown, resetShutdownFlag } from '@/lib/ops/state';
import { drainOutbox } from '@/lib/mailing/outbox/drain';
import { startOutboxWorker, stopOutboxWorker } from '@/lib/mailing/outbox/worker';

import { openMemoryDatabase } from '../helpers/test-engines';

/** Graceful shutdown (issue 16, operations): the worker's stop, closeDb, and the signal handling order. */

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

const tick = (ms = 30) => new Promise((resolve) => setTimeout(resolve, ms));

afterEach(async () => {
  await stopOutboxWorker(100);
  resetShutdownFlag();
  vi.unstubAllEnvs();
});

afterAll(async () => {
  await closeDb();
});

describe('outbox worker stop', () => {
  it('takes no new item once stopped and resolves only when the item in hand is finished', async () => {
    const gates = [deferred(), deferred(), deferred()];
    const started: number[] = [];
    let runs = 0;
    startOutboxWorker({
      intervalMs: 10,
      drain: async ({ shouldStop }) => {
        runs++;
        for (let i = 0; i < gates.length; i++) {
          if (shouldStop?.()) break;
          started.push(i);
          await gates[i]!.promise;
        }
        return { claimed: 3, done: started.length, failed: 0 };
      },
    });
    while (started.length === 0) await tick(5);

    let stopped = false;
    const stopping = stopOutboxWorker().then(() => (stopped = true));
    await tick();
    expect(stopped).toBe(false);
    gates[0]!.resolve();
    await stopping;
    expect(started).toEqual([0]);
    await tick(50);
    expect(runs).toBe(1);
  });

  it('does not wait for ever on an item that hangs', async () => {
    const never = deferred();
    let running = false;
    startOutboxWorker({
      intervalMs: 10,
      drain: async () => {
        running = true;
        await never.promise;
        return { claimed: 1, done: 1, failed: 0 };
      },
    });
    while (!running) await tick(5);
    const began = Date.now();
    await stopOutboxWorker(200);
    expect(Date.now() - began).toBeLessThan(2000);
  });

  it('drainOutbox leaves the items after the one in hand when asked to stop', async () => {
    const handle = await openMemoryDatabase();
    try {
      for (let i = 0; i < 3; i++) await enqueueOutbox(handle.db, { kind: 'fax.send', payload: { n: i } });
      let asked = 0;
      const result = await drainOutbox({ db: handle.db, alertTo: null, shouldStop: () => asked++ > 0 });
      expect(result).toEqual({ claimed: 3, done: 0, failed: 1 });
    } finally {
      await handle.close();
    }
  }, 120_000);
});

describe('closeDb', () => {
  it('is idempotent: twice at once and again afterwards without error; the next getDb opens anew', async () => {
    vi.stubEnv('DATABASE_URL', '');
    vi.stubEnv('PGLITE_DIR', 'memory://');
    const first = await getDb();
    await Promise.all([closeDb(), closeDb()]);
    await closeDb();
    const second = await getDb();
    expect(second).not.toBe(first);
    await closeDb();
  }, 120_000);

  it('releases the PGlite lock and refuses to reopen once the process is shutting down', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'lrjn-close-'));
    try {
      vi.stubEnv('DATABASE_URL', '');
      vi.stubEnv('PGLITE_DIR', path.join(dir, 'pglite'));
      vi.resetModules();
      const client = await import('@/lib/db/client');
      const state = await import('@/lib/ops/state');
      await client.getDb();
      expect(existsSync(path.join(dir, 'pglite.lock'))).toBe(true);
      state.markShuttingDown();
      await Promise.all([client.closeDb(), client.closeDb()]);
      expect(existsSync(path.join(dir, 'pglite.lock'))).toBe(false);
      await expect(client.getDb()).rejects.toThrow('shutting down');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('signal handling (lib/ops/shutdown.ts)', () => {
  function fakeProcess() {
    const emitter = new EventEmitter() as EventEmitter & {
      exit: (code?: number) => never;
      exitCode?: number;
    };
    const exits: (number | undefined)[] = [];
    emitter.exit = ((code?: number) => {
      exits.push(code);
    }) as (code?: number) => never;
    return { target: emitter, exits };
  }

  it("with Next handling the signal: stops the worker at once, holds Next's exit until the database is closed", async () => {
    const { target, exits } = fakeProcess();
    const order: string[] = [];
    const workerDone = deferred();
    installShutdown({
      target: target as unknown as NodeJS.Process,
      stopWorker: async () => {
        order.push('stop worker');
        await workerDone.promise;
        order.push('worker stopped');
      },
      closeDb: async () => {
        order.push('close db');
      },
    });
    target.exit(0);
    expect(exits).toEqual([0]);

    target.emit('SIGTERM');
    expect(isShuttingDown()).toBe(true);
    await tick();
    expect(order).toEqual(['stop worker']);
    // Next has drained HTTP and exits: held until the worker's item is done and the database closed.
    target.exit(143);
    await tick();
    expect(exits).toEqual([0]);
    workerDone.resolve();
    await tick();
    expect(order).toEqual(['stop worker', 'worker stopped', 'close db']);
    expect(exits).toEqual([0, 143]);
  });

  it('with NEXT_MANUAL_SIG_HANDLE: cleans up and exits by itself with 128 + the signal number', async () => {
    const { target, exits } = fakeProcess();
    const closed = vi.fn(async () => undefined);
    const shutdown = installShutdown({
      target: target as unknown as NodeJS.Process,
      stopWorker: async () => undefined,
      closeDb: closed,
      manual: true,
    });
    await shutdown('SIGINT');
    expect(closed).toHaveBeenCalledTimes(1);
    expect(exits).toEqual([130]);
  });
});
