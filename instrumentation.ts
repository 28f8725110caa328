/**
 * Runs once when a server process starts (Next's instrumentation hook): validates the environment and, in
 * production, the deployment (lib/ops/preflight.ts: refuses a public server without SITE_URL or its secrets, warns
 * about demo content and the embedded database), so a bad deployment fails at start with a clear message; installs
 * the ISR cache handler, the socket-address header used by screening, starts the outbox worker, installs the graceful shutdown
 * (lib/ops/shutdown.ts), registers the demo-course seeding and opens the database in the background.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { env, isBuildPhase } = await import('./lib/config/env');
  const { logger, errorFields } = await import('./lib/log');
  const log = logger();
  const e = env();
  const building = isBuildPhase();
  if (!building) {
    const { bindHostFrom, preflight, supabaseAuthPreflight } = await import('./lib/ops/preflight');
    const { errors, warnings } = preflight(e, bindHostFrom(process.argv, e.BIND_HOST));
    // Supabase Auth's "Confirm email" (a network read, production with Supabase accounts only).
    const auth = await supabaseAuthPreflight(e);
    errors.push(...auth.errors);
    warnings.push(...auth.warnings);
    for (const line of warnings) log.warn({ component: 'preflight' }, line);
    for (const line of errors) log.fatal({ component: 'preflight' }, line);
    // A thrown error here only makes Next answer every request with a 500 while it keeps listening: exit instead,
    // so the service manager shows a failed start.
    if (errors.length) process.exit(1);
    // The ISR / data cache (lib/cache/cache-handler.cjs), once for the process (lib/cache/install-handler.ts).
    const { installCacheHandler } = await import('./lib/cache/install-handler');
    await installCacheHandler();
  }
  const { installSocketAddressHeader } = await import('./lib/rate-limit/socket-address');
  installSocketAddressHeader();
  log.info(
    { component: 'config' },
    `screening: ${e.SCREENING_ENABLED ? `${e.SCREENING_MAX_REQUESTS} requests / ${e.SCREENING_WINDOW_SECONDS} s` : 'off'}`,
  );
  // Retries failed enquiry forwards and mailing syncs (lib/mailing/outbox); not during `next build`.
  const { startOutboxWorker, stopOutboxWorker } = await import('./lib/mailing/outbox');
  startOutboxWorker();
  if (!building) {
    const { closeDb, getDb, onDatabaseOpen } = await import('./lib/db');
    // The demo courses are seeded when the database opens (lib/courses/seed.ts), registered here so that lib/db
    // never imports a domain.
    const { seedOnDatabaseOpen } = await import('./lib/courses/seed');
    onDatabaseOpen(seedOnDatabaseOpen);
    const { installShutdown } = await import('./lib/ops/shutdown');
    installShutdown({
      stopWorker: () => stopOutboxWorker(),
      closeDb,
      manual: Boolean(process.env.NEXT_MANUAL_SIG_HANDLE),
      log,
    });
    // Opening (and on first start migrating and seeding) the embedded PGlite takes seconds: done now, the first
    // visitor who submits a form or signs in does not wait for it. Not awaited, so the server listens at once;
    // a failure is logged here and retried by the first request that needs the database (lib/db/client.ts).
    getDb().catch((error: unknown) =>
      log.error({ component: 'db', ...errorFields(error) }, 'opening the database at start failed'),
    );
  }
}

/**
 * Next calls this for every uncaught server error (render, route handler, server action, proxy). It is logged
 * (type, message, route, request id) and, when SENTRY_DSN is set, reported there (lib/ops/error-report.ts): never
 * the request's body, cookies, headers or query string. The last 100 are also kept for the admin logs page.
 */
export async function onRequestError(
  error: unknown,
  request: { path: string; method: string; headers: Record<string, string | string[] | undefined> },
  context: { routePath?: string; routeType?: string },
) {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { logger, errorFields, safeRequestId } = await import('./lib/log');
  const { reportError } = await import('./lib/ops/error-report');
  const header = request.headers['x-request-id'];
  const requestId = safeRequestId(Array.isArray(header) ? header[0] : header);
  const path = request.path.split('?')[0] ?? '/';
  logger().error(
    {
      component: 'request',
      requestId,
      path,
      method: request.method,
      route: context.routePath,
      ...errorFields(error),
    },
    'request failed',
  );
  // The admin logs page's record of recent errors (this process only; bounded; lib/log/recent.ts).
  const { recordServerError } = await import('./lib/log/recent');
  recordServerError(error, { method: request.method, path, requestId }, context);
  await reportError({
    error,
    path,
    method: request.method,
    routePath: context.routePath,
    routeType: context.routeType,
    requestId,
    environment: process.env.NODE_ENV,
  });
}
