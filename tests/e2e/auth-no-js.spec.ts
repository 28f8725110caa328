import type { Page, Request } from '@playwright/test';

import { uniqueEmail } from './database';
import { expect, test } from './fixtures';
import { fieldMessage } from './form-errors';
import { mailTo, mailedConfirmLink } from './mailbox';

/**
 * The account forms without JavaScript (and before hydration): each posts to its server action (progressive
 * enhancement), never a GET that would put the password in the address, history and proxy logs. The server
 * validates, answers with translated field messages and keeps what was typed (never a password); on success it
 * does what the scripted form does (the next page, or the 'sent' message). The spam guard and the sign-in limits
 * hold on this path too.
 */

const PASSWORD = 'a long enough password';
/** The spam guard's minimum fill time (lib/forms/token.ts MIN_FILL_MS), with slack. */
const FILL_TIME_MS = 3_300;
/** The Spanish refusal of a filled honeypot (Forms.spam). */
const SPAM_ES = 'No hemos podido aceptar tu envío';

test.use({ javaScriptEnabled: false });

type Sent = { method: string; url: string; followed: boolean };

/** Every document request the page makes from now on (`followed`: the browser following a redirect). */
function documentRequests(page: Page): Sent[] {
  const seen: Sent[] = [];
  page.on('request', (request: Request) => {
    if (request.resourceType() === 'document')
      seen.push({
        method: request.method(),
        url: request.url(),
        followed: request.redirectedFrom() !== null,
      });
  });
  return seen;
}

/** The last request the page itself made (not a redirect it followed). */
const lastSent = (seen: Sent[]) => seen.filter((r) => !r.followed).at(-1);

/** The last submission was a POST, and no address the page asked for holds a password or `secret`. */
function expectPostedWithout(seen: Sent[], secret: string) {
  expect(lastSent(seen)?.method, 'the form was posted').toBe('POST');
  for (const r of seen) {
    expect(new URL(r.url).searchParams.has('password')).toBe(false);
    expect(decodeURIComponent(r.url)).not.toContain(secret);
  }
}

/** The form holding the button named `button`. */
const formWith = (page: Page, button: string) =>
  page.locator('form', { has: page.getByRole('button', { name: button, exact: true }) });

/**
 * A confirmed account, made without JavaScript from start to end: the sign-up form, then the emailed link's
 * confirmation page and its button. Leaves the page signed out.
 */
async function confirmedAccount(page: Page, name: string): Promise<string> {
  const email = uniqueEmail('nojs');
  await page.goto('/login?mode=signup');
  await page.waitForTimeout(FILL_TIME_MS);
  await page.getByLabel('Full name').fill(name);
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).last().click();
  await expect(page).toHaveURL(/\/email-confirmation$/, { timeout: 20_000 });
  await page.goto(await mailedConfirmLink(email));
  await page.locator('form:has(input[name="token_hash"]) button[type="submit"]').click();
  await expect(page).toHaveURL(/\/login\?confirmed=1/, { timeout: 20_000 });
  await expect(page.getByText(`You are signed in as ${name}.`)).toBeVisible();
  await page.context().clearCookies();
  return email;
}

async function signInWithoutScript(page: Page, email: string, password: string, path = '/login') {
  await page.goto(path);
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

test('D1: sign-in without JavaScript posts; a wrong password is refused, the email kept, the password not', async ({
  page,
}) => {
  const seen = documentRequests(page);
  const email = uniqueEmail('nojs-wrong');
  await page.goto('/login');
  await expect(formWith(page, 'Sign in')).toHaveAttribute('method', /^post$/i);
  await page.getByLabel('Email address').fill('not an address');
  await page.getByLabel('Password').fill('Typed-Without-Script-1');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(fieldMessage(page, 'Please enter a valid email address')).toBeVisible();
  expectPostedWithout(seen, 'Typed-Without-Script-1');
  await expect(page.getByLabel('Email address')).toHaveValue('not an address');
  await expect(page.getByLabel('Password')).toHaveValue('');
  expect(await page.content()).not.toContain('Typed-Without-Script-1');

  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill('Typed-Without-Script-2');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Wrong email or password.' })).toBeVisible();
  expectPostedWithout(seen, 'Typed-Without-Script-2');
  await expect(page.getByLabel('Email address')).toHaveValue(email);
  await expect(page.getByLabel('Password')).toHaveValue('');
  expect(await page.content()).not.toContain('Typed-Without-Script-2');
});

test.describe('sign-in limits', () => {
  // Server 3101 takes the client address from this header: the attempts count against a client of their own.
  test.use({
    baseURL: 'http://localhost:3101',
    extraHTTPHeaders: { 'x-test-client-ip': `198.51.100.${Math.floor(Math.random() * 250) + 1}` },
  });

  test('D1: the sign-in limits hold without JavaScript', async ({ page }) => {
    const email = uniqueEmail('nojs-limit');
    await page.goto('/login');
    // 10 attempts per account and client in 15 minutes (lib/auth/limits.ts); the 11th is refused unchecked.
    for (let attempt = 0; attempt < 10; attempt += 1) {
      await page.getByLabel('Email address').fill(email);
      await page.getByLabel('Password').fill(`wrong password ${attempt}`);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await expect(page.getByRole('alert').filter({ hasText: 'Wrong email or password.' })).toBeVisible();
    }
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password').fill('wrong password 10');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: /Too many attempts/ })).toBeVisible();
  });
});

test('D1: sign-in without JavaScript signs in and goes to the `next` page; Logout posts too', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const email = await confirmedAccount(page, 'Nora Noscript');
  const seen = documentRequests(page);
  await signInWithoutScript(page, email, PASSWORD, '/login?next=%2Fcourses');
  await expect(page).toHaveURL(/\/courses$/);
  expectPostedWithout(seen, PASSWORD);
  await page.goto('/login');
  await expect(page.getByText('You are signed in as Nora Noscript.')).toBeVisible();

  // Signed in, /login offers Logout, a form that posts too and lands on the home page signed out.
  await expect(formWith(page, 'Logout')).toHaveAttribute('method', /^post$/i);
  await page.getByRole('button', { name: 'Logout' }).click();
  expect(lastSent(seen)?.method).toBe('POST');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
});

test('D1: sign-up without JavaScript: translated errors keep the typed name and email; then the email arrives', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const seen = documentRequests(page);
  const email = uniqueEmail('nojs-signup');
  await page.goto('/es/login?mode=signup');
  await expect(formWith(page, 'Crear cuenta').last()).toHaveAttribute('method', /^post$/i);

  // The spam guard holds here too (a filled honeypot is refused), and nothing typed is lost.
  await page.getByLabel('Nombre completo').fill('A');
  await page.getByLabel('Correo electrónico').fill('nope');
  await page.getByLabel('Contraseña').fill('short-1');
  await page.locator('input[name="website_url"]').fill('https://spam.example', { force: true });
  await page.getByRole('button', { name: 'Crear cuenta' }).last().click();
  await expect(page.getByRole('alert').filter({ hasText: SPAM_ES })).toBeVisible();
  expectPostedWithout(seen, 'short-1');
  await expect(page.getByLabel('Nombre completo')).toHaveValue('A');

  await page.waitForTimeout(FILL_TIME_MS);
  await page.getByLabel('Contraseña').fill('short-1');
  await page.getByRole('button', { name: 'Crear cuenta' }).last().click();
  await expect(fieldMessage(page, 'El nombre debe tener al menos 2 caracteres')).toBeVisible();
  await expect(fieldMessage(page, 'Introduce un correo electrónico válido')).toBeVisible();
  await expect(fieldMessage(page, 'La contraseña debe tener al menos 8 caracteres')).toBeVisible();
  expectPostedWithout(seen, 'short-1');
  await expect(page.getByLabel('Nombre completo')).toHaveValue('A');
  await expect(page.getByLabel('Correo electrónico')).toHaveValue('nope');
  await expect(page.getByLabel('Contraseña')).toHaveValue('');
  expect(await page.content()).not.toContain('short-1');

  await page.getByLabel('Nombre completo').fill('Ana Sinscript');
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña').fill(PASSWORD);
  await page.getByRole('button', { name: 'Crear cuenta' }).last().click();
  await expect(page).toHaveURL(/\/es\/email-confirmation$/, { timeout: 20_000 });
  expectPostedWithout(seen, PASSWORD);
  expect(new URL(await mailedConfirmLink(email), 'http://x').searchParams.get('locale')).toBe('es');

  // Resend the confirmation link, without JavaScript. The page is static, so its form has no fill-time token
  // yet: the first post is answered with one, the field's message and what was typed; the next one sends.
  const before = (await mailTo(email)).length;
  await page.getByLabel('Correo electrónico').fill('still nope');
  await page.getByRole('button', { name: 'Reenviar el correo de confirmación' }).click();
  await expect(fieldMessage(page, 'Introduce un correo electrónico válido')).toBeVisible();
  expect(lastSent(seen)?.method).toBe('POST');
  await expect(page.getByLabel('Correo electrónico')).toHaveValue('still nope');
  await page.waitForTimeout(FILL_TIME_MS);
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByRole('button', { name: 'Reenviar el correo de confirmación' }).click();
  await expect(page.getByText(/el nuevo enlace ya va de camino/)).toBeVisible();
  await expect.poll(async () => (await mailTo(email)).length, { timeout: 15_000 }).toBeGreaterThan(before);
});

test('D1: forgot password and a new password without JavaScript', async ({ page }) => {
  test.setTimeout(90_000);
  const email = await confirmedAccount(page, 'Rita Reset');
  const seen = documentRequests(page);

  // Forgot password: the emailed link is asked for without a script.
  await page.goto('/login?mode=forgot');
  await expect(formWith(page, 'Send reset link')).toHaveAttribute('method', /^post$/i);
  await page.waitForTimeout(FILL_TIME_MS);
  await page.getByLabel('Email address').fill('nobody at all');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(fieldMessage(page, 'Please enter a valid email address')).toBeVisible();
  await expect(page.getByLabel('Email address')).toHaveValue('nobody at all');
  expect(lastSent(seen)?.method).toBe('POST');
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('If an account exists for that address')).toBeVisible();
  await expect
    .poll(async () => (await mailedConfirmLink(email)).includes('type=recovery'), { timeout: 15_000 })
    .toBe(true);

  // Signed in, a new password needs the current one; a wrong one is refused and no password comes back.
  await signInWithoutScript(page, email, PASSWORD);
  await expect(page).toHaveURL(/^http:\/\/[^/]+\/$/);
  await page.goto('/login?mode=reset');
  await expect(formWith(page, 'Save new password')).toHaveAttribute('method', /^post$/i);
  await page.getByLabel('Current password').fill('not my password 1');
  await page.getByLabel('New password').fill('another long password');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Your current password is not correct.' }),
  ).toBeVisible();
  expectPostedWithout(seen, 'another long password');
  await expect(page.getByLabel('Current password')).toHaveValue('');
  await expect(page.getByLabel('New password')).toHaveValue('');
  expect(await page.content()).not.toContain('not my password 1');

  await page.getByLabel('Current password').fill(PASSWORD);
  await page.getByLabel('New password').fill('another long password');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page).toHaveURL(/\/login\?reset=done$/, { timeout: 20_000 });
  expectPostedWithout(seen, 'another long password');
  await page.context().clearCookies();
  await signInWithoutScript(page, email, 'another long password');
  await expect(page).toHaveURL(/^http:\/\/[^/]+\/$/);
});

test.describe('before hydration', () => {
  test.use({ javaScriptEnabled: true });

  test('D1: the sign-in form submitted before the app scripts arrive posts, never a GET with the password', async ({
    page,
  }) => {
    await page.addInitScript(() => window.localStorage.setItem('gdpr-consent', 'declined'));
    // Scripts from /_next are held back, so this is the server HTML with only the inline scripts run.
    await page.route('**/_next/static/chunks/*.js', () => undefined);
    const seen = documentRequests(page);
    await page.goto('/login', { waitUntil: 'domcontentloaded' });
    await page.getByLabel('Email address').fill('fast@example.org');
    await page.getByLabel('Password').fill('Typed-Before-Hydration-1');
    const sent = page.waitForRequest((r) => r.resourceType() === 'document');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    const request = await sent;
    expect(request.method()).toBe('POST');
    expect(request.url()).not.toContain('Typed-Before-Hydration-1');
    await page.waitForLoadState('domcontentloaded');
    expect(page.url()).not.toContain('password');
    expectPostedWithout(seen, 'Typed-Before-Hydration-1');
  });
});
