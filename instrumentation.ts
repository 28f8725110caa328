/**
 * Runs once when a server process starts (Next's instrumentation hook): validates the environment, so a bad
 * deployment fails at start with a clear message, and installs the socket-address header used by screening.
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
}
