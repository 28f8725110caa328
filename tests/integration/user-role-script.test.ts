import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { insertLocalUser } from '@/lib/db';
import { openDatabase } from '@/lib/db/client';

/**
 * `npm run user:role -- <email> <role>` run as an operator runs it (issue 17 item 1): the npm script's command in a
 * child process, on an embedded PGlite holding a local account, with the server stopped. The role it grants is read
 * back from the database; an unknown address and a bad role change nothing and exit 1 and 2.
 */

const repo = process.cwd();
let dir: string;

function userRole(args: string[]) {
  return new Promise<{ code: number | null; out: string }>((resolve) => {
    const child = spawn('npm', ['run', '--silent', 'user:role', '--', ...args], {
      cwd: repo,
      env: {
        ...process.env,
        PGLITE_DIR: dir,
        DATABASE_URL: '',
        NEXT_PUBLIC_SUPABASE_URL: '',
        NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    child.on('close', (code) => resolve({ code, out }));
  });
}

async function rolesOf(email: string) {
  const handle = await openDatabase({ pgliteDir: dir });
  try {
    const user = await handle.db.query.localUsers.findFirst({ where: (t, { eq }) => eq(t.email, email) });
    const rows = await handle.db.query.userRoles.findMany({ where: (t, { eq }) => eq(t.userId, user!.id) });
    return rows.map((r) => r.roleName);
  } finally {
    await handle.close();
  }
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'lrjn-user-role-'));
  const handle = await openDatabase({ pgliteDir: dir });
  await insertLocalUser(handle.db, {
    email: 'new.staff@example.org',
    passwordHash: 'scrypt$15$8$1$x$y',
    fullName: 'New Staff',
  });
  await handle.close();
}, 60_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('npm run user:role', () => {
  it('makes an existing account staff, then admin, then nothing, as the operator asks', async () => {
    const staff = await userRole(['new.staff@example.org', 'staff']);
    expect(staff.out).toContain('new.staff@example.org now has role staff');
    expect(staff.code).toBe(0);
    expect(await rolesOf('new.staff@example.org')).toEqual(['staff']);

    const admin = await userRole(['New.Staff@example.org', 'admin']);
    expect(admin.code).toBe(0);
    expect(await rolesOf('new.staff@example.org')).toEqual(['admin']);

    // The last admin cannot be removed.
    const none = await userRole(['new.staff@example.org', 'none']);
    expect(none.code).toBe(1);
    expect(none.out).toContain('is the last admin');
    expect(await rolesOf('new.staff@example.org')).toEqual(['admin']);
  }, 120_000);

  it('changes nothing for an address with no account (exit 1) or a role it does not know (exit 2)', async () => {
    const unknown = await userRole(['nobody@example.org', 'staff']);
    expect(unknown.code).toBe(1);
    expect(unknown.out).toContain('No local account uses nobody@example.org');
    const bad = await userRole(['new.staff@example.org', 'owner']);
    expect(bad.code).toBe(2);
    expect(bad.out).toContain('Usage: npm run user:role');
  }, 120_000);
});
