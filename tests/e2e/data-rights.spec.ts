import { readFile } from 'node:fs/promises';

import type { Page } from '@playwright/test';

import { uniqueEmail } from './database';
import { axeViolations, dismissCookieBanner, expect, test, waitForHydration } from './fixtures';
import { signUpConfirmed } from './mailbox';

/**
 * UK GDPR data rights (issue 17 item 7): /admin/data-rights and its export handler refuse a signed-out visitor
 * (sign-in / 401) and a signed-in person without the admin role (403); a person sends the contact form and signs
 * up, an admin (ADMIN_EMAILS on server 3100) looks them up, downloads their data (the JSON holds the enquiry and
 * the account), erases it after typing the address again, and a second look-up finds nothing. axe scans the page
 * in both themes.
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

async function lookUp(page: Page, email: string) {
  await page.locator('main').getByLabel('Email address', { exact: true }).fill(email);
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

  await lookUp(page, email.toUpperCase());
  const results = page.getByTestId('data-rights-results');
  await expect(results.getByRole('heading', { name: `What we hold about ${email}` })).toBeVisible();
  await expect(results.getByText(message)).toBeVisible();
  await expect(results.getByRole('heading', { name: 'Account (1)' })).toBeVisible();
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
