import './load-env';

/**
 * `npm run outbox:drain`: sends what is due in the outbox once (enquiry forwards, newsletter syncs, volunteer
 * follow-ups, account emails; lib/mailing/outbox `drainOutbox`, which also deletes account emails older than 7 days and
 * alerts ADMIN_ALERT_EMAIL about items given up) and prints the counts, e.g. from cron or after fixing SMTP_URL.
 * Account emails need the server's EMAIL_LINK_SECRET to open their links (without it only the process that queued
 * one can send it; this run leaves such items for the server's worker). Exit code 1 if any item failed this run. Uses the database the app would use (DATABASE_URL, else PGlite in PGLITE_DIR or
 * .data/pglite). Safe beside running servers on PostgreSQL (claims use FOR UPDATE SKIP LOCKED); with the embedded
 * PGlite only while the server is stopped, since one process at a time may open its directory (the running
 * server's own worker drains every OUTBOX_INTERVAL_SECONDS anyway). Reads the environment and the .env files as the server does (scripts/load-env.ts).
 * Optional argument: the most items to claim (default 100).
 */
import { closeDb } from '@/lib/db';
import { drainOutbox } from '@/lib/mailing';

async function main(): Promise<number> {
  const limit = Number.parseInt(process.argv[2] ?? '', 10);
  const result = await drainOutbox({ limit: Number.isFinite(limit) && limit > 0 ? limit : 100 });
  await closeDb();
  console.log(`[outbox] claimed ${result.claimed}, sent ${result.done}, failed ${result.failed}`);
  return result.failed > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
