import type { Logger } from 'pino';

import { markShuttingDown } from './state';

/**
 * Graceful shutdown (issue 16, operations). On SIGTERM or SIGINT: `/api/ready` starts answering 503 (load
 * balancers drain this instance), the outbox worker takes no new item and finishes the one in hand, and then the
 * database (PostgreSQL pool, or PGlite and its lock) is closed.
 *
 * Who exits. By default `next start` handles the signal itself: it stops accepting connections, waits for the
 * requests in flight, then calls `process.exit`. The database must outlive those requests, so that exit is held
 * until the worker has stopped and the database is closed (at most `timeoutMs`). With NEXT_MANUAL_SIG_HANDLE set
 * (Next then ignores the signals), this handler exits by itself once done. Either way the exit code is 128 + the
 * signal's number (143 for SIGTERM), as Next uses.
 */

export type ShutdownDeps = {
  /** Stops the outbox worker; resolves when the item in hand is finished. */
  stopWorker: () => Promise<void>;
  /** Closes the database (idempotent). */
  closeDb: () => Promise<void>;
  /** The process (tests pass an EventEmitter with `exit`). */
  target?: Pick<NodeJS.Process, 'once' | 'exit'> & { exitCode?: NodeJS.Process['exitCode'] };
  /** Next leaves the signals to us (NEXT_MANUAL_SIG_HANDLE). */
  manual?: boolean;
  /** Upper bound of the whole clean-up, after which the process exits anyway; default 15 s. */
  timeoutMs?: number;
  log?: Pick<Logger, 'info' | 'error'>;
};

const SIGNAL_CODES = { SIGINT: 130, SIGTERM: 143 } as const;

/**
 * Installs the handlers on `target` (default `process`). Returns `shutdown(signal)`, the same function the
 * signals call (tests), which resolves once the clean-up is done.
 */
export function installShutdown(deps: ShutdownDeps): (signal: 'SIGTERM' | 'SIGINT') => Promise<void> {
  const target = deps.target ?? process;
  const timeoutMs = deps.timeoutMs ?? 15_000;
  const realExit = target.exit.bind(target) as (code?: number) => never;
  let workerStopped: Promise<void> | undefined;
  let cleanedUp: Promise<void> | undefined;

  const cleanUp = (): Promise<void> => {
    cleanedUp ??= (async () => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const work = (async () => {
        await workerStopped;
        await deps
          .closeDb()
          .catch((error: unknown) =>
            deps.log?.error({ component: 'shutdown', err: error }, 'closing the database failed'),
          );
      })();
      await Promise.race([work, new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)))]);
      clearTimeout(timer);
      deps.log?.info({ component: 'shutdown' }, 'outbox worker stopped, database closed');
    })();
    return cleanedUp;
  };

  const shutdown = async (signal: 'SIGTERM' | 'SIGINT'): Promise<void> => {
    if (!workerStopped) {
      markShuttingDown();
      deps.log?.info({ component: 'shutdown', signal }, 'stopping: outbox worker, then the database');
      workerStopped = deps.stopWorker().catch(() => undefined);
    }
    if (deps.manual) {
      await cleanUp();
      realExit(SIGNAL_CODES[signal]);
    }
    await workerStopped;
  };

  // Next's own handler calls process.exit once HTTP has drained: hold that exit until the clean-up is done.
  // Before any signal, exit behaves as always.
  target.exit = ((code?: number | string | null) => {
    if (!workerStopped) return realExit(code as number | undefined);
    void cleanUp().then(() => realExit((code ?? target.exitCode ?? 0) as number));
    return undefined as never;
  }) as NodeJS.Process['exit'];

  target.once('SIGTERM', () => void shutdown('SIGTERM'));
  target.once('SIGINT', () => void shutdown('SIGINT'));
  return shutdown;
}
