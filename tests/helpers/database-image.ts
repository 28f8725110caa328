/**
 * Vitest globalSetup (vitest.config.mts): migrates the schema once per run instead of once per test file.
 *  - PGlite: opens an in-memory database, runs the migrations (lib/db/migrations) and writes its data directory as
 *    a tar image to a temporary file; tests start new in-memory databases from it (openMemoryDatabase in
 *    tests/helpers/test-engines.ts), which skips initdb and every migration.
 *  - PostgreSQL (only when TEST_DATABASE_URL is set): creates one migrated database, `lrjn_template_<random>`, that
 *    the scratch databases of testEngines copy (`create database … template …`, tests/helpers/scratch-database.ts).
 * Both are handed to the test files through Vitest's provide/inject; teardown deletes the file and drops the
 * template. A failure here fails the run before any test (the migrations themselves are broken).
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import type { PGlite } from '@electric-sql/pglite';
import postgres from 'postgres';
import type { TestProject } from 'vitest/node';

import { openDatabase } from '@/lib/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Path of the migrated PGlite data directory image (a tar from `dumpDataDir`). */
    pgliteImagePath: string;
    /** Name of the migrated PostgreSQL template database on TEST_DATABASE_URL's server; '' without PostgreSQL. */
    postgresTemplate: string;
  }
}

/** The handle's PGlite client (drizzle keeps it as `$client`), to dump its data directory. */
function pgliteClient(db: object): PGlite {
  return (db as { $client: PGlite }).$client;
}

/** Builds the migrated images, provides them to the test files, and returns the teardown that removes them. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = await mkdtemp(path.join(tmpdir(), 'lrjn-pglite-image-'));
  const imagePath = path.join(dir, 'migrated.tar');
  const handle = await openDatabase({ pgliteDir: 'memory://' });
  try {
    const image = await pgliteClient(handle.db).dumpDataDir('none');
    await writeFile(imagePath, Buffer.from(await image.arrayBuffer()));
  } finally {
    await handle.close();
  }
  project.provide('pgliteImagePath', imagePath);

  const baseUrl = process.env.TEST_DATABASE_URL;
  let template = '';
  if (baseUrl) {
    template = `lrjn_template_${randomBytes(4).toString('hex')}`;
    const admin = postgres(baseUrl, { max: 1, prepare: false, onnotice: () => undefined });
    try {
      await admin.unsafe(`create database "${template}"`);
    } finally {
      await admin.end();
    }
    const url = new URL(baseUrl);
    url.pathname = `/${template}`;
    // Closed before any copy: PostgreSQL refuses to copy a template that has a connection.
    const migrated = await openDatabase({ databaseUrl: url.toString() });
    await migrated.close();
  }
  project.provide('postgresTemplate', template);

  return async () => {
    await rm(dir, { recursive: true, force: true });
    if (baseUrl && template) {
      const admin = postgres(baseUrl, { max: 1, prepare: false, onnotice: () => undefined });
      try {
        await admin.unsafe(`drop database if exists "${template}" with (force)`);
      } finally {
        await admin.end();
      }
    }
  };
}
