import 'server-only';

import { env, isBuildPhase } from '@/lib/config/env';
import { errorFields, logger } from '@/lib/log';

import { drainOutbox, type DrainOptions, type DrainResult } from './drain';

type WorkerState = {
  timer?: ReturnType<typeof setInterval>;
  /** The run in progress, if any. */
  run?: Promise<void>;
  stopping?: boolean;
};
// On globalThis: dev-mode module reloads must not start a second timer in the same process.
const state = ((globalThis as { __lrjnOutboxWorker?: WorkerState }).__lrjnOutboxWorker ??= {});

/** What one tick runs; tests replace it to hold a run open (`drain` option of `startOutboxWorker`). */
type Drain = (options: DrainOptions) => Promise<DrainResult>;

/**
 * Starts this process's outbox worker: every OUTBOX_INTERVAL_SECONDS (default 60) it runs `drainOutbox`, so failed
 * forwards and syncs are retried and items whose request died are sent. One timer per process (a second call does
 * nothing), unref'd (it never keeps the process alive), a run is skipped while the previous one is still going,
 * and nothing starts during `next build` (build workers must not open the database, docs/ARCHITECTURE.md §2).
 * Several instances are safe: claims use FOR UPDATE SKIP LOCKED. `drain` is for tests.
 * @returns whether a worker is now running in this process.
 */
export function startOutboxWorker(options: { drain?: Drain; intervalMs?: number } = {}): boolean {
  if (isBuildPhase()) return false;
  if (state.timer) return true;
  const drain = options.drain ?? drainOutbox;
  const intervalMs = options.intervalMs ?? env().OUTBOX_INTERVAL_SECONDS * 1000;
  state.stopping = false;
  state.timer = setInterval(() => {
    if (state.run || state.stopping) return;
    state.run = drain({ shouldStop: () => state.stopping === true })
      .then((r) => {
        if (r.claimed > 0) logger().info({ component: 'outbox', ...r }, 'worker run');
      })
      .catch((error: unknown) =>
        logger().error({ component: 'outbox', ...errorFields(error) }, 'worker run failed'),
      )
      .finally(() => {
        state.run = undefined;
      });
  }, intervalMs);
  state.timer.unref?.();
  logger().info({ component: 'outbox', intervalMs }, 'worker started');
  return true;
}

/**
 * Stops this process's worker (graceful shutdown, tests): no new run starts, a run in progress takes no further
 * item, and the returned promise resolves once the item in hand is finished (or after `timeoutMs`, default 10 s,
 * so a hung SMTP server cannot hold a shutdown for ever). Calling it again, or with no worker, is harmless.
 */
export async function stopOutboxWorker(timeoutMs = 10_000): Promise<void> {
  state.stopping = true;
  if (state.timer) clearInterval(state.timer);
  state.timer = undefined;
  const run = state.run;
  if (!run) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([run, new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)))]);
  clearTimeout(timer);
}
