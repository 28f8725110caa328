import './load-env';

/**
 * The outbox worker as its own long-running process (deploy/systemd/lrjn-outbox.service): drains due outbox items
 * once at start, then every OUTBOX_INTERVAL_SECONDS (lib/mailing/outbox `startOutboxWorker`), so enquiry forwards,
 * newsletter syncs and account emails keep being retried while the site instances restart or deploy. Safe beside
 * them on PostgreSQL (claims use FOR UPDATE SKIP LOCKED); not for the embedded PGlite, which one process may open.
 * On SIGTERM or SIGINT it takes no new item, finishes the one in hand, closes the database and exits 0.
 * Logs JSON lines like the server (lib/log). Reads the environment and the .env files as the server does.
 */
import { closeDb } from '@/lib/db';
import { errorFields, logger } from '@/lib/log';
import { drainOutbox, startOutboxWorker, stopOutboxWorker } from '@/lib/mailing';

const log = logger();

async function main(): Promise<void> {
  const first = await drainOutbox({ limit: 100 });
  log.info({ component: 'outbox-worker', ...first }, 'first run');
  startOutboxWorker();
  // The worker's timer never holds a process open (it is unref'd for the servers): this one must stay up.
  const keepAlive = setInterval(() => undefined, 1 << 30);

  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info({ component: 'outbox-worker', signal }, 'stopping');
    await stopOutboxWorker();
    await closeDb();
    clearInterval(keepAlive);
    log.info({ component: 'outbox-worker' }, 'stopped');
    process.exit(0);
  };
  process.once('SIGTERM', (s) => void stop(s));
  process.once('SIGINT', (s) => void stop(s));
}

main().catch((error: unknown) => {
  log.fatal({ component: 'outbox-worker', ...errorFields(error) }, 'could not start');
  process.exit(1);
});
