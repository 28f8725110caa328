import './load-env';

/**
 * `npm run db:migrate`: applies the pending migrations of lib/db/migrations to the database the app would use
 * (DATABASE_URL, else PGlite in PGLITE_DIR or .data/pglite) and exits. The app also does this on first use; run
 * it as a deploy step to fail early, or with a direct (non-pooler) Supabase URL. Reads the environment and the .env files (scripts/load-env.ts): `DATABASE_URL=postgres://… npm run db:migrate`.
 */
import { closeDb, getDb } from '@/lib/db';

async function main(): Promise<void> {
  await getDb();
  await closeDb();
  console.log('[db] migrations are up to date');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
