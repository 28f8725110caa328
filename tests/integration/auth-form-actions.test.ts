import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import * as schema from '@/lib/db/schema';
import { issueFormToken } from '@/lib/forms/token';
import { SOCKET_ADDRESS_HEADER } from '@/lib/rate-limit/socket-address';

/**
 * The account forms' no-JavaScript server actions (lib/auth/actions.ts, `…Form`: React's useActionState) end to
 * end on local accounts in PGlite (memory), with Next's request APIs replaced as in auth-actions.test.ts: they
 * run the same checks as the scripted path on posted FormData, never send a password back into the page, keep
 * the typed email and name, and redirect where the scripted form goes (a `next` off the site is dropped).
 */
const jar = new Map<string, string>();
const afterTasks: (() => unknown)[] = [];
const ip = '203.0.113.10';

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
