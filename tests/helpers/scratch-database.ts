import { randomBytes } from 'node:crypto';

import postgres from 'postgres';

/**
 * A fresh database of its own on the PostgreSQL server of TEST_DATABASE_URL (the pg rig: `npm test` boots it), so
 * parallel files never share tables: empty, or a copy of `template` (the run's migrated template database,
 * tests/helpers/database-image.ts) when given. `drop()` removes it, closing any connection still open.
 */
export async function createScratchDatabase(
  baseUrl: string,
  prefix: string,
  template?: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = postgres(baseUrl, { max: 1, prepare: false, onnotice: () => undefined });
  try {
    await admin.unsafe(`create database "${name}"${template ? ` template "${template}"` : ''}`);
  } finally {
    await admin.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const sql = postgres(baseUrl, { max: 1, prepare: false, onnotice: () => undefined });
      try {
        await sql.unsafe(`drop database if exists "${name}" with (force)`);
      } finally {
        await sql.end();
      }
    },
  };
}
