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
const exportRequest = (email: string, stepUp = '') =>
  new Request('http://localhost/api/admin/data-rights/export', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email, stepUp }).toString(),
  });

/** The admin's look-up with their password; @returns the step-up token it hands out. */
async function stepUpFor(email: string): Promise<string> {
  const found = await actions.lookupPersonAction(null, form({ email, password: PASSWORD }));
  if (!found.ok) throw new Error(`look-up refused: ${JSON.stringify(found)}`);
  return found.data.stepUp;
}

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
    expect(await actions.lookupPersonAction(null, form({ email: 'student@example.org' }))).toMatchObject({
      ok: false,
      status: 401,
      error: 'unauthenticated',
    });
    expect(
      await actions.erasePersonAction(
        null,
        form({ email: 'student@example.org', confirmation: 'student@example.org' }),
      ),
    ).toMatchObject({ ok: false, status: 401, error: 'unauthenticated' });
    expect((await adminExport.POST(exportRequest('student@example.org'))).status).toBe(401);
    expect((await ownExport.GET(new Request('http://localhost/api/account/export'))).status).toBe(401);
    expect(await actions.deleteOwnAccountAction(null, form({ password: PASSWORD }))).toMatchObject({
      ok: false,
      status: 401,
      error: 'unauthenticated',
    });
  });

  it('refuses a student the admin action, erasure and export (403 / forbidden), erasing nothing', async () => {
    await signIn(student.id);
    expect(await actions.lookupPersonAction(null, form({ email: 'other@example.org' }))).toMatchObject({
      ok: false,
      status: 403,
      error: 'forbidden',
    });
    expect(
      await actions.erasePersonAction(
        null,
        form({ email: 'other@example.org', confirmation: 'other@example.org' }),
      ),
    ).toMatchObject({ ok: false, status: 403, error: 'forbidden' });
    const response = await adminExport.POST(exportRequest('other@example.org'));
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ error: 'forbidden' });
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
    const found = await actions.lookupPersonAction(
      null,
      form({ email: ' Other@Example.org ', password: PASSWORD }),
    );
    expect(found).toMatchObject({ ok: true, data: { email: 'other@example.org', empty: false } });
    const stepUp = found.ok ? found.data.stepUp : '';
    const response = await adminExport.POST(exportRequest('other@example.org', stepUp));
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(((await response.json()) as { enquiries: unknown[] }).enquiries).toHaveLength(1);
    expect((await adminExport.POST(exportRequest('not an address'))).status).toBe(422);

    expect(
      await actions.erasePersonAction(
        null,
        form({ email: 'other@example.org', confirmation: 'someone-else@example.org', stepUp }),
      ),
    ).toMatchObject({
      ok: false,
      status: 400,
      error: 'invalid',
      fieldErrors: { _form: 'confirmation-mismatch' },
      // Everything needed to show the form again as it was, without JavaScript.
      typed: { confirmation: 'someone-else@example.org' },
      found: { email: 'other@example.org', empty: false },
    });
    expect(await db.findLocalUserId(await db.getDb(), 'other@example.org')).toBe(other.id);
    expect(
      await actions.erasePersonAction(
        null,
        form({ email: 'other@example.org', confirmation: 'OTHER@example.org', stepUp }),
      ),
    ).toMatchObject({ ok: true, data: { provider: 'none' } });
    expect(
      await actions.lookupPersonAction(null, form({ email: 'other@example.org', password: PASSWORD })),
    ).toMatchObject({
      ok: true,
      data: { empty: true },
    });
    const audit = await (await db.getDb()).select().from(schema.adminAudit);
    // Each look-up is an export to the screen: audited like the download (the refused erasure showed the rows
    // again, a fourth).
    expect(audit.map((a) => a.action).sort()).toEqual([
      'person.erase',
      'person.export',
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

describe('step-up, roles and confirmed addresses (NL2, NM4, D21)', () => {
  let admin: Awaited<ReturnType<typeof person>>;
  let target: Awaited<ReturnType<typeof person>>;
  let colleague: Awaited<ReturnType<typeof person>>;
  beforeAll(async () => {
    // The admin of the block above (ADMIN_EMAILS).
    admin = { id: (await db.findLocalUserId(await db.getDb(), 'admin@example.org'))! } as typeof admin;
    target = await person('target@example.org');
    colleague = await person('colleague@example.org');
    await (await db.getDb()).insert(schema.userRoles).values({ userId: colleague.id, roleName: 'staff' });
  }, 60_000);

  const audits = async () => (await (await db.getDb()).select().from(schema.adminAudit)).length;

  it('NL2: a stolen admin session alone looks nobody up: the admin’s password is needed, and a wrong one shows nothing', async () => {
    await signIn(admin.id);
    const before = await audits();
    expect(await actions.lookupPersonAction(null, form({ email: 'target@example.org' }))).toMatchObject({
      ok: false,
      fieldErrors: { _form: 'wrong-password' },
      typed: { email: 'target@example.org' },
    });
    const wrong = await actions.lookupPersonAction(
      null,
      form({ email: 'target@example.org', password: 'not the admin password' }),
    );
    expect(wrong).toMatchObject({ ok: false, status: 400, fieldErrors: { _form: 'wrong-password' } });
    expect(JSON.stringify(wrong)).not.toContain('A message from target@example.org');
    expect(await audits()).toBe(before);
  });

  it('NL2: the download and the erasure need a step-up token of this admin for this person', async () => {
    await signIn(admin.id);
    // No token, a forged one, and one issued for somebody else.
    for (const stepUp of [
      '',
      `${Date.now() + 60_000}.${'A'.repeat(43)}`,
      await stepUpFor('other@example.org'),
    ]) {
      const response = await adminExport.POST(exportRequest('target@example.org', stepUp));
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ error: 'step-up-expired' });
      expect(
        await actions.erasePersonAction(
          null,
          form({ email: 'target@example.org', confirmation: 'target@example.org', stepUp }),
        ),
      ).toMatchObject({ ok: false, status: 403, fieldErrors: { _form: 'step-up-expired' } });
    }
    expect(await db.findLocalUserId(await db.getDb(), 'target@example.org')).toBe(target.id);
    const response = await adminExport.POST(
      exportRequest('target@example.org', await stepUpFor('target@example.org')),
    );
    expect(response.status).toBe(200);
  });

  it('NL2: an account holding a role, or an ADMIN_EMAILS address, is not erased until demoted', async () => {
    await signIn(admin.id);
    for (const email of ['colleague@example.org', 'admin@example.org']) {
      expect(
        await actions.erasePersonAction(
          null,
          form({ email, confirmation: email, stepUp: await stepUpFor(email) }),
        ),
      ).toMatchObject({
        ok: false,
        status: 409,
        fieldErrors: { _form: 'holds-role' },
        typed: { confirmation: email },
      });
    }
    expect(await db.findLocalUserId(await db.getDb(), 'colleague@example.org')).toBe(colleague.id);
    expect(await db.findLocalUserId(await db.getDb(), 'admin@example.org')).toBe(admin.id);
    const roles = await (
      await db.getDb()
    )
      .select()
      .from(schema.userRoles)
      .where(eq(schema.userRoles.userId, colleague.id));
    expect(roles).toHaveLength(1);
    // Staff deleting their own account are refused the same way (an admin takes the role away first).
    await signIn(colleague.id);
    expect(await actions.deleteOwnAccountAction(null, form({ password: PASSWORD }))).toMatchObject({
      ok: false,
      fieldErrors: { _form: 'holds-role' },
    });
    expect(await db.findLocalUserId(await db.getDb(), 'colleague@example.org')).toBe(colleague.id);
  });

  it('NL2: a role change needs the admin’s password; a wrong one changes nothing', async () => {
    const { setRoleAction } = await import('@/lib/back-office/actions');
    const digest = (promise: Promise<unknown>) =>
      promise.then(
        () => '',
        (error: unknown) => String((error as { digest?: string }).digest ?? error),
      );
    await signIn(admin.id);
    const roleOf = async () =>
      (
        await (await db.getDb()).select().from(schema.userRoles).where(eq(schema.userRoles.userId, target.id))
      ).map((r) => r.roleName);
    for (const password of ['', 'not the admin password'])
      expect(
        await digest(
          setRoleAction(
            form({
              requestKey: crypto.randomUUID(),
              email: 'target@example.org',
              role: 'admin',
              password,
              locale: 'en',
            }),
          ),
        ),
      ).toMatch(/^NEXT_REDIRECT;replace;\/admin\/staff\?error=wrongPassword;/);
    expect(await roleOf()).toEqual([]);
    expect(
      await digest(
        setRoleAction(
          form({
            requestKey: crypto.randomUUID(),
            email: 'target@example.org',
            role: 'staff',
            password: PASSWORD,
            locale: 'en',
          }),
        ),
      ),
    ).toMatch(/^NEXT_REDIRECT;replace;\/admin\/staff\?done=roleChanged;/);
    expect(await roleOf()).toEqual(['staff']);
    await digest(
      setRoleAction(
        form({
          requestKey: crypto.randomUUID(),
          email: 'target@example.org',
          role: 'none',
          password: PASSWORD,
          locale: 'en',
        }),
      ),
    );
    expect(await roleOf()).toEqual([]);
  });

  it('NM4: the person’s own download holds no staff note, author, assignee or delivery error', async () => {
    const handle = await db.getDb();
    const [enquiry] = await handle
      .select()
      .from(schema.enquiries)
      .where(eq(schema.enquiries.email, 'target@example.org'));
    await handle
      .update(schema.enquiries)
      .set({ assignedTo: admin.id, forwardLastError: '550 staff mailbox full' })
      .where(eq(schema.enquiries.id, enquiry!.id));
    await db.insertEnquiryNote(handle, {
      enquiryId: enquiry!.id,
      kind: 'note',
      authorId: admin.id,
      authorEmail: 'admin@example.org',
      body: 'authz probe note: the caller named a third party',
    });
    await signIn(target.id);
    const response = await ownExport.GET(new Request('http://localhost/api/account/export'));
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toContain('A message from target@example.org');
    expect(text).not.toContain('authz probe note');
    expect(text).not.toContain('admin@example.org');
    expect(text).not.toContain(admin.id);
    expect(text).not.toContain('550 staff mailbox full');
  });

  it('D21: a session of an unconfirmed address neither downloads nor erases what is held under it', async () => {
    const handle = await db.getDb();
    // As on a Supabase project with "Confirm email" off: a session for an address nobody proved.
    const squatter = (await db.insertLocalUser(handle, {
      email: 'victim@example.org',
      passwordHash: await password.hashPassword(PASSWORD),
      fullName: 'Not the victim',
    }))!;
    await db.insertEnquiry(handle, {
      name: 'Victim',
      email: 'victim@example.org',
      message: 'The victim’s report',
    });
    await signIn(squatter.id);
    const response = await ownExport.GET(new Request('http://localhost/api/account/export'));
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: 'email-not-confirmed' });
    expect(await actions.deleteOwnAccountAction(null, form({ password: PASSWORD }))).toMatchObject({
      ok: false,
      status: 403,
      fieldErrors: { _form: 'email-not-confirmed' },
    });
    const left = await handle
      .select()
      .from(schema.enquiries)
      .where(eq(schema.enquiries.email, 'victim@example.org'));
    expect(left).toHaveLength(1);
  });

  it('NL2: only wrong step-up passwords use up the sign-in budget; right ones never lock the admin out (last: it spends the budget)', async () => {
    await signIn(admin.id);
    // More right confirmations than the pair's budget of guesses (SIGN_IN_LIMITS.pair: 10 per 15 minutes).
    for (let i = 0; i < 12; i++)
      expect(
        await actions.lookupPersonAction(null, form({ email: 'target@example.org', password: PASSWORD })),
      ).toMatchObject({ ok: true });
    const refusals = [];
    for (let i = 0; i < 12; i++)
      refusals.push(
        await actions.lookupPersonAction(null, form({ email: 'target@example.org', password: `guess ${i}` })),
      );
    // Wrong ones are counted (earlier tests' wrong passwords too): refused as wrong, then as too many.
    expect(refusals[0]).toMatchObject({ ok: false, status: 400 });
    expect(refusals.at(-1)).toMatchObject({ ok: false, status: 429 });
  }, 120_000);
});
