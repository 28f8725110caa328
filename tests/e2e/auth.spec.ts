import { projectDatabase, uniqueEmail } from './database';
import { axeViolations, dismissCookieBanner, expect, test, useTheme, waitForHydration } from './fixtures';
import { errorSummary, fieldMessage } from './form-errors';
import { MAIL_POLL_INTERVALS, mailTo, mailedConfirmLink, openEmailLink, signUpConfirmed } from './mailbox';

/**
 * Accounts (issue 7, docs/SPEC-NOTES.md §2 /login and /email-confirmation, §4 Session): sign-up lands on "Check your inbox";
 * signing in before confirming says so (with a resend link); a wrong password gets the one wrong-credentials
 * message; a bad emailed link is refused. The confirmation link is read from the email the site wrote to its mail
 * folder (`.data/mail`: no SMTP configured) and the whole path runs: confirm → signed in → user menu by keyboard →
 * logout → home. On the `postgres` project the test also checks that the outbox row keeps that link redacted.
 */

const PASSWORD = 'a long enough password';

test.beforeEach(async ({ page }) => {
  await dismissCookieBanner(page);
});

async function signUp(page: import('@playwright/test').Page, email: string) {
  await page.goto('/login?mode=signup');
  await waitForHydration(page);
  await page.getByLabel('Full name').fill('Ada Tester');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/email-confirmation$/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Check your inbox' })).toBeVisible();
}

async function signIn(page: import('@playwright/test').Page, email: string, password: string) {
  await page.goto('/login');
  await waitForHydration(page);
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

test('sign-up asks to confirm the email, and sign-in says the address is unconfirmed @postgres', async ({
  page,
}, info) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('auth-e2e');
  await signUp(page, email);

  await signIn(page, email, PASSWORD);
  const alert = page.getByRole('alert').filter({ hasText: 'Please confirm your email address first' });
  await expect(alert).toBeVisible();
  await expect(alert.getByRole('link', { name: 'Send the confirmation link again' })).toHaveAttribute(
    'href',
    '/email-confirmation',
  );

  const link = await mailedConfirmLink(email);
  const sql = projectDatabase(info);
  if (sql) {
    try {
      const rows = await sql<{ text: string }[]>`
        select payload->>'text' as text from outbox
        where kind = 'auth.email' and payload->>'to' = ${email} order by created_at desc limit 1`;
      // The stored copy never holds a working link (a dump or backup cannot replay it): only the mail does.
      const token = new URL(link, 'http://x').searchParams.get('token_hash')!;
      expect(rows[0]?.text, 'the outbox row holds the link redacted').toContain('token_hash=[redacted]');
      expect(rows[0]?.text).not.toContain(token);
    } finally {
      await sql.end();
    }
  }
  // A mail scanner or link preview fetching the link spends nothing (NL5): the page only offers a button.
  const preview = await page.request.get(link);
  expect(preview.status()).toBe(200);
  await openEmailLink(page, link);
  await expect(page).toHaveURL(/\/login\?confirmed=1$/);
  await expect(page.getByRole('status').filter({ hasText: 'Your email address is confirmed' })).toBeVisible();
  await waitForHydration(page);

  const menuButton = page.getByRole('button', { name: /Account menu: Signed in as Ada Tester/ });
  await expect(menuButton).toBeVisible();
  await menuButton.focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Dashboard' })).toBeFocused();
  await expect(page.getByRole('menuitem', { name: 'Create Course' })).toHaveCount(0);
  await expect(page.getByRole('menuitem', { name: 'Back office' })).toHaveCount(0);
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Logout' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menuButton).toBeFocused();
  await expect(menuButton).toHaveAttribute('aria-expanded', 'false');

  await menuButton.click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Sign in' }).first()).toBeVisible();
  const session = await page.request.get('/api/session');
  expect(await session.json()).toEqual({ signedIn: false, isAdmin: false });
});

test('signing up from a page that asked to sign in: a French email whose link leads back there', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('auth-next');
  await page.goto('/fr/login?next=%2Fcourses');
  await waitForHydration(page);
  await page.getByRole('link', { name: 'Créer un compte' }).click();
  await expect(page).toHaveURL(/\/fr\/login\?mode=signup&next=%2Fcourses$/);
  await waitForHydration(page);
  await page.getByLabel('Nom complet').fill('Zoé Testeuse');
  await page.getByLabel('Adresse e-mail').fill(email);
  await page.getByLabel('Mot de passe').fill(PASSWORD);
  await page.getByRole('button', { name: 'Créer un compte' }).last().click();
  await expect(page).toHaveURL(/\/fr\/email-confirmation$/, { timeout: 20_000 });

  const link = await mailedConfirmLink(email);
  const [mail] = await mailTo(email);
  expect(mail!.text).toMatch(/^Bonjour Zoé Testeuse,/);
  expect(mail!.text).toContain('ce lien\u00a0:');
  expect(new URL(link, 'http://x').searchParams.get('locale')).toBe('fr');
  expect(new URL(link, 'http://x').searchParams.get('next')).toBe('/courses');

  await page.goto(link);
  await expect(page).toHaveURL(/\/fr\/auth\/confirm\?/);
  await expect(page.getByRole('button', { name: 'Confirmer mon adresse e-mail' })).toBeVisible();
  await openEmailLink(page, link);
  await expect(page).toHaveURL(/\/fr\/login\?confirmed=1&next=%2Fcourses$/);
  await page.getByRole('link', { name: 'Continuer' }).click();
  await expect(page).toHaveURL(/\/fr\/courses$/);
  await expect(page.getByRole('button', { name: /Zoé Testeuse/ })).toBeVisible();
});

test('a wrong password or unknown email gets one message', async ({ page }) => {
  await signIn(page, uniqueEmail('nobody'), 'not the password');
  await expect(page.getByRole('alert').filter({ hasText: 'Wrong email or password.' })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('field rules are checked in the browser, translated', { tag: '@browser-only' }, async ({ page }) => {
  await page.goto('/es/login?mode=signup');
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Crear cuenta' }).last().click();
  await expect(fieldMessage(page, 'El nombre debe tener al menos 2 caracteres')).toBeVisible();
  await expect(fieldMessage(page, 'Introduce un correo electrónico válido')).toBeVisible();
  await expect(fieldMessage(page, 'La contraseña debe tener al menos 8 caracteres')).toBeVisible();
  await expect(errorSummary(page).getByRole('heading', { name: 'Hay un problema' })).toBeVisible();
  await expect(errorSummary(page)).toBeFocused();
});

test('an invalid emailed link is refused with a clear message', async ({ page }) => {
  await openEmailLink(page, '/auth/confirm?token_hash=not-a-real-token&type=signup');
  await expect(page).toHaveURL(/\/login\?error=link$/);
  await expect(
    page.getByRole('alert').filter({ hasText: 'This link is invalid, already used or expired' }),
  ).toBeVisible();
});

test('a password change needs the current password when signed in, not after the emailed link @postgres', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('auth-change');
  await signUpConfirmed(page, email, 'Pat Changer', PASSWORD);
  // Production cookies: the session cookie carries the __Host- prefix (Secure, Path=/, no Domain).
  const session = (await page.context().cookies()).find((c) => c.name === '__Host-lrjn_session');
  expect(session).toMatchObject({ secure: true, httpOnly: true, path: '/', sameSite: 'Lax' });

  await page.goto('/login?mode=reset');
  await waitForHydration(page);
  await page.getByLabel('Current password').fill('not my password 1');
  await page.getByLabel('New password').fill('another long password');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Your current password is not correct.' }),
  ).toBeVisible();
  await page.getByLabel('Current password').fill(PASSWORD);
  await page.getByLabel('New password').fill('password123');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(fieldMessage(page, 'This password is too common and easy to guess.')).toBeVisible();
  await page.getByLabel('New password').fill('another long password');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page).toHaveURL(/\/login\?reset=done$/, { timeout: 20_000 });
  await expect
    .poll(async () => (await mailTo(email)).some((m) => m.text.includes('was just changed')), {
      message: 'the password-changed notice',
      timeout: 15_000,
      intervals: MAIL_POLL_INTERVALS,
    })
    .toBe(true);

  // Signed out, the emailed recovery link opens a form that asks for the new password only.
  await page.context().clearCookies({ name: '__Host-lrjn_session' });
  await page.goto('/login?mode=forgot');
  await waitForHydration(page);
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('If an account exists for that address')).toBeVisible();
  let link = '';
  await expect
    .poll(async () => (link = await mailedConfirmLink(email)).includes('type=recovery'), {
      timeout: 15_000,
      intervals: MAIL_POLL_INTERVALS,
    })
    .toBe(true);
  await openEmailLink(page, link);
  await expect(page).toHaveURL(/\/login\?mode=reset$/);
  await waitForHydration(page);
  await expect(page.getByLabel('Current password')).toHaveCount(0);
  await page.getByLabel('New password').fill('a third long password');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page).toHaveURL(/\/login\?reset=done$/, { timeout: 20_000 });
});

test('the session endpoint answers signed out, uncached', { tag: '@browser-only' }, async ({ request }) => {
  const res = await request.get('/api/session');
  expect(res.status()).toBe(200);
  expect(res.headers()['cache-control']).toContain('no-store');
  expect(await res.json()).toEqual({ signedIn: false, isAdmin: false });
});

// The sign-in form (/login) and /email-confirmation are scanned in both themes by a11y.spec.ts; here, the other two
// states of the /login template.
for (const theme of ['light', 'dark'] as const) {
  for (const path of ['/login?mode=signup', '/login?mode=forgot']) {
    test(`axe: ${path} in the ${theme} theme has no WCAG A/AA violations`, async ({ page }) => {
      await useTheme(page, theme);
      await page.goto(path);
      await waitForHydration(page);
      expect(await axeViolations(page)).toEqual([]);
    });
  }
}
