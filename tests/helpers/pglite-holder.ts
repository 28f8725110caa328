/**
 * A second process for the PGlite lock and shutdown tests: opens the database of PGLITE_DIR through getDb()
 * (lib/db/client.ts, so with its process lock), prints `open <pid>` and stays up until killed. With `--shutdown`
 * it also installs the graceful shutdown (lib/ops/shutdown.ts, manual mode, as with NEXT_MANUAL_SIG_HANDLE), so
 * SIGTERM closes the database (and releases its lock) and exits 143. A failure to open prints `error <message>` and exits 1.
 * Run: node --conditions=react-server --import tsx tests/helpers/pglite-holder.ts [--shutdown]
 */
import { closeDb, getDb } from '@/lib/db/client';
import { installShutdown } from '@/lib/ops/shutdown';

async function main(): Promise<void> {
  if (process.argv.includes('--shutdown'))
    // The outbox worker's stop is tested in process (tests/integration/ops-shutdown.test.ts): its imports need
    // Next's bundling of next-intl, which a bare Node process lacks.
    installShutdown({ stopWorker: async () => undefined, closeDb, manual: true });
  await getDb();
  console.log(`open ${process.pid}`);
  setInterval(() => undefined, 60_000);
}

main().catch((error: unknown) => {
  console.log(`error ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
