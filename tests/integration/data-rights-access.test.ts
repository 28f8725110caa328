import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import * as schema from '@/lib/db/schema';

/**
 * Who may use the data-rights actions and handlers (issue 17 item 7), end to end on local accounts in PGlite
 * (memory) with Next's cookies replaced by a jar: signed out → 401 / 'unauthenticated', a student → 403 /
 * 'forbidden' on everything admin, an admin (ADMIN_EMAILS) gets the export as a private attachment; a student's
 * own export holds only their own rows, and deleting their own account needs their password.
 */
const jar = new Map<string, string>();
vi.mock('next/headers', () => ({
  cookies: async () => ({
    getAll: () => [...jar].map(([name, value]) => ({ name, value })),
    set: (name: string, value: string, options?: { maxAge?: number }) => {
      if (!value || options?.maxAge === 0) jar.delete(name);
      else jar.set(name, value);
    },
  }),
  headers: async () => new Headers(),
}));

process.env.PGLITE_DIR = 'memory://';
process.env.ADMIN_EMAILS = 'admin@example.org';
delete process.env.NEXT_PUBLIC_SUPABASE_URL;
delete process.env.MAILING_PROVIDER;

type Db = typeof import('@/lib/db');
let db: Db;
let actions: typeof import('@/lib/data-rights/actions');
let adminExport: typeof import('@/app/api/admin/data-rights/export/route');
let ownExport: typeof import('@/app/api/account/export/route');
let auth: typeof import('@/lib/auth/tokens');
let password: typeof import('@/lib/auth/password');

const PASSWORD = 'a long enough password';

beforeAll(async () => {
  db = await import('@/lib/db');
  actions = await import('@/lib/data-rights/actions');
  adminExport = await import('@/app/api/admin/data-rights/export/route');
  ownExport = await import('@/app/api/account/export/route');
  auth = await import('@/lib/auth/tokens');
  password = await import('@/lib/auth/password');
  await db.getDb();
}, 60_000);
afterAll(async () => {
  await db?.closeDb();
});
beforeEach(() => jar.clear());

/** A confirmed local account with an enquiry of its own. */
async function person(email: string) {
  const handle = await db.getDb();
  const user = (await db.insertLocalUser(handle, {
    email,
    passwordHash: await password.hashPassword(PASSWORD),
    fullName: email.split('@')[0]!,
  }))!;
  await handle
    .update(schema.localUsers)
    .set({ emailConfirmedAt: new Date() })
    .where(eq(schema.localUsers.id, user.id));
  await db.insertEnquiry(handle, { name: 'Someone', email, message: `A message from ${email}` });
  return user;
}

/** Signs `userId` in on the jar (a session row and its cookie, as lib/auth/local.ts makes them). */
async function signIn(userId: string) {
  const token = auth.randomToken();
  await db.insertLocalSession(await db.getDb(), {
    id: auth.hashToken(token),
    userId,
    expiresAt: new Date(Date.now() + 3600_000),
  });
  jar.set('lrjn_session', token);
}

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.set(k, v);
  return data;
};
const exportRequest = (email: string) =>
  new Request('http://localhost/api/admin/data-rights/export', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email }).toString(),
  });

describe('data rights access', () => {
  let student: Awaited<ReturnType<typeof person>>;
  let other: Awaited<ReturnType<typeof person>>;
  let admin: Awaited<ReturnType<typeof person>>;
  beforeAll(async () => {
    student = await person('student@example.org');
    other = await person('other@example.org');
    admin = await person('admin@example.org');
  }, 60_000);

  it('refuses a signed-out visitor everywhere (401 / unauthenticated)', async () => {
    expect(await actions.lookupPersonAction(null, form({ email: 'student@example.org' }))).toEqual({
      ok: false,
      status: 401,
      error: 'unauthenticated',
    });
    expect(
      await actions.erasePersonAction(
        null,
        form({ email: 'student@example.org', confirmation: 'student@example.org' }),
      ),
    ).toEqual({ ok: false, status: 401, error: 'unauthenticated' });
    expect((await adminExport.POST(exportRequest('student@example.org'))).status).toBe(401);
    expect((await ownExport.GET(new Request('http://localhost/api/account/export'))).status).toBe(401);
    expect(await actions.deleteOwnAccountAction(null, form({ password: PASSWORD }))).toEqual({
      ok: false,
      status: 401,
      error: 'unauthenticated',
    });
  });

  it('refuses a student the admin action, erasure and export (403 / forbidden), erasing nothing', async () => {
    await signIn(student.id);
    expect(await actions.lookupPersonAction(null, form({ email: 'other@example.org' }))).toEqual({
      ok: false,
      status: 403,
      error: 'forbidden',
    });
    expect(
      await actions.erasePersonAction(
        null,
        form({ email: 'other@example.org', confirmation: 'other@example.org' }),
      ),
    ).toEqual({ ok: false, status: 403, error: 'forbidden' });
    const response = await adminExport.POST(exportRequest('other@example.org'));
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: 'forbidden' });
    expect(await db.findLocalUserId(await db.getDb(), 'other@example.org')).toBe(other.id);
  });

  it('gives the student their own export only, as a private attachment', async () => {
    await signIn(student.id);
    const response = await ownExport.GET(new Request('http://localhost/api/account/export'));
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="personal-data-\d{4}-\d\d-\d\d\.json"$/,
    );
    const text = await response.text();
    const data = JSON.parse(text) as {
      email: string;
      enquiries: { message: string }[];
      accounts: { id: string }[];
    };
    expect(data.email).toBe('student@example.org');
    expect(data.enquiries.map((e) => e.message)).toEqual(['A message from student@example.org']);
    expect(data.accounts.map((a) => a.id)).toEqual([student.id]);
    expect(text).not.toContain('other@example.org');
    expect(text).not.toContain(other.id);
  });

  it('lets an admin look up and export anyone, and erase only after the address is typed again', async () => {
    await signIn(admin.id);
    const found = await actions.lookupPersonAction(null, form({ email: ' Other@Example.org ' }));
    expect(found).toMatchObject({ ok: true, data: { email: 'other@example.org', empty: false } });
    const response = await adminExport.POST(exportRequest('other@example.org'));
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(((await response.json()) as { enquiries: unknown[] }).enquiries).toHaveLength(1);
    expect((await adminExport.POST(exportRequest('not an address'))).status).toBe(422);

    expect(
      await actions.erasePersonAction(
        null,
        form({ email: 'other@example.org', confirmation: 'someone-else@example.org' }),
      ),
    ).toEqual({ ok: false, status: 400, error: 'invalid', fieldErrors: { _form: 'confirmation-mismatch' } });
    expect(await db.findLocalUserId(await db.getDb(), 'other@example.org')).toBe(other.id);
    expect(
      await actions.erasePersonAction(
        null,
        form({ email: 'other@example.org', confirmation: 'OTHER@example.org' }),
      ),
    ).toMatchObject({ ok: true, data: { provider: 'none' } });
    expect(await actions.lookupPersonAction(null, form({ email: 'other@example.org' }))).toMatchObject({
      ok: true,
      data: { empty: true },
    });
    const audit = await (await db.getDb()).select().from(schema.adminAudit);
    // Each look-up is an export to the screen: audited like the download.
    expect(audit.map((a) => a.action).sort()).toEqual([
      'person.erase',
      'person.export',
      'person.export',
      'person.export',
    ]);
    expect(JSON.stringify(audit)).not.toContain('other@example.org');
  });

  it('deletes a student’s own account only with their password, and signs them out', async () => {
    await signIn(student.id);
    expect(await actions.deleteOwnAccountAction(null, form({ password: 'not my password' }))).toEqual({
      ok: false,
      status: 400,
      error: 'invalid',
      fieldErrors: { _form: 'wrong-password' },
    });
    expect(await db.findLocalUserId(await db.getDb(), 'student@example.org')).toBe(student.id);
    // Done: signed out and sent to the confirmation page in the form's language.
    const redirect = await actions
      .deleteOwnAccountAction(null, form({ password: PASSWORD, locale: 'es' }))
      .then(
        () => null,
        (error: unknown) => error as { digest?: string },
      );
    expect(redirect?.digest).toMatch(/^NEXT_REDIRECT;replace;\/es\/dashboard\/deleted;/);
    expect(jar.has('lrjn_session')).toBe(false);
    expect(await db.findLocalUserId(await db.getDb(), 'student@example.org')).toBeNull();
    const handle = await db.getDb();
    expect(
      await handle.select().from(schema.enquiries).where(eq(schema.enquiries.email, 'student@example.org')),
    ).toEqual([]);
    const [entry] = await handle
      .select()
      .from(schema.adminAudit)
      .where(eq(schema.adminAudit.action, 'account.delete'));
    expect(entry).toMatchObject({ actorId: null, actorEmail: 'account holder (self-service)' });
  });
});
