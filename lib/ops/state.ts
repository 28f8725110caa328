/**
 * Whether this process has begun shutting down (lib/ops/shutdown.ts sets it): `GET /api/ready` then answers 503
 * so load balancers stop sending requests, and lib/db no longer opens a database that is being closed.
 * On globalThis: Next's module copies (instrumentation, route handlers) share one flag per process.
 */
type ShutdownFlag = { shuttingDown?: boolean };
const flag = ((globalThis as { __lrjnShutdown?: ShutdownFlag }).__lrjnShutdown ??= {});

/** Marks this process as stopping. */
export function markShuttingDown(): void {
  flag.shuttingDown = true;
}

/** Whether `markShuttingDown` ran in this process. */
export function isShuttingDown(): boolean {
  return flag.shuttingDown === true;
}

/** Tests only: forget a shutdown, so later tests in the same process open databases again. */
export function resetShutdownFlag(): void {
  flag.shuttingDown = false;
}
