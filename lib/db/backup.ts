import 'server-only';

import { spawn } from 'node:child_process';
import { mkdir, readFile, readdir, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

import { PGlite } from '@electric-sql/pglite';

import { acquirePidLock } from '@/lib/ops/pid-lock';

import { postgresTls } from './client';

/**
 * Backups of the site's database (issue 16, operations), behind `npm run db:backup` and `npm run db:restore`. In
 * lib/db because it opens the engine and queries it (docs/ARCHITECTURE.md §1 "The rules": SQL only in lib/db).
 * - PostgreSQL (DATABASE_URL): `pg_dump` of the app's schemas (`public`, `drizzle`: not a Supabase project's own
 *   `auth`/`storage`, which Supabase backs up) as plain SQL with `--clean --if-exists`, restored with `psql` in one
 *   transaction. The password travels in PGPASSWORD, never on the command line (`ps` would show it).
 * - PGlite: its data directory as a gzipped tarball (`dumpDataDir`), restored by opening an empty directory with
 *   `loadDataDir`. Both take the directory's process lock, so they refuse while the server runs on it.
 */

export const DEFAULT_BACKUP_DIR = path.join('.data', 'backups');

/** `<dir>/<kind>-<UTC timestamp>.<ext>`, e.g. `.data/backups/pglite-2026-11-25T11-50-00Z.tar.gz`. */
export function backupFileName(
  kind: 'pglite' | 'postgres',
  now = new Date(),
  dir = DEFAULT_BACKUP_DIR,
): string {
  const stamp = now
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/:/g, '-');
  return path.join(dir, `${kind}-${stamp}.${kind === 'pglite' ? 'tar.gz' : 'sql'}`);
}

/** Whether `dir` is missing or holds no entries. */
export async function isEmptyDir(dir: string): Promise<boolean> {
  try {
    return (await readdir(dir)).length === 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw error;
  }
}

/** Writes the PGlite directory `dataDir` to `file` (gzipped tar). @throws when the directory is in use or missing. */
export async function backupPglite(dataDir: string, file: string): Promise<void> {
  const dir = path.resolve(dataDir);
  if (await isEmptyDir(dir)) throw new Error(`${dataDir} holds no database: nothing to back up`);
  const lock = acquirePidLock(dir, dataDir);
  try {
    const db = await PGlite.create(dir);
    try {
      const dump = await db.dumpDataDir('gzip');
      await mkdir(path.dirname(path.resolve(file)), { recursive: true });
      await writeFile(file, Buffer.from(await dump.arrayBuffer()), { mode: 0o600 });
    } finally {
      await db.close();
    }
  } finally {
    lock.release();
  }
}

/**
 * Restores a PGlite tarball into `dataDir`. A non-empty directory is refused unless `force`, which moves it aside
 * to `<dataDir>.before-restore-<timestamp>` (never deleted here). @returns the path the old directory moved to.
 */
export async function restorePglite(
  file: string,
  dataDir: string,
  options: { force?: boolean; now?: Date } = {},
): Promise<string | undefined> {
  const dir = path.resolve(dataDir);
  const bytes = await readFile(file);
  const lock = acquirePidLock(dir, dataDir);
  try {
    let movedTo: string | undefined;
    if (!(await isEmptyDir(dir))) {
      if (!options.force)
        throw new Error(
          `${dataDir} is not empty: restore into an empty directory, or pass --force to move it aside`,
        );
      movedTo = `${dir}.before-restore-${(options.now ?? new Date()).toISOString().replace(/[:.]/g, '-')}`;
      await rename(dir, movedTo);
    }
    await mkdir(path.dirname(dir), { recursive: true });
    const db = await PGlite.create(dir, { loadDataDir: new Blob([bytes]) });
    try {
      await db.query('select 1');
    } finally {
      await db.close();
    }
    return movedTo;
  } finally {
    lock.release();
  }
}

/** libpq's connection for a URL: the URL without its password (plus sslmode as the app uses it) and the env. */
export function libpqConnection(url: string): { target: string; env: Record<string, string> } {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = '';
  const tls = postgresTls(url);
  if (tls === 'require') u.searchParams.set('sslmode', 'require');
  if (tls === false && !u.searchParams.has('sslmode')) u.searchParams.set('sslmode', 'disable');
  return { target: u.toString(), env: password ? { PGPASSWORD: password } : {} };
}

function run(command: string, args: string[], env: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('error', (error) =>
      reject(
        (error as NodeJS.ErrnoException).code === 'ENOENT'
          ? new Error(`${command} is not installed (Debian: apt-get install postgresql-client)`)
          : error,
      ),
    );
    child.on('close', (code) =>
      code === 0
        ? resolve(out)
        : reject(new Error(`${command} failed (exit ${code}): ${err.trim().slice(0, 2000)}`)),
    );
  });
}

/** Dumps the app's schemas of the PostgreSQL at `url` to `file` with pg_dump. */
export async function backupPostgres(url: string, file: string): Promise<void> {
  const { target, env } = libpqConnection(url);
  await mkdir(path.dirname(path.resolve(file)), { recursive: true });
  await run(
    'pg_dump',
    [
      '--format=plain',
      '--clean',
      '--if-exists',
      '--no-owner',
      '--no-privileges',
      '-n',
      'public',
      '-n',
      'drizzle',
      '-f',
      file,
      target,
    ],
    env,
  );
  if ((await stat(file)).size === 0) throw new Error('pg_dump wrote an empty file');
}

/** Number of tables in the `public` schema of the PostgreSQL at `url`. */
export async function postgresTableCount(url: string): Promise<number> {
  const { target, env } = libpqConnection(url);
  const out = await run(
    'psql',
    [
      '-X',
      '-A',
      '-t',
      '-v',
      'ON_ERROR_STOP=1',
      '-c',
      "select count(*) from pg_tables where schemaname = 'public'",
      target,
    ],
    env,
  );
  return Number.parseInt(out.trim(), 10);
}

/**
 * Restores a pg_dump file into the PostgreSQL at `url` with psql, in one transaction (all or nothing). A database
 * that already has tables is refused unless `force` (the dump then drops and recreates the app's tables).
 */
export async function restorePostgres(
  file: string,
  url: string,
  options: { force?: boolean } = {},
): Promise<void> {
  await stat(file);
  if (!options.force && (await postgresTableCount(url)) > 0)
    throw new Error(
      'the database already has tables: restore into an empty database, or pass --force to replace them',
    );
  const { target, env } = libpqConnection(url);
  await run('psql', ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '--single-transaction', '-f', file, target], env);
}
