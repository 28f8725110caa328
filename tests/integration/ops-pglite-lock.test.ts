import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { openDatabase } from '@/lib/db/client';
import { DirectoryInUseError } from '@/lib/ops/pid-lock';

/**
 * The process lock on the embedded PGlite directory (issue 16, operations): a second process gets a clear error
 * instead of opening (and corrupting) a directory another live process has open; a lock left by a dead process is
 * taken over; SIGTERM closes the database and releases the lock.
 */

let root: string;
const children: ChildProcess[] = [];

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'lrjn-lock-'));
});

afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  await rm(root, { recursive: true, force: true });
});

/** Starts tests/helpers/pglite-holder.ts on `dir`; resolves with its first line (`open <pid>` or `error …`). */
function holder(dir: string, args: string[] = []): Promise<{ child: ChildProcess; line: string }> {
  const child = spawn(
    process.execPath,
    ['--conditions=react-server', '--import', 'tsx', 'tests/helpers/pglite-holder.ts', ...args],
    {
      env: { ...process.env, PGLITE_DIR: dir, DATABASE_URL: '', NODE_ENV: 'test' },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n')[0];
      if (out.includes('\n') && line) resolve({ child, line });
    });
    child.on('exit', (code) => {
      if (!out.includes('\n')) reject(new Error(`holder exited ${code} without a line`));
    });
  });
}

function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.on('exit', (code) => resolve(code)));
}

describe('PGlite process lock', () => {
  it('refuses a second process on a directory in use, with a clear message, then takes over a stale lock', async () => {
    const dir = path.join(root, 'site');
    const first = await holder(dir);
    expect(first.line).toBe(`open ${first.child.pid}`);
    expect(JSON.parse(readFileSync(`${dir}.lock`, 'utf8'))).toMatchObject({ pid: first.child.pid });

    // The test process is the second process.
    const error = await openDatabase({ pgliteDir: dir }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DirectoryInUseError);
    expect((error as Error).message).toContain(`another process is using ${dir}: stop it or set PGLITE_DIR`);
    expect((error as Error).message).toContain(String(first.child.pid));

    // A third process (a script started beside the server) fails the same way and exits.
    const third = await holder(dir);
    expect(third.line).toContain('error another process is using');
    expect(await exited(third.child)).toBe(1);

    // kill -9: the lock file stays behind with a PID that no longer runs; the next process takes it over.
    first.child.kill('SIGKILL');
    await exited(first.child);
    expect(existsSync(`${dir}.lock`)).toBe(true);
    const handle = await openDatabase({ pgliteDir: dir });
    try {
      expect(JSON.parse(readFileSync(`${dir}.lock`, 'utf8'))).toMatchObject({ pid: process.pid });
      const rows = (await handle.db.execute('select 1 as one')) as unknown as { rows: unknown[] };
      expect(rows.rows).toEqual([{ one: 1 }]);
    } finally {
      await handle.close();
      await handle.close();
    }
    expect(existsSync(`${dir}.lock`)).toBe(false);
  }, 120_000);

  it('SIGTERM closes PGlite, releases the lock and exits 143', async () => {
    const dir = path.join(root, 'graceful');
    const { child, line } = await holder(dir, ['--shutdown']);
    expect(line).toBe(`open ${child.pid}`);
    expect(existsSync(`${dir}.lock`)).toBe(true);
    child.kill('SIGTERM');
    expect(await exited(child)).toBe(143);
    expect(existsSync(`${dir}.lock`)).toBe(false);
    // Closed cleanly: it opens again with its data.
    const handle = await openDatabase({ pgliteDir: dir });
    await handle.close();
  }, 120_000);

  it('memory:// needs no lock', async () => {
    const a = await openDatabase({ pgliteDir: 'memory://' });
    const b = await openDatabase({ pgliteDir: 'memory://' });
    await Promise.all([a.close(), b.close()]);
    expect(existsSync('memory://.lock')).toBe(false);
  }, 120_000);
});
