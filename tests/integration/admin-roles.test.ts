import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { navItemsFor } from '@/components/back-office/nav-items';
import {
  type AuthUser,
  accountRole,
  adminStatus,
  backOfficeMembers,
  setRoleByEmail,
  staffGuard,
} from '@/lib/auth';
import { grantAdminByEmail } from '@/lib/auth/admin';
import { type DatabaseHandle, insertLocalUser, listRoleHolders, updateLocalUser } from '@/lib/db';
import { openMemoryDatabase, testEngines } from '@/tests/helpers/test-engines';

/**
 * Issue 17 foundation: back-office roles in user_roles ('admin' covers 'staff'), `npm run user:role`'s core
 * (setRoleByEmail: one role per person, audit entry, never the last admin, ADMIN_EMAILS admins counted and left
 * to the server), the members list the staff page and the assignee list read, and the action guard staffGuard.
 */
describe.each(testEngines('lrjn_roles'))('back-office roles on $name', (engine) => {
  let handle: DatabaseHandle;
  let dispose: () => Promise<void>;
  const users: Record<'ada' | 'ben' | 'cat', AuthUser> = {} as never;
  beforeAll(async () => {
    ({ handle, dispose } = await engine.open());
    for (const name of ['ada', 'ben', 'cat'] as const) {
      const row = (await insertLocalUser(handle.db, {
        email: `${name}@example.org`,
        passwordHash: 'scrypt$15$8$1$x$y',
        fullName: name,
      }))!;
      await updateLocalUser(handle.db, row.id, { confirm: true });
      users[name] = { id: row.id, email: row.email, name, emailConfirmed: true };
    }
  }, 60_000);
  afterAll(async () => {
    await dispose?.();
  });

  it('sets exactly one role by email, records who did it, and lists holders admins first', async () => {
    expect(await setRoleByEmail(handle.db, ' Ben@Example.org ', 'staff', { supabase: false })).toMatchObject({
      status: 'changed',
      userId: users.ben.id,
      before: null,
    });
    expect(await setRoleByEmail(handle.db, 'ada@example.org', 'admin', { supabase: false })).toMatchObject({
      status: 'changed',
    });
    expect(await setRoleByEmail(handle.db, 'ben@example.org', 'staff', { supabase: false })).toMatchObject({
      status: 'unchanged',
    });
    const holders = await listRoleHolders(handle.db, { supabase: false });
    expect(holders.map((h) => [h.email, h.role])).toEqual([
      ['ada@example.org', 'admin'],
      ['ben@example.org', 'staff'],
    ]);
    // Promoting replaces the staff row: one role per person.
    await setRoleByEmail(handle.db, 'ben@example.org', 'admin', {
      supabase: false,
      actor: { id: users.ada.id, email: 'ada@example.org' },
    });
    const rows = await handle.db.query.userRoles.findMany({
      where: (t, { eq }) => eq(t.userId, users.ben.id),
    });
    expect(rows.map((r) => r.roleName)).toEqual(['admin']);
    const audit = await handle.db.query.adminAudit.findMany({ orderBy: (t, { asc }) => asc(t.createdAt) });
    expect(audit.map((a) => [a.actorEmail, a.action, a.target, a.detail])).toEqual([
      ['cli', 'role.set', 'ben@example.org', { userId: users.ben.id, before: null, after: 'staff' }],
      ['cli', 'role.set', 'ada@example.org', { userId: users.ada.id, before: null, after: 'admin' }],
      [
        'ada@example.org',
        'role.set',
        'ben@example.org',
        { userId: users.ben.id, before: 'staff', after: 'admin' },
      ],
    ]);
  });

  it('never removes or demotes the last admin', async () => {
    expect(await setRoleByEmail(handle.db, 'ben@example.org', null, { supabase: false })).toMatchObject({
      status: 'changed',
      before: 'admin',
    });
    expect(await setRoleByEmail(handle.db, 'ada@example.org', 'staff', { supabase: false })).toEqual({
      status: 'last-admin',
    });
    expect(await setRoleByEmail(handle.db, 'ada@example.org', null, { supabase: false })).toEqual({
      status: 'last-admin',
    });
    const holders = await listRoleHolders(handle.db, { supabase: false });
    expect(holders.map((h) => [h.email, h.role])).toEqual([['ada@example.org', 'admin']]);
    expect(await setRoleByEmail(handle.db, 'ghost@example.org', 'staff', { supabase: false })).toEqual({
      status: 'no-such-user',
    });
    expect(await setRoleByEmail(handle.db, 'not an email', 'staff', { supabase: false })).toEqual({
      status: 'invalid-email',
    });
  });

  it('counts ADMIN_EMAILS admins: they are members, the last row admin may go, and they cannot be removed here', async () => {
    // ada holds the only admin row; cat is an ADMIN_EMAILS admin with a confirmed account and no row.
    const env = { supabase: false, adminEmails: ['Cat@Example.org'] };
    const members = await backOfficeMembers(handle.db, env);
    expect(members.map((m) => [m.email, m.role, m.envAdmin, m.since === null])).toEqual([
      ['ada@example.org', 'admin', false, false],
      ['cat@example.org', 'admin', true, true],
    ]);
    expect(await accountRole(handle.db, users.cat.id, env)).toBe('admin');
    expect(await accountRole(handle.db, users.cat.id, { ...env, adminEmails: [] })).toBeNull();
    expect(await accountRole(handle.db, users.ben.id, env)).toBeNull();
    // Removing or demoting the env admin is refused with its own outcome, and nothing is written.
    for (const role of [null, 'staff'] as const)
      expect(await setRoleByEmail(handle.db, 'cat@example.org', role, env)).toEqual({ status: 'env-admin' });
    expect(await backOfficeMembers(handle.db, env)).toHaveLength(2);
    // With an env admin present, the only user_roles admin may be demoted.
    expect(await setRoleByEmail(handle.db, 'ada@example.org', 'staff', env)).toMatchObject({
      status: 'changed',
      before: 'admin',
    });
    expect((await backOfficeMembers(handle.db, env)).map((m) => [m.email, m.role])).toEqual([
      ['cat@example.org', 'admin'],
      ['ada@example.org', 'staff'],
    ]);
    // An env address whose account is not confirmed does not count (it cannot sign in as admin).
    await setRoleByEmail(handle.db, 'ada@example.org', 'admin', env);
    await handle.db.execute(
      `update local_users set email_confirmed_at = null where email = 'cat@example.org'` as never,
    );
    expect(await backOfficeMembers(handle.db, env)).toHaveLength(1);
    expect(await setRoleByEmail(handle.db, 'ada@example.org', 'staff', env)).toEqual({
      status: 'last-admin',
    });
    await updateLocalUser(handle.db, users.cat.id, { confirm: true });
  });

  it('guards actions: 401 signed out, 403 without the role or below it, admin covers staff', async () => {
    await setRoleByEmail(handle.db, 'ben@example.org', 'staff', { supabase: false });
    expect(await staffGuard(null, 'staff', handle.db, [])).toEqual({
      ok: false,
      status: 401,
      error: 'unauthenticated',
    });
    expect(await staffGuard(users.cat, 'staff', handle.db, [])).toEqual({
      ok: false,
      status: 403,
      error: 'forbidden',
    });
    expect(await staffGuard(users.ben, 'staff', handle.db, [])).toMatchObject({
      ok: true,
      user: { id: users.ben.id, role: 'staff' },
    });
    expect(await staffGuard(users.ben, 'admin', handle.db, [])).toMatchObject({ ok: false, status: 403 });
    // Staff author no courses: the course pages' admin check (requireAdmin/checkAdmin) refuses them.
    expect(await adminStatus(users.ben, handle.db, [])).toBe('not-admin');
    expect(await staffGuard(users.ada, 'staff', handle.db, [])).toMatchObject({
      ok: true,
      user: { role: 'admin' },
    });
    // ADMIN_EMAILS makes an admin without a row, but only with a confirmed address.
    expect(await staffGuard(users.cat, 'admin', handle.db, ['cat@example.org'])).toMatchObject({ ok: true });
    expect(
      await staffGuard({ ...users.cat, emailConfirmed: false }, 'staff', handle.db, ['cat@example.org']),
    ).toMatchObject({ ok: false, status: 403 });
  });

  it('keeps `npm run user:admin` working beside the staff role', async () => {
    expect(await grantAdminByEmail(handle.db, 'cat@example.org', { supabase: false })).toMatchObject({
      status: 'granted',
    });
    expect(await staffGuard(users.cat, 'admin', handle.db, [])).toMatchObject({ ok: true });
  });

  it('refuses a role name the back office does not know, in the database itself', async () => {
    await expect(
      handle.db.execute(
        `insert into user_roles (user_id, role_name) values ('${users.cat.id}', 'member')` as never,
      ),
    ).rejects.toThrow();
  });
});

describe('staff check failures', () => {
  it('answers 503 check-failed when the database is gone, and logs no personal data', async () => {
    const broken = await openMemoryDatabase();
    await broken.close();
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const user: AuthUser = {
        id: crypto.randomUUID(),
        email: 'x@example.org',
        name: null,
        emailConfirmed: true,
      };
      expect(await staffGuard(user, 'staff', broken.db, [])).toEqual({
        ok: false,
        status: 503,
        error: 'check-failed',
      });
      expect(log.mock.calls[0]!.join(' ')).not.toContain('x@example.org');
    } finally {
      log.mockRestore();
    }
  }, 60_000);
});

describe('admin navigation', () => {
  it('shows the Staff entry to admins only, the inbox with its unread badge to both', () => {
    expect(navItemsFor('staff').map((i) => i.key)).not.toContain('staff');
    expect(navItemsFor('admin').map((i) => i.key)).toContain('staff');
    expect(navItemsFor('staff')[0]).toMatchObject({ key: 'inbox', badge: 'unreadEnquiries' });
  });
});
