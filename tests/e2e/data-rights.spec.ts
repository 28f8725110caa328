import { readFile } from 'node:fs/promises';

import type { Page } from '@playwright/test';

import { uniqueEmail } from './database';
import { E2E_ADMIN, axeViolations, dismissCookieBanner, expect, test, waitForHydration } from './fixtures';
import { signUpConfirmed } from './mailbox';

/**
 * UK GDPR data rights (issue 17 item 7): /admin/data-rights and its export handler refuse a signed-out visitor
 * (sign-in / 401) and a signed-in person without the admin role (403); a person sends the contact form and signs
 * up, an admin (ADMIN_EMAILS on server 3100) looks them up, downloads their data (the JSON holds the enquiry and
 * the account), erases it after typing the address again, and a second look-up finds nothing. Each look-up needs
 * the admin's own password (step-up). axe scans the page in both themes. The erasure and the staff page's role
 * changes also work with JavaScript disabled (plain form posts).
 */

const PASSWORD = 'a long enough password';

test.beforeEach(async ({ page }) => {
  await dismissCookieBanner(page);
});

test('signed out: the page sends the visitor to sign in and the export handler answers 401', async ({
  page,
  request,
}) => {
  await page.goto('/admin/data-rights');
  await expect(page).toHaveURL(/\/login\?next=%2Fadmin%2Fdata-rights$/);
  const response = await request.post('/api/admin/data-rights/export', { form: { email: 'a@example.org' } });
  expect(response.status()).toBe(401);
  expect(await response.json()).toEqual({ error: 'unauthenticated' });
});

async function lookUp(page: Page, email: string, password: string = E2E_ADMIN.password) {
  await page.locator('main').getByLabel('Email address', { exact: true }).fill(email);
  await page.locator('main').getByLabel('Your password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Look up' }).click();
}

test('an admin exports a person’s data, erases it, and a look-up then finds nothing', async ({
  page,
  signInAsAdmin,
}) => {
  test.setTimeout(180_000);
  const email = uniqueEmail('gdpr');
  const message = `Please tell me what you hold about me (${email}).`;

  // The person writes through the contact form, then signs up.
  await page.goto('/contact');
  await waitForHydration(page);
  const form = page.locator('section[aria-labelledby="contact-form-heading"] form');
  await form.getByLabel('Name').fill('Grace Data');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Message').fill(message);
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(form.getByRole('status')).toHaveText(
    "Thank you for your message! We'll get back to you soon.",
    {
      timeout: 20_000,
    },
  );
  await signUpConfirmed(page, email, 'Grace Data', PASSWORD);

  // Signed in without the admin role: a real 403, and the handler refuses too.
  const denied = await page.goto('/admin/data-rights');
  expect(denied?.status()).toBe(403);
  const refused = await page.evaluate(async (address) => {
    const r = await fetch('/api/admin/data-rights/export', {
      method: 'POST',
      body: new URLSearchParams({ email: address }),
    });
    return r.status;
  }, email);
  expect(refused).toBe(403);

  // The admin.
  await signInAsAdmin();
  await page.goto('/admin/data-rights');
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Data rights' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // NL2: the admin's session alone shows nothing; the address typed stays in the form.
  await lookUp(page, email, 'not the admin password');
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(
    'That password is not right. Nothing was shown or changed.',
  );
  await expect(page.locator('main').getByLabel('Email address', { exact: true })).toHaveValue(email);
  await expect(page.getByTestId('data-rights-results')).toHaveCount(0);

  await lookUp(page, email.toUpperCase());
  const results = page.getByTestId('data-rights-results');
  await expect(results.getByRole('heading', { name: `What we hold about ${email}` })).toBeVisible();
  await expect(results.getByText(message)).toBeVisible();
  await expect(results.getByRole('heading', { name: 'Account (1)' })).toBeVisible();
  // D14: the rows read as a person reads them: labels, not column names; local times, not ISO; no JSON.
  await expect(results.getByText('Forwarded to the team', { exact: true }).first()).toBeVisible();
  await expect(results).not.toContainText('forwardStatus');
  await expect(results).not.toContainText(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/);
  await expect(results).not.toContainText('{"');
  expect(await axeViolations(page)).toEqual([]);

  // The same page in the dark theme.
  await page.evaluate(() => window.localStorage.setItem('lrjn-theme', 'dark'));
  await page.reload();
  await waitForHydration(page);
  await expect(page.locator('html')).toHaveClass(/dark/);
  await lookUp(page, email);
  await expect(results.getByText(message)).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    results.getByRole('button', { name: 'Download as JSON' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^personal-data-\d{4}-\d\d-\d\d\.json$/);
  const data = JSON.parse(await readFile((await download.path())!, 'utf8')) as {
    email: string;
    enquiries: { message: string }[];
    accounts: { email: string; fullName: string }[];
  };
  expect(data.email).toBe(email);
  expect(data.enquiries.map((e) => e.message)).toEqual([message]);
  expect(data.accounts).toEqual([expect.objectContaining({ email, fullName: 'Grace Data' })]);

  // A wrong confirmation erases nothing; the right one erases everything.
  await results.getByLabel(`Type ${email} to confirm`).fill('someone-else@example.org');
  await results.getByRole('button', { name: 'Erase everything' }).click();
  await expect(results.getByRole('alert')).toHaveText(
    'The address you typed does not match. Nothing was erased.',
  );
  await results.getByLabel(`Type ${email} to confirm`).fill(email);
  await results.getByRole('button', { name: 'Erase everything' }).click();
  await expect(page.getByTestId('erase-done')).toContainText('Erased:');

  await lookUp(page, email);
  await expect(page.getByTestId('data-rights-nothing')).toHaveText('Nothing is held about this address.');
});

test('a person downloads their own data and deletes their account from the dashboard', async ({ page }) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('gdpr-self');
  await signUpConfirmed(page, email, 'Sol Self', PASSWORD);
  await page.goto('/dashboard');
  await waitForHydration(page);
  const section = page.locator('section[aria-labelledby="your-data"]');
  await expect(section.getByRole('heading', { name: 'Your data' })).toBeVisible();

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    section.getByRole('link', { name: 'Download my data (JSON)' }).click(),
  ]);
  const data = JSON.parse(await readFile((await download.path())!, 'utf8')) as {
    email: string;
    accounts: { email: string }[];
  };
  expect(data.email).toBe(email);
  expect(data.accounts.map((a) => a.email)).toEqual([email]);

  // The confirmation is a modal dialog: named, focus inside, Escape closes it and focus returns.
  const open = section.getByRole('button', { name: 'Delete my account' });
  await open.click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Your password')).toBeFocused();
  expect(await axeViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(open).toBeFocused();

  await open.click();
  await dialog.getByLabel('Your password').fill('not my password');
  await dialog.getByRole('button', { name: 'Delete my account for good' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('That password is not right.');
  await dialog.getByLabel('Your password').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Delete my account for good' }).click();
  await expect(page).toHaveURL(/\/dashboard\/deleted$/);
  await expect(page.getByTestId('account-deleted')).toHaveText(
    'Your account and your data have been deleted.',
  );
  expect(await axeViolations(page)).toEqual([]);

  // Signed out, and the account is gone: signing in fails.
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login\?next=%2Fdashboard$/);
  await waitForHydration(page);
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Wrong email or password.' })).toBeVisible();
});

test('without JavaScript: a person deletes their account from the dashboard with a plain form post', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('gdpr-self-nojs');
  await signUpConfirmed(page, email, 'Noa Self', PASSWORD);
  const context = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
    baseURL: test.info().project.use.baseURL,
  });
  try {
    const person = await context.newPage();
    await person.goto('/dashboard');
    const section = person.locator('section[aria-labelledby="your-data"]');
    // The button opens the dialog as an HTML invoker command: no script runs in this page.
    await section.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = person.getByRole('dialog', { name: 'Delete your account?' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Your password').fill('not my password');
    const posted = person.waitForRequest((request) => request.method() === 'POST');
    await dialog.getByRole('button', { name: 'Delete my account for good' }).click();
    await posted;
    // The answer shows the dialog again, with the refusal in it; the account is still there.
    await expect(dialog.getByRole('alert')).toHaveText('That password is not right.');
    await dialog.getByLabel('Your password').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Delete my account for good' }).click();
    await expect(person).toHaveURL(/\/dashboard\/deleted$/);
    await expect(person.getByTestId('account-deleted')).toHaveText(
      'Your account and your data have been deleted.',
    );
    await person.goto('/dashboard');
    await expect(person).toHaveURL(/\/login\?next=%2Fdashboard$/);
  } finally {
    await context.close();
  }
});

test('without JavaScript: an admin erases a person and changes a role with plain form posts (NL2)', async ({
  page,
  browser,
  adminStorageState,
}) => {
  test.setTimeout(180_000);
  const email = uniqueEmail('gdpr-nojs');
  const colleague = uniqueEmail('staff-nojs');
  await signUpConfirmed(page, email, 'Nora NoScript', PASSWORD);
  // Signed in as Nora now: the sign-up page would send her on, so the second person starts signed out.
  await page.context().clearCookies();
  await signUpConfirmed(page, colleague, 'Cole League', PASSWORD);

  const context = await browser.newContext({
    javaScriptEnabled: false,
    storageState: adminStorageState,
    baseURL: test.info().project.use.baseURL,
  });
  try {
    const admin = await context.newPage();
    await admin.goto('/admin/data-rights');
    await lookUp(admin, email);
    const results = admin.getByTestId('data-rights-results');
    await expect(results.getByRole('heading', { name: `What we hold about ${email}` })).toBeVisible();

    // A wrong confirmation: refused, and the form comes back with what was typed.
    const confirm = results.getByLabel(`Type ${email} to confirm`);
    await confirm.fill('someone-else@example.org');
    await results.getByRole('button', { name: 'Erase everything' }).click();
    await expect(results.getByRole('alert')).toHaveText(
      'The address you typed does not match. Nothing was erased.',
    );
    await expect(results.getByLabel(`Type ${email} to confirm`)).toHaveValue('someone-else@example.org');
    await results.getByLabel(`Type ${email} to confirm`).fill(email);
    await results.getByRole('button', { name: 'Erase everything' }).click();
    await expect(admin.getByTestId('erase-done')).toContainText('Erased:');

    // Roles: the admin's password again, on the grant form and on a listed person's change.
    await admin.goto('/admin/staff');
    const grant = admin.locator('section[aria-labelledby="staff-grant"]');
    await grant.getByLabel('Email', { exact: true }).fill(colleague);
    await grant.getByRole('combobox', { name: 'Role', exact: true }).selectOption('staff');
    await grant.getByLabel('Your password', { exact: true }).fill('not the admin password');
    await grant.getByRole('button', { name: 'Save role' }).click();
    await expect(admin.getByRole('main').getByRole('alert')).toHaveText(
      'That password is not right. Nothing was changed.',
    );
    await expect(admin.getByRole('row').filter({ hasText: colleague })).toHaveCount(0);
    await grant.getByLabel('Email', { exact: true }).fill(colleague);
    await grant.getByRole('combobox', { name: 'Role', exact: true }).selectOption('staff');
    await grant.getByLabel('Your password', { exact: true }).fill(E2E_ADMIN.password);
    await grant.getByRole('button', { name: 'Save role' }).click();
    await expect(admin.getByRole('main').getByRole('status')).toHaveText('The role was changed.');
    const row = admin.getByRole('row').filter({ hasText: colleague });
    await expect(row.getByRole('cell').nth(1)).toHaveText('staff');

    // An account with a role is not erased: it must be demoted first.
    await admin.goto('/admin/data-rights');
    await lookUp(admin, colleague);
    await admin.getByTestId('data-rights-results').getByLabel(`Type ${colleague} to confirm`).fill(colleague);
    await admin.getByTestId('data-rights-results').getByRole('button', { name: 'Erase everything' }).click();
    await expect(admin.getByTestId('data-rights-results').getByRole('alert')).toHaveText(
      'This account holds a back-office role. Remove the role on the Staff page first; nothing was erased.',
    );

    // The listed person's "Remove role" opens (a <details>, no script) and asks for the password.
    await admin.goto('/admin/staff');
    const listed = admin.getByRole('row').filter({ hasText: colleague });
    const remove = listed.locator('details', { hasText: 'Remove role' });
    await remove.locator('summary').click();
    await remove.getByLabel('Your password', { exact: true }).fill(E2E_ADMIN.password);
    await remove.getByRole('button', { name: /^Confirm/ }).click();
    await expect(admin.getByRole('main').getByRole('status')).toHaveText('The role was changed.');
    await expect(admin.getByRole('row').filter({ hasText: colleague })).toHaveCount(0);
  } finally {
    await context.close();
  }
});

test('the request log keeps what was asked, how identity was checked and the one-month deadline', async ({
  page,
  signInAsAdmin,
}) => {
  await signInAsAdmin();
  await page.goto('/admin/data-rights');
  await waitForHydration(page);
  const log = page.getByTestId('request-log');
  await log.locator('select[name="kind"]').selectOption('erasure');
  await log.locator('select[name="requester"]').selectOption('self');
  await log.locator('select[name="identityCheck"]').selectOption('address');
  await log.locator('input[name="receivedOn"]').fill('2026-01-31');
  await log.getByRole('button', { name: 'Log the request' }).click();
  await expect(log.getByRole('status')).toHaveText('The request is logged.');
  // 31 January: due the last day of February (one calendar month), overdue by now.
  const row = log.getByTestId('request-row').first();
  await expect(row).toContainText('Erasure');
  await expect(row).toContainText('A reply from the address we hold');
  await expect(row).toContainText(/February 28, 2026 \(Overdue\)/);
  expect(await axeViolations(page)).toEqual([]);
  await row.locator('select[name="outcome"]').selectOption('done');
  await row.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(log.getByRole('status')).toHaveText('The request is closed.');
  await expect(log.getByTestId('request-row').first()).toContainText(/^.*Answered on /);
  // A day in the future is refused, and nothing is logged.
  const rows = await log.getByTestId('request-row').count();
  await log.locator('input[name="receivedOn"]').evaluate((input: HTMLInputElement) => {
    input.removeAttribute('max');
    input.value = '2999-01-01';
  });
  await log.getByRole('button', { name: 'Log the request' }).click();
  await expect(log.getByRole('alert')).toHaveText(
    'Check the fields: the day received must be a real day, not in the future.',
  );
  await expect(log.getByTestId('request-row')).toHaveCount(rows);
});
