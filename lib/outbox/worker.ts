import 'server-only';

import { env } from '@/lib/config/env';

import { drainOutbox } from './drain';

type WorkerState = { timer?: ReturnType<typeof setInterval>; running?: boolean };
// On globalThis: dev-mode module reloads must not start a second timer in the same process.
const state = ((globalThis as { __lrjnOutboxWorker?: WorkerState }).__lrjnOutboxWorker ??= {});

/**
 * Starts this process's outbox worker: every OUTBOX_INTERVAL_SECONDS (default 60) it runs `drainOutbox`, so failed
 * forwards and syncs are retried and items whose request died are sent. One timer per process (a second call does
 * nothing), unref'd (it never keeps the process alive), a run is skipped while the previous one is still going,
 * and nothing starts during `next build` (build workers must not open the database, docs/ARCHITECTURE.md §2). Several
 * instances are safe: claims use FOR UPDATE SKIP LOCKED.
 * @returns whether a worker is now running in this process.
 */
export function startOutboxWorker(): boolean {
  if (process.env.NEXT_PHASE === 'phase-production-build') return false;
  if (state.timer) return true;
  const seconds = env().OUTBOX_INTERVAL_SECONDS;
  state.timer = setInterval(() => {
    if (state.running) return;
    state.running = true;
    drainOutbox()
      .then((r) => {
        if (r.claimed > 0) console.info(`[outbox] claimed ${r.claimed}, sent ${r.done}, failed ${r.failed}`);
      })
      .catch(() => undefined)
      .finally(() => {
        state.running = false;
      });
  }, seconds * 1000);
  state.timer.unref?.();
  console.info(`[outbox] worker drains every ${seconds} s`);
  return true;
}

/** Stops this process's worker (tests, graceful shutdown). */
export function stopOutboxWorker(): void {
  if (state.timer) clearInterval(state.timer);
  state.timer = undefined;
}
