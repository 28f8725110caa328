import './load-env';

/**
 * `npm run db:backup [-- <file>]`: a backup of the database the app uses (lib/db/backup.ts). With DATABASE_URL,
 * `pg_dump` of the app's tables to `.data/backups/postgres-<UTC time>.sql` (safe while the site runs); else the
 * embedded PGlite directory (PGLITE_DIR, default .data/pglite) to `.data/backups/pglite-<UTC time>.tar.gz`, only
 * while the server is stopped (one process per directory: the lock refuses otherwise). Prints the file written.
 * Exit codes: 0 written, 1 failed.
 */
import { env } from '@/lib/config/env';
import { DEFAULT_PGLITE_DIR, MEMORY_PGLITE_DIR } from '@/lib/db/client';
import { backupFileName, backupPglite, backupPostgres } from '@/lib/db/backup';

async function main(): Promise<number> {
  const { DATABASE_URL, PGLITE_DIR } = env();
  const file = process.argv[2];
  if (DATABASE_URL) {
    const out = file ?? backupFileName('postgres');
    await backupPostgres(DATABASE_URL, out);
    console.log(`db:backup: PostgreSQL written to ${out}`);
    return 0;
  }
  const dir = PGLITE_DIR ?? DEFAULT_PGLITE_DIR;
  if (dir === MEMORY_PGLITE_DIR) {
    console.error('db:backup: PGLITE_DIR is memory://: an in-memory database has nothing to back up');
    return 1;
  }
  const out = file ?? backupFileName('pglite');
  await backupPglite(dir, out);
  console.log(`db:backup: PGlite ${dir} written to ${out}`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`db:backup: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
