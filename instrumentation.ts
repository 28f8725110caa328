/**
 * Runs once when a server process starts (Next's instrumentation hook): validates the environment, so a bad
 * deployment fails at start with a clear message, installs the socket-address header used by screening, starts
 * the outbox worker and opens the database in the background.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { installSocketAddressHeader } = await import('./lib/screening/socket-address');
  installSocketAddressHeader();
  const { env } = await import('./lib/config/env');
  const e = env();
  console.info(
    `[config] screening: ${e.SCREENING_ENABLED ? `${e.SCREENING_MAX_REQUESTS} requests / ${e.SCREENING_WINDOW_SECONDS} s` : 'off'}`,
  );
  // Retries failed enquiry forwards and mailing syncs (lib/outbox); not during `next build`.
  const { startOutboxWorker } = await import('./lib/outbox');
  startOutboxWorker();
  if (process.env.NEXT_PHASE !== 'phase-production-build') {
    // Opening (and on first start migrating and seeding) the embedded PGlite takes seconds: done now, the first
    // visitor who submits a form or signs in does not wait for it. Not awaited, so the server listens at once;
    // a failure is logged here and retried by the first request that needs the database (lib/db/client.ts).
    const { getDb } = await import('./lib/db');
    getDb().catch((error: unknown) =>
      console.error(
        '[db] opening the database at start failed:',
        error instanceof Error ? error.message : error,
      ),
    );
  }
}
