import './load-env';

/**
 * `npm run db:restore -- <file> [--force]`: puts a `npm run db:backup` file back into the database the app uses
 * (lib/db/backup.ts). With DATABASE_URL, a `.sql` dump through psql in one transaction; refused when the database
 * already has tables, unless --force (the dump replaces the app's tables). Else a `.tar.gz` PGlite dump into
 * PGLITE_DIR (default .data/pglite), with the server stopped; refused when the directory is not empty, unless
 * --force, which moves it aside to `<dir>.before-restore-<time>` first. Exit codes: 0 restored, 1 failed, 2 usage.
 */
import { env } from '@/lib/config/env';
import { DEFAULT_PGLITE_DIR, MEMORY_PGLITE_DIR } from '@/lib/db/client';
import { restorePglite, restorePostgres } from '@/lib/db/backup';

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const force = args.includes('--force');
  const files = args.filter((a) => a !== '--force');
  const file = files[0];
  if (!file || files.length > 1) {
    console.error('usage: npm run db:restore -- <backup file> [--force]');
    return 2;
  }
  const { DATABASE_URL, PGLITE_DIR } = env();
  if (DATABASE_URL) {
    if (!file.endsWith('.sql')) {
      console.error('db:restore: DATABASE_URL is set: expected a .sql file written by npm run db:backup');
      return 2;
    }
    await restorePostgres(file, DATABASE_URL, { force });
    console.log(`db:restore: ${file} restored into PostgreSQL`);
    return 0;
  }
  const dir = PGLITE_DIR ?? DEFAULT_PGLITE_DIR;
  if (dir === MEMORY_PGLITE_DIR || !/\.(tar\.gz|tgz)$/.test(file)) {
    console.error('db:restore: expected a .tar.gz PGlite backup and an on-disk PGLITE_DIR');
    return 2;
  }
  const movedTo = await restorePglite(file, dir, { force });
  console.log(
    `db:restore: ${file} restored into ${dir}${movedTo ? ` (the old directory is now ${movedTo})` : ''}`,
  );
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`db:restore: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
