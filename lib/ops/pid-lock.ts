import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';

/**
 * A process lock for a directory only one process may open (the embedded PGlite data directory: PGlite takes no
 * lock of its own and a second process corrupts it). The lock is a file beside the directory (`<dir>.lock`, not
 * inside it: initdb and restores want the directory itself empty) holding the owner's PID and host.
 *
 * A lock whose PID no longer runs on this host is stale (a crash, `kill -9`) and is taken over. A lock from another
 * host (a shared disk) is never taken over: that process cannot be checked from here.
 */

export type PidLock = {
  path: string;
  /** Removes the lock file if it is still this process's; safe to call more than once. */
  release(): void;
};

export class DirectoryInUseError extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number,
    readonly lockPath: string,
  ) {
    super(
      `another process is using ${dir}: stop it or set PGLITE_DIR (process ${pid}; lock file ${lockPath}, remove it only if that process is not this site)`,
    );
    this.name = 'DirectoryInUseError';
  }
}

type LockContent = { pid: number; host: string; since: string };

function readLock(path: string): LockContent | undefined {
  try {
    const parsed = JSON.parse(readFileSync(path, 'utf8')) as Partial<LockContent>;
    return typeof parsed.pid === 'number' ? (parsed as LockContent) : undefined;
  } catch {
    return undefined;
  }
}

/** Whether a process with this PID runs on this machine (EPERM: it runs, as another user). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes the lock for `dir` (`displayDir` names it in the error), or throws `DirectoryInUseError` when another live
 * process holds it. Re-taking a lock this process already holds succeeds. The lock is also removed when this
 * process exits normally.
 */
export function acquirePidLock(dir: string, displayDir = dir): PidLock {
  const path = `${dir}.lock`;
  const mine: LockContent = { pid: process.pid, host: hostname(), since: new Date().toISOString() };
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      writeFileSync(path, JSON.stringify(mine), { flag: 'wx', mode: 0o644 });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const held = readLock(path);
    if (held && held.pid === process.pid && held.host === mine.host) break;
    if (held && (held.host !== mine.host || processAlive(held.pid)))
      throw new DirectoryInUseError(displayDir, held.pid, path);
    // Stale (its process is gone) or unreadable (a writer died mid-write): remove it and try again.
    try {
      unlinkSync(path);
    } catch {
      // Another process removed it first; the next attempt decides.
    }
    if (attempt === 2) throw new DirectoryInUseError(displayDir, held?.pid ?? 0, path);
  }

  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off('exit', release);
    if (readLock(path)?.pid !== process.pid) return;
    try {
      unlinkSync(path);
    } catch {
      // Already gone.
    }
  };
  process.on('exit', release);
  return { path, release };
}
