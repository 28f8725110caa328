import 'server-only';

import { mkdir } from 'node:fs/promises';
import path from 'node:path';

import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';

import { env, isBuildPhase } from '@/lib/config/env';
import { errorFields, logger } from '@/lib/log';
import { acquirePidLock } from '@/lib/ops/pid-lock';
import { isShuttingDown } from '@/lib/ops/state';

import * as schema from './schema';

/**
 * The database connection (docs/ARCHITECTURE.md §2): PGlite, Postgres compiled to WASM and running in this process, unless
 * DATABASE_URL names a PostgreSQL server (Supabase included), reached with postgres.js. Both drivers give the
 * same Drizzle API, so queries (lib/db/queries) take a `Database` and never know which one runs.
 */

/** A Drizzle database or transaction over either driver. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseDriver = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Database;
  driver: DatabaseDriver;
  /** Closes the PGlite instance or the postgres.js pool; the handle is unusable afterwards. */
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** postgres:// URL; when set, PGlite is not used. */
  databaseUrl?: string;
  /** PGlite data directory (relative to the working directory) or `memory://`; default `.data/pglite`. */
  pgliteDir?: string;
  /** Pool size of postgres.js; default 5 (a Supabase pooler multiplexes, each instance needs few). */
  maxConnections?: number;
  /**
   * PGlite only: called after the migrations with the tables they created in this run (empty when none), before
   * the database is returned. getDb() hands them to its `onDatabaseOpen` steps; a failure here is logged, not thrown.
   */
  afterMigrate?: (db: Database, createdTables: string[]) => Promise<void>;
  /**
   * In-memory PGlite only (`memory://`): a data directory image (PGlite's `dumpDataDir()` tar) to start from instead
   * of an empty cluster, e.g. one already migrated. The migrations still run and skip what the image has. The tests
   * use it so that each file does not migrate from nothing (tests/helpers/database-image.ts). Ignored for a
   * directory, which has its own data.
   */
  pgliteImage?: Blob;
}

export const DEFAULT_PGLITE_DIR = '.data/pglite';
export const MEMORY_PGLITE_DIR = 'memory://';
export const MIGRATIONS_FOLDER = path.join(process.cwd(), 'lib', 'db', 'migrations');

/**
 * Opens a database and applies the pending migrations of lib/db/migrations before returning it.
 *
 * PostgreSQL: the pool uses `prepare: false`, which the Supabase transaction pooler requires. Migrations run on a
 * separate single connection; when several instances start at once, the losers of the race fail on the tables
 * the winner created, so a failed run is retried (a retry finds the migrations applied and does nothing).
 * PGlite: only one process may open a data directory (PGlite has no cross-process lock, a second process corrupts
 * it), hence `getDb()`, and a lock file beside the directory (`<dir>.lock`, lib/ops/pid-lock.ts) that makes a
 * second process (a script while the server runs, a second server) fail at once with a clear message.
 *
 * @throws when the server cannot be reached, the data directory cannot be opened or is locked by another live
 * process (DirectoryInUseError), or a migration fails.
 */
export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.maxConnections ?? 5);
  return openPglite(options.pgliteDir ?? DEFAULT_PGLITE_DIR, options.afterMigrate, options.pgliteImage);
}

async function openPglite(
  dir: string,
  afterMigrate?: OpenDatabaseOptions['afterMigrate'],
  image?: Blob,
): Promise<DatabaseHandle> {
  let dataDir: string | undefined;
  let lock: ReturnType<typeof acquirePidLock> | undefined;
  if (dir !== MEMORY_PGLITE_DIR) {
    dataDir = path.resolve(process.cwd(), dir);
    await mkdir(path.dirname(dataDir), { recursive: true });
    lock = acquirePidLock(dataDir, dir);
  }
  let client: PGlite;
  try {
    client =
      dataDir === undefined && image ? await PGlite.create({ loadDataDir: image }) : await PGlite.create(dataDir);
  } catch (error) {
    lock?.release();
    throw error;
  }
  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= client.close().finally(() => {
      lock?.release();
    }));
  try {
    // PGlite.create runs the WASM engine (and initdb for a new directory): seconds, so once per process.
    const db = drizzlePglite({ client, schema });
    const tables = async () =>
      (
        await client.query<{ t: string }>(`select tablename as t from pg_tables where schemaname = 'public'`)
      ).rows.map((r) => r.t);
    const before = afterMigrate ? await tables() : [];
    await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
    if (afterMigrate) {
      const created = (await tables()).filter((t) => !before.includes(t));
      await afterMigrate(db, created).catch((error: unknown) =>
        logger().error(
          { component: 'db', ...errorFields(error) },
          'after-migration step failed (the database is usable)',
        ),
      );
    }
    return { db, driver: 'pglite', close };
  } catch (error) {
    await close().catch(() => undefined);
    throw error;
  }
}

/**
 * The TLS mode for a PostgreSQL URL (security review L3): an explicit `sslmode` in the URL always wins (postgres.js
 * reads it: `disable`, `require`, `verify-full`, …); otherwise a server on this machine (localhost, 127.0.0.0/8,
 * ::1, a unix socket) is reached without TLS and any other host with `require`, so credentials and personal data
 * never cross a network in clear because the URL forgot to ask. Returns `undefined` when the URL decides.
 */
export function postgresTls(url: string): 'require' | false | undefined {
  const query = new URLSearchParams(url.split('?')[1] ?? '');
  if (query.has('sslmode') || query.has('ssl')) return undefined;
  if (query.get('host')?.startsWith('/')) return false;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'require';
  }
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  if (host === '' || host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host))
    return false;
  return 'require';
}

async function openPostgres(url: string, max: number): Promise<DatabaseHandle> {
  // Drizzle's migrator says "schema already exists, skipping" on every start; those notices are noise.
  const tls = postgresTls(url);
  const common = {
    prepare: false,
    onnotice: () => undefined,
    connect_timeout: 10,
    ...(tls === undefined ? {} : { ssl: tls }),
  } as const;

  for (let attempt = 1; ; attempt++) {
    const migrator = postgres(url, { ...common, max: 1 });
    try {
      await migratePostgres(drizzlePostgres({ client: migrator }), { migrationsFolder: MIGRATIONS_FOLDER });
      break;
    } catch (error) {
      if (attempt >= 3 || isConnectionError(error)) {
        const { code, message } = driverError(error);
        // 42P07: the tables exist but Drizzle has no record of them (schema applied by hand or by another tool).
        const hint =
          code === '42P07'
            ? "; the schema exists without Drizzle's record of it (see supabase/README.md)"
            : '';
        throw new Error(
          `[db] migrating ${describeUrl(url)} failed: ${String(message)} (${String(code)})${hint}`,
          {
            cause: error,
          },
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 250 * attempt));
    } finally {
      await migrator.end({ timeout: 5 });
    }
  }

  const client = postgres(url, { ...common, max, idle_timeout: 20 });
  let closing: Promise<void> | undefined;
  return {
    db: drizzlePostgres({ client, schema }),
    driver: 'postgres',
    close: () => (closing ??= client.end({ timeout: 5 })),
  };
}

// Drizzle wraps driver errors ("Failed query: …"); the driver's error, with its code, is the cause.
function driverError(error: unknown): { code?: unknown; message?: unknown } {
  const cause = (error as { cause?: unknown } | null)?.cause;
  return (cause ?? error ?? {}) as { code?: unknown; message?: unknown };
}

function isConnectionError(error: unknown): boolean {
  const { code } = driverError(error);
  return (
    typeof code === 'string' &&
    /^(ECONNREFUSED|ENOTFOUND|ETIMEDOUT|CONNECT_TIMEOUT|28P01|28000|3D000)$/.test(code)
  );
}

/** What a database-open step learns: the driver, and the tables this start's migrations created (PGlite only). */
export type DatabaseOpened = { driver: DatabaseDriver; createdTables: string[] };
export type DatabaseOpenHook = (db: Database, opened: DatabaseOpened) => Promise<void>;

type Holder = { handle?: Promise<DatabaseHandle>; closing?: Promise<void>; hooks?: DatabaseOpenHook[] };
// On globalThis so that Next's dev-mode module reloads share one PGlite instance instead of opening the data
// directory twice (which corrupts it).
const holder = ((globalThis as { __lrjnDb?: Holder }).__lrjnDb ??= {});

/**
 * Adds a step `getDb()` runs each time it opens the database, after the migrations and before anyone gets the
 * handle (instrumentation.ts seeds the demo courses with it, so lib/db knows no domain). Steps run in the order
 * added; a failing step is logged, not thrown (the database is usable). Register before the first `getDb()`.
 */
export function onDatabaseOpen(hook: DatabaseOpenHook): void {
  const hooks = (holder.hooks ??= []);
  if (!hooks.includes(hook)) hooks.push(hook);
}

/**
 * The process's database, from the environment: DATABASE_URL (PostgreSQL) if set, else PGlite at PGLITE_DIR
 * (default `.data/pglite`; `memory://` for an in-memory database). Opened and migrated on the first call; later
 * calls return the same instance. Never call it at module top level or during `next build` (docs/ARCHITECTURE.md §2).
 *
 * @throws what `openDatabase` throws, and during `next build` when PGlite would be used; a failed open is not
 * cached, so the next call tries again.
 */
export function getDb(): Promise<Database> {
  holder.handle ??= (async () => {
    if (isShuttingDown()) throw new Error('[db] the server is shutting down: the database is closed');
    // A close still running holds the PGlite directory: open it again only once it is released.
    await holder.closing;
    const { DATABASE_URL, PGLITE_DIR } = env();
    if (!DATABASE_URL && isBuildPhase()) {
      // Build workers are separate processes: they would open one PGlite directory at once and corrupt it.
      throw new Error(
        '[db] the embedded database is not opened during `next build`: render pages that read it on request',
      );
    }
    let createdTables: string[] = [];
    const handle = await openDatabase({
      databaseUrl: DATABASE_URL,
      pgliteDir: PGLITE_DIR,
      afterMigrate: async (_db, created) => {
        createdTables = created;
      },
    });
    for (const hook of holder.hooks ?? []) {
      await hook(handle.db, { driver: handle.driver, createdTables }).catch((error: unknown) =>
        logger().error({ component: 'db', ...errorFields(error) }, 'a database-open step failed'),
      );
    }
    logger().info(
      { component: 'db' },
      DATABASE_URL
        ? `PostgreSQL at ${describeUrl(DATABASE_URL)}`
        : `embedded PGlite at ${PGLITE_DIR ?? DEFAULT_PGLITE_DIR} (DATABASE_URL is not set)`,
    );
    return handle;
  })().catch((error: unknown) => {
    holder.handle = undefined;
    throw error;
  });
  return holder.handle.then((h) => h.db);
}

/**
 * Closes the database opened by `getDb()` (tests, graceful shutdown) and releases the PGlite lock; the next
 * `getDb()` opens a new one (except once the process is shutting down). Idempotent: a second call, even while the
 * first is still closing, waits for that same close; with nothing open it does nothing.
 */
export function closeDb(): Promise<void> {
  const pending = holder.handle;
  if (!pending) return holder.closing ?? Promise.resolve();
  holder.handle = undefined;
  const closing = (async () => {
    const handle = await pending.catch(() => undefined);
    await handle?.close();
  })().finally(() => {
    if (holder.closing === closing) holder.closing = undefined;
  });
  holder.closing = closing;
  return closing;
}

/** Host, port and database of a URL, never its credentials (for logs). */
function describeUrl(url: string): string {
  const u = new URL(url);
  return `${u.hostname}${u.port ? `:${u.port}` : ''}${u.pathname}`;
}
