import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import * as schema from '@/lib/db/schema';
import { issueFormToken } from '@/lib/forms/token';
import { SOCKET_ADDRESS_HEADER } from '@/lib/rate-limit/socket-address';

/**
 * The account forms' server actions (lib/auth/actions.ts) end to end on local accounts in PGlite (memory), with
 * Next's request APIs replaced by a cookie jar, fixed request headers and an `after()` that runs its task when
 * the test says: common passwords refused (L6), the current password asked for (M3), the email sent only after
 * the response (M4); and the forms' no-JavaScript actions (`…Form`: React's useActionState), which run the same
 * checks on posted FormData, never send a password back into the page, keep the typed email and name, and
 * redirect where the scripted form goes (a `next` off the site is dropped).
 */
const jar = new Map<string, string>();
const afterTasks: (() => unknown)[] = [];
let ip = '203.0.113.10';

vi.mock('next/headers', () => ({
  cookies: async () => ({
    getAll: () => [...jar].map(([name, value]) => ({ name, value })),
    set: (name: string, value: string, options?: { maxAge?: number }) => {
      if (!value || options?.maxAge === 0) jar.delete(name);
      else jar.set(name, value);
    },
  }),
  headers: async () => new Headers({ [SOCKET_ADDRESS_HEADER]: ip }),
}));
vi.mock('next/server', async (original) => ({
  ...(await original<typeof import('next/server')>()),
  after: (task: () => unknown) => {
    afterTasks.push(task);
  },
}));

const SECRET = 'a form secret that is long enough for the test run';
process.env.PGLITE_DIR = 'memory://';
process.env.FORM_SECRET = SECRET;
process.env.FORM_RATE_LIMIT_MAX = '1000';
delete process.env.NEXT_PUBLIC_SUPABASE_URL;
delete process.env.SMTP_URL;

type Actions = typeof import('@/lib/auth/actions');
type Db = typeof import('@/lib/db');
let actions: Actions;
let db: Db;

beforeAll(async () => {
  actions = await import('@/lib/auth/actions');
  db = await import('@/lib/db');
  await db.getDb();
}, 60_000);
afterAll(async () => {
  await db?.closeDb();
});

// Every action here that checks a fill-time token is the sign-up form (tokens are bound to their form).
const guard = () => ({
  formToken: issueFormToken(SECRET, Date.now() - 10_000, 'sign-up'),
  website_url: '',
  formLocale: 'en',
});
const unique = (p: string) => `${p}-${Math.random().toString(36).slice(2, 10)}@example.org`;

async function runAfterTasks() {
  for (const task of afterTasks.splice(0)) await task();
}

async function accountRows(email: string) {
  return (await db.getDb()).select().from(schema.localUsers).where(eq(schema.localUsers.email, email));
}

/** A confirmed account signed in on the jar (ordinary session). */
async function signedIn(password: string) {
  const email = unique('act');
  expect((await actions.signUp({ fullName: 'Ada Action', email, password, ...guard() })).ok).toBe(true);
  const handle = await db.getDb();
  await handle
    .update(schema.localUsers)
    .set({ emailConfirmedAt: new Date() })
    .where(eq(schema.localUsers.email, email));
  jar.clear();
  expect((await actions.signIn({ email, password, formLocale: 'en' })).ok).toBe(true);
  return email;
}

describe('account actions', () => {
  it("refuses 'password' and 'password123' at sign-up with a translated field message (L6)", async () => {
    for (const password of ['password', 'password123', 'PassWord123']) {
      const email = unique('common');
      const result = await actions.signUp({ fullName: 'Ada Common', email, password, ...guard() });
      expect(result).toEqual({
        ok: false,
        status: 400,
        error: 'invalid',
        fieldErrors: { password: 'passwordCommon' },
      });
      expect(await accountRows(email)).toHaveLength(0);
    }
  });

  it('queues the sign-up email and sends it only after the response (M4)', async () => {
    const email = unique('queued');
    const result = await actions.signUp({
      fullName: 'Ada Queued',
      email,
      password: 'a less common passphrase',
      ...guard(),
    });
    expect(result).toEqual({ ok: true, data: { redirectTo: '/email-confirmation' } });
    const row = async () =>
      (
        await (
          await db.getDb()
        )
          .select()
          .from(schema.outbox)
          .where(and(eq(schema.outbox.kind, 'auth.email'), sql`${schema.outbox.payload}->>'to' = ${email}`))
      )[0];
    // Nothing was sent while the request ran.
    expect((await row())?.status).toBe('pending');
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    try {
      await runAfterTasks();
    } finally {
      info.mockRestore();
    }
    expect((await row())?.status).toBe('sent');
  });

  it('asks a normally signed-in person for the current password, and refuses common new ones (M3, L6)', async () => {
    const password = 'the original passphrase';
    const email = await signedIn(password);
    expect(
      await actions.resetPassword({ password: 'a brand new passphrase', formLocale: 'en' }),
    ).toMatchObject({
      ok: false,
      fieldErrors: { _form: 'currentPasswordWrong' },
    });
    expect(
      await actions.resetPassword({ password: 'password123', currentPassword: password, formLocale: 'en' }),
    ).toMatchObject({ ok: false, fieldErrors: { password: 'passwordCommon' } });
    expect(
      await actions.resetPassword({
        password: 'a brand new passphrase',
        currentPassword: password,
        formLocale: 'fr',
      }),
    ).toEqual({ ok: true, data: { redirectTo: '/fr/login?reset=done' } });
    const [user] = await accountRows(email);
    const { verifyPassword } = await import('@/lib/auth/password');
    expect(await verifyPassword('a brand new passphrase', user!.passwordHash)).toBe(true);
  });

  it('counts wrong current passwords against the sign-in limit of the account and client (L2)', async () => {
    const email = await signedIn('yet another passphrase');
    ip = '203.0.113.77';
    try {
      for (let i = 0; i < 10; i++)
        expect(
          await actions.resetPassword({
            password: 'a brand new passphrase',
            currentPassword: `guess ${i}`,
            formLocale: 'en',
          }),
        ).toMatchObject({ fieldErrors: { _form: 'currentPasswordWrong' } });
      expect(
        await actions.resetPassword({
          password: 'a brand new passphrase',
          currentPassword: 'guess 11',
          formLocale: 'en',
        }),
      ).toMatchObject({ ok: false, status: 429, error: 'rate-limited' });
      expect(email).toBeTruthy();
    } finally {
      ip = '203.0.113.10';
    }
  });
});

/** The fields as a browser posts them. */
function posted(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}

/** Where a `redirect()` thrown by the action points (its digest: `NEXT_REDIRECT;type;url;status;`). */
async function redirectOf(run: Promise<unknown>): Promise<string> {
  const error = await run.then(
    () => undefined,
    (thrown: unknown) => thrown as { digest?: string },
  );
  expect(error?.digest, 'the action redirected').toMatch(/^NEXT_REDIRECT;/);
  return error!.digest!.split(';')[2]!;
}

const EMPTY = { status: 'idle', values: {}, fieldErrors: {}, formError: null, token: null } as const;

describe('account forms without JavaScript', { timeout: 60_000 }, () => {
  it('D1: a refused sign-in keeps the email, never the password, and says why in AuthForms terms', async () => {
    const email = unique('nojs');
    const state = await actions.signInForm(
      EMPTY,
      posted({ email, password: 'Secret-Typed-1', formLocale: 'fr' }),
    );
    expect(state).toMatchObject({
      status: 'refused',
      values: { email },
      auth: { key: 'invalidCredentials' },
    });
    expect(JSON.stringify(state)).not.toContain('Secret-Typed-1');

    const invalid = await actions.signInForm(EMPTY, posted({ email: 'nope', password: 'Secret-Typed-2' }));
    expect(invalid.fieldErrors).toEqual({ email: 'emailInvalid' });
    expect(invalid.values).toEqual({ email: 'nope' });
    expect(JSON.stringify(invalid)).not.toContain('Secret-Typed-2');
  });

  it('D1: a sign-in redirects to the safe next page in the form locale; a next off the site goes home', async () => {
    const email = await signedIn('a sign-in passphrase');
    jar.clear();
    const to = await redirectOf(
      actions.signInForm(
        EMPTY,
        posted({ email, password: 'a sign-in passphrase', next: '/courses', formLocale: 'es' }),
      ),
    );
    expect(to).toBe('/es/courses');
    jar.clear();
    for (const next of ['//evil.example', '/\\evil.example', 'https://evil.example/x', '/%2F%2Fevil.example'])
      expect(
        await redirectOf(
          actions.signInForm(
            EMPTY,
            posted({ email, password: 'a sign-in passphrase', next, formLocale: 'en' }),
          ),
        ),
      ).toBe('/');
  });

  it('D1: sign-up keeps the spam guard and the name and email, never the password; then the inbox page', async () => {
    const email = unique('nojs-up');
    const fields = { fullName: 'Ada Posted', email, password: 'a posted passphrase', formLocale: 'en' };
    const tokenless = await actions.signUpForm(EMPTY, posted({ ...fields, website_url: '' }));
    expect(tokenless).toMatchObject({
      status: 'refused',
      formError: 'sendAgain',
      values: { fullName: 'Ada Posted', email },
    });
    expect(tokenless.token).toMatch(/^sign-up\./);
    const spam = await actions.signUpForm(EMPTY, posted({ ...fields, ...guard(), website_url: 'http://x' }));
    expect(spam.formError).toBe('spam');
    for (const state of [tokenless, spam]) expect(JSON.stringify(state)).not.toContain('a posted passphrase');

    const common = await actions.signUpForm(
      EMPTY,
      posted({ ...fields, ...guard(), password: 'password123' }),
    );
    expect(common.fieldErrors).toEqual({ password: 'passwordCommon' });
    expect(common.values).not.toHaveProperty('password');

    expect(await redirectOf(actions.signUpForm(EMPTY, posted({ ...fields, ...guard() })))).toBe(
      '/email-confirmation',
    );
  });

  it('D1: a new password is never sent back, whatever the refusal', async () => {
    const password = 'the first passphrase';
    await signedIn(password);
    const wrong = await actions.resetPasswordForm(
      EMPTY,
      posted({ currentPassword: 'Not-Mine-1', password: 'Brand-New-Passphrase-1', formLocale: 'en' }),
    );
    expect(wrong.auth).toEqual({ key: 'currentPasswordWrong' });
    const short = await actions.resetPasswordForm(
      EMPTY,
      posted({ currentPassword: password, password: 'Short-1', formLocale: 'en' }),
    );
    expect(short.fieldErrors).toEqual({ password: 'passwordMin' });
    for (const state of [wrong, short]) {
      expect(state.values).toEqual({});
      expect(JSON.stringify(state)).not.toMatch(/Not-Mine-1|Brand-New-Passphrase-1|Short-1/);
    }
    expect(
      await redirectOf(
        actions.resetPasswordForm(
          EMPTY,
          posted({ currentPassword: password, password: 'Brand-New-Passphrase-1', formLocale: 'fr' }),
        ),
      ),
    ).toBe('/fr/login?reset=done');
  });
});
