import { type DatabaseHandle, openDatabase } from '@/lib/db/client';

import { createScratchDatabase } from './scratch-database';

/** A database engine the integration tests run against, opened fresh (migrated) per test file. */
export interface TestEngine {
  name: string;
  open: () => Promise<{ handle: DatabaseHandle; dispose: () => Promise<void> }>;
}

/**
 * The engines a database test runs on (docs/ARCHITECTURE.md §6): PGlite in memory always, and a scratch database on the
 * PostgreSQL of TEST_DATABASE_URL (the pg rig `npm test` boots) when set. `prefix` names the scratch database
 * (e.g. 'lrjn_contact'), so a leftover one shows which file made it. Use with `describe.each(testEngines(…))`.
 */
export function testEngines(prefix: string): TestEngine[] {
  const testDatabaseUrl = process.env.TEST_DATABASE_URL;
  return [
    {
      name: 'PGlite in memory',
      open: async () => {
        const handle = await openDatabase({ pgliteDir: 'memory://' });
        return { handle, dispose: () => handle.close() };
      },
    },
    ...(testDatabaseUrl
      ? [
          {
            name: 'PostgreSQL (TEST_DATABASE_URL)',
            open: async () => {
              const scratch = await createScratchDatabase(testDatabaseUrl, prefix);
              const handle = await openDatabase({ databaseUrl: scratch.url });
              return {
                handle,
                dispose: async () => {
                  await handle.close();
                  await scratch.drop();
                },
              };
            },
          },
        ]
      : []),
  ];
}
