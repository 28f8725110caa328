import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { grantAdminByEmail } from '@/lib/auth/admin';
import { hasRole, insertLocalUser } from '@/lib/db';
import { type DatabaseHandle } from '@/lib/db/client';
import { openMemoryDatabase } from '../helpers/test-engines';

/** `npm run user:admin -- <email>` (scripts/user-admin.ts) through its core, on PGlite in memory. */
describe('grantAdminByEmail (local accounts)', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openMemoryDatabase();
  }, 60_000);
  afterAll(async () => {
    await handle?.close();
  });

  it('grants the admin role to an existing account once, by any spelling of its email', async () => {
    const user = (await insertLocalUser(handle.db, {
      email: 'ops@example.org',
      passwordHash: 'scrypt$15$8$1$x$y',
      fullName: 'Ops',
    }))!;
    expect(await grantAdminByEmail(handle.db, ' Ops@Example.org ', { supabase: false })).toEqual({
      status: 'granted',
      userId: user.id,
    });
    expect(await hasRole(handle.db, user.id, 'admin')).toBe(true);
    expect(await grantAdminByEmail(handle.db, 'ops@example.org', { supabase: false })).toEqual({
      status: 'already-admin',
      userId: user.id,
    });
  });

  it('creates nothing for an unknown address or a non-address', async () => {
    expect(await grantAdminByEmail(handle.db, 'ghost@example.org', { supabase: false })).toEqual({
      status: 'no-such-user',
    });
    expect(await grantAdminByEmail(handle.db, 'ghost', { supabase: false })).toEqual({
      status: 'invalid-email',
    });
    const users = await handle.db.query.localUsers.findMany();
    expect(users.map((u) => u.email)).toEqual(['ops@example.org']);
    expect(await handle.db.query.userRoles.findMany()).toHaveLength(1);
  });
});
