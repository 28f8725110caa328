import { readFile } from 'node:fs/promises';

import { inject } from 'vitest';

import { type DatabaseHandle, openDatabase } from '@/lib/db/client';

import { createScratchDatabase } from './scratch-database';

/** A database engine the integration tests run against, opened fresh (migrated) per test file. */
export interface TestEngine {
  name: string;
  open: () => Promise<{ handle: DatabaseHandle; dispose: () => Promise<void> }>;
}

let image: Promise<Blob | undefined> | undefined;

/**
 * The migrated PGlite image the globalSetup wrote (tests/helpers/database-image.ts), read once per test file; undefined
 * when there is none (a run without that globalSetup), and the database then migrates from nothing.
 */
function migratedImage(): Promise<Blob | undefined> {
  const imagePath = inject('pgliteImagePath');
  image ??= imagePath ? readFile(imagePath).then((bytes) => new Blob([bytes])) : Promise.resolve(undefined);
  return image;
}

/**
 * A new, empty, migrated in-memory PGlite database of its own (started from the run's migrated image, so in well
 * under a second instead of initdb plus every migration). The caller closes it.
 */
export async function openMemoryDatabase(): Promise<DatabaseHandle> {
  return openDatabase({ pgliteDir: 'memory://', pgliteImage: await migratedImage() });
}

/**
 * The engines a database test runs on (docs/ARCHITECTURE.md §6): PGlite in memory always, and a scratch database on the
 * PostgreSQL of TEST_DATABASE_URL (the pg rig `npm test` boots) when set, copied from the run's migrated template.
 * `prefix` names the scratch database (e.g. 'lrjn_contact'), so a leftover one shows which file made it. Use with
 * `describe.each(testEngines(…))`.
 */
export function testEngines(prefix: string): TestEngine[] {
  const testDatabaseUrl = process.env.TEST_DATABASE_URL;
  return [
    {
      name: 'PGlite in memory',
      open: async () => {
        const handle = await openMemoryDatabase();
        return { handle, dispose: () => handle.close() };
      },
    },
    ...(testDatabaseUrl
      ? [
          {
            name: 'PostgreSQL (TEST_DATABASE_URL)',
            open: async () => {
              const scratch = await createScratchDatabase(testDatabaseUrl, prefix, inject('postgresTemplate'));
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
