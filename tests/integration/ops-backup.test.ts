import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { openDatabase } from '@/lib/db/client';
import { findNewsletterSubscriber, upsertNewsletterSubscriber } from '@/lib/db/queries/newsletter';
import { backupFileName, libpqConnection } from '@/lib/db/backup';

import { createScratchDatabase } from '../helpers/scratch-database';

/**
 * `npm run db:backup` / `npm run db:restore` round trips (issue 16, operations), run as an operator would: the npm
 * scripts in child processes, configured through a `.env.local` in a scratch working directory (scripts/load-env.ts
 * reads it as Next does). PGlite always; PostgreSQL when TEST_DATABASE_URL is set (the pg rig).
 */

const repo = process.cwd();
/** The scripts run in a scratch directory: tsx still needs the repository's `@/` paths. */
const TSX = { TSX_TSCONFIG_PATH: path.join(repo, 'tsconfig.json') };
let work: string;

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'lrjn-backup-'));
  // The scripts resolve lib/db/migrations and node_modules from their working directory.
  await mkdir(path.join(work, 'lib', 'db'), { recursive: true });
  await import('node:fs/promises').then((fs) =>
    Promise.all([
      fs.symlink(path.join(repo, 'lib', 'db', 'migrations'), path.join(work, 'lib', 'db', 'migrations')),
      fs.symlink(path.join(repo, 'node_modules'), path.join(work, 'node_modules')),
    ]),
  );
});

afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

/** Runs an npm script's file in the scratch directory with `env` as its whole environment. */
function run(name: 'db-backup' | 'db-restore', args: string[], env: NodeJS.ProcessEnv) {
  return new Promise<{ code: number | null; out: string }>((resolve) => {
    const child = spawn(
      process.execPath,
      ['--conditions=react-server', '--import', 'tsx', path.join(repo, 'scripts', `${name}.ts`), ...args],
      { cwd: work, env: { ...env, ...TSX, NODE_ENV: 'production' }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    child.on('close', (code) => resolve({ code, out }));
  });
}

/** The script with the database given in its environment. */
function script(name: 'db-backup' | 'db-restore', args: string[], env: Record<string, string> = {}) {
  return run(name, args, { ...process.env, DATABASE_URL: '', PGLITE_DIR: '', ...env });
}

/** The script with no database variables: it must find them in `.env.local` (process.env would win). */
function scriptFromEnvFile(name: 'db-backup' | 'db-restore', args: string[]) {
  const env = { ...process.env };
  delete env.DATABASE_URL;
  delete env.PGLITE_DIR;
  return run(name, args, env);
}

async function envLocal(lines: Record<string, string>) {
  await writeFile(
    path.join(work, '.env.local'),
    Object.entries(lines)
      .map(([k, v]) => `${k}=${v}`)
      .join('\n'),
  );
}

describe('backup file names', () => {
  it('puts backups under .data/backups with a UTC timestamp', () => {
    const at = new Date('2026-11-25T11:50:07.123Z');
    expect(backupFileName('pglite', at)).toBe(
      path.join('.data', 'backups', 'pglite-2026-11-25T11-50-07Z.tar.gz'),
    );
    expect(backupFileName('postgres', at)).toBe(
      path.join('.data', 'backups', 'postgres-2026-11-25T11-50-07Z.sql'),
    );
  });

  it('keeps the PostgreSQL password off the command line', () => {
    const { target, env } = libpqConnection('postgres://site:s3cr%40t@db.example.org:5432/lrjn');
    expect(target).not.toContain('s3cr');
    expect(target).toContain('sslmode=require');
    expect(env).toEqual({ PGPASSWORD: 's3cr@t' });
  });
});

describe('PGlite backup and restore', () => {
  it('round-trips through npm run db:backup and db:restore, reading PGLITE_DIR from .env.local', async () => {
    const dir = path.join(work, 'site-db');
    const seeded = await openDatabase({ pgliteDir: dir });
    await upsertNewsletterSubscriber(seeded.db, { email: 'kept@example.org', locale: 'fr' });
    await seeded.close();
    await envLocal({ PGLITE_DIR: 'site-db' });

    const backup = await scriptFromEnvFile('db-backup', []);
    expect(backup.code, backup.out).toBe(0);
    const files = readdirSync(path.join(work, '.data', 'backups'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^pglite-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.tar\.gz$/);
    const file = path.join(work, '.data', 'backups', files[0]!);

    // Into a fresh directory.
    await envLocal({ PGLITE_DIR: 'restored-db' });
    const restored = await scriptFromEnvFile('db-restore', [file]);
    expect(restored.code, restored.out).toBe(0);
    const check = await openDatabase({ pgliteDir: path.join(work, 'restored-db') });
    try {
      expect(await findNewsletterSubscriber(check.db, 'kept@example.org')).toMatchObject({ locale: 'fr' });
    } finally {
      await check.close();
    }

    // A non-empty directory is refused without --force; with it, the old one is moved aside, not deleted.
    const refused = await scriptFromEnvFile('db-restore', [file]);
    expect(refused.code).toBe(1);
    expect(refused.out).toContain('restored-db is not empty');
    const forced = await scriptFromEnvFile('db-restore', [file, '--force']);
    expect(forced.code, forced.out).toBe(0);
    expect(readdirSync(work).some((n) => n.startsWith('restored-db.before-restore-'))).toBe(true);
  }, 240_000);

  it('refuses to back up a directory a running process holds', async () => {
    const dir = path.join(work, 'busy-db');
    const held = await openDatabase({ pgliteDir: dir });
    try {
      const result = await script('db-backup', [path.join(work, 'busy.tar.gz')], { PGLITE_DIR: dir });
      expect(result.code).toBe(1);
      expect(result.out).toContain('another process is using');
      expect(existsSync(path.join(work, 'busy.tar.gz'))).toBe(false);
    } finally {
      await held.close();
    }
  }, 120_000);

  it('answers usage errors with exit code 2', async () => {
    expect((await script('db-restore', [], { PGLITE_DIR: 'x' })).code).toBe(2);
  }, 60_000);
});

const testDatabaseUrl = process.env.TEST_DATABASE_URL;

describe.runIf(!!testDatabaseUrl)('PostgreSQL backup and restore (TEST_DATABASE_URL)', () => {
  it('round-trips with pg_dump and psql, refusing a database that has tables unless --force', async () => {
    const source = await createScratchDatabase(testDatabaseUrl!, 'lrjn_backup_src');
    const target = await createScratchDatabase(testDatabaseUrl!, 'lrjn_backup_dst');
    try {
      const handle = await openDatabase({ databaseUrl: source.url });
      await upsertNewsletterSubscriber(handle.db, { email: 'pg-kept@example.org', locale: 'pt' });
      await handle.close();
      const file = path.join(work, 'pg.sql');
      const backup = await script('db-backup', [file], { DATABASE_URL: source.url });
      expect(backup.code, backup.out).toBe(0);
      expect(backup.out).not.toContain(new URL(source.url).password);

      const restored = await script('db-restore', [file], { DATABASE_URL: target.url });
      expect(restored.code, restored.out).toBe(0);
      const check = await openDatabase({ databaseUrl: target.url });
      try {
        expect(await findNewsletterSubscriber(check.db, 'pg-kept@example.org')).toMatchObject({
          locale: 'pt',
        });
      } finally {
        await check.close();
      }

      const refused = await script('db-restore', [file], { DATABASE_URL: target.url });
      expect(refused.code).toBe(1);
      expect(refused.out).toContain('already has tables');
      const forced = await script('db-restore', [file, '--force'], { DATABASE_URL: target.url });
      expect(forced.code, forced.out).toBe(0);
    } finally {
      await source.drop();
      await target.drop();
    }
  }, 240_000);
});
