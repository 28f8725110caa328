import './load-env';

/**
 * `npm run courses:seed`: adds the demo courses of content/courses to the database the app uses, skipping any
 * whose id exists (idempotent; an admin's edits and deletions inside a seeded course are kept). The embedded
 * PGlite gets them automatically when its migrations first create the course tables, so this is for a database
 * that predates that or was emptied. A PostgreSQL DATABASE_URL is refused unless COURSES_SEED=1 (production
 * should not get demo courses by accident). PGlite only while the server is stopped (one process per directory).
 * Exit codes: 0 done, 1 error, 2 refused.
 */
import { seedDemoCourses } from '@/lib/courses';
import { env } from '@/lib/config/env';
import { closeDb, getDb } from '@/lib/db';

async function main(): Promise<number> {
  if (env().DATABASE_URL && process.env.COURSES_SEED !== '1') {
    console.error('DATABASE_URL is set: run with COURSES_SEED=1 to add the demo courses to that database.');
    return 2;
  }
  const { inserted, skipped } = await seedDemoCourses(await getDb());
  await closeDb();
  console.log(`Demo courses: ${inserted.length} added, ${skipped.length} already present.`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
