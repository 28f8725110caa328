import type { Page } from '@playwright/test';

import { uniqueEmail } from './database';
import { axeViolationsInBothThemes, dismissCookieBanner, expect, test, waitForHydration } from './fixtures';
import { signUpConfirmed } from './mailbox';

/**
 * The back office's lists (issue 17 items 3-6, 8) in a real browser on the embedded defaults: signed out, every
 * page sends the visitor to sign in with `next` and every export answers 401; a signed-in student gets the 403
 * page and 403 from the exports; the admin (ADMIN_EMAILS, playwright.config.ts) sees a registration and a
 * newsletter signup made through the public forms, changes the registration's status, downloads the CSVs and
 * scans every page with axe in both themes.
 */

const PASSWORD = 'a long enough password';
const PAGES = ['/admin/network', '/admin/newsletter', '/admin/outbox', '/admin/logs'];

// One admin account shared by the tests (signInAsAdmin, tests/e2e/fixtures.ts): made once, then signed in to.
test.describe.configure({ mode: 'serial' });

test.beforeEach(async ({ page }) => {
  await dismissCookieBanner(page);
});

test('signed out: the pages send to sign in with next, the exports answer 401', async ({ page, request }) => {
  for (const path of PAGES) {
    await page.goto(path);
    await expect(page).toHaveURL(new RegExp(`/login\\?next=${encodeURIComponent(path)}$`));
  }
  await page.goto('/fr/admin/network');
  await expect(page).toHaveURL(/\/fr\/login\?next=%2Fadmin%2Fnetwork$/);
  for (const path of [
    '/api/admin/network/export',
    '/api/admin/newsletter/export',
    '/api/courses/00000000-0000-4000-8000-000000000000/students',
  ]) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(401);
    expect(res.headers()['cache-control']).toContain('no-store');
  }
});

/** A network registration through the community page's form (the location lookup answered locally). */
async function register(page: Page, name: string, email: string) {
  await page.route('**/api/geo', (route) =>
    route.fulfill({ json: { country: 'GB', city: 'Leeds' }, headers: { 'cache-control': 'no-store' } }),
  );
  await page.goto('/community');
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Register for free' }).click();
  const dialog = page.getByRole('dialog', { name: 'Network Registration' });
  await expect(dialog.getByLabel('City')).toHaveValue('Leeds');
  await dialog.getByLabel('Full name').fill(name);
  await dialog.getByLabel('Email address').fill(email);
  await dialog.getByLabel('Phone number').fill('0113 496 0456');
  await dialog.getByRole('radio', { name: 'Individual' }).check();
  await dialog.getByRole('checkbox', { name: 'Climate justice' }).check();
  await dialog.getByRole('checkbox', { name: 'Evenings' }).check();
  await dialog.getByRole('radio', { name: 'Intermediate' }).check();
  await dialog.getByRole('button', { name: 'Submit Registration' }).click();
  await expect(page.getByText('Registration Successful!')).toBeVisible({ timeout: 15_000 });
}

test('a student is refused; the admin lists, updates and exports', async ({
  page,
  baseURL,
  signInAsAdmin,
}) => {
  test.setTimeout(180_000);
  const student = uniqueEmail('back-office-student');
  await signUpConfirmed(page, student, 'Sam Student', PASSWORD);
  for (const path of PAGES) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(403);
    await expect(page.getByRole('heading', { level: 1, name: 'Access denied' })).toBeVisible();
  }
  for (const path of ['/api/admin/network/export', '/api/admin/newsletter/export']) {
    expect((await page.request.get(path)).status(), path).toBe(403);
  }

  const volunteerName = `Vera ${Date.now().toString(36)}`;
  const volunteerEmail = uniqueEmail('back-office-volunteer');
  await page.context().clearCookies();
  await dismissCookieBanner(page);
  await register(page, volunteerName, volunteerEmail);
  const subscriber = uniqueEmail('back-office-reader');
  const signup = await page.request.post('/api/mailchimp/subscribe', {
    headers: { origin: baseURL! },
    data: { email: subscriber },
  });
  expect(await signup.json()).toEqual({ success: true });

  await signInAsAdmin();
  await page.goto('/admin/network?interest=climate-justice');
  const row = page.getByRole('row', { name: new RegExp(volunteerName) });
  await expect(row).toContainText(volunteerEmail);
  await expect(row).toContainText('Leeds');
  await row.getByLabel(`Status of ${volunteerName}`).selectOption('welcomed');
  await row.getByRole('button', { name: new RegExp(`^Save\\s*: ${volunteerName}$`) }).click();
  await expect(page.getByRole('status')).toContainText('Status saved.');
  await expect(page).toHaveURL(/\/admin\/network\?interest=climate-justice&done=statusSaved$/);
  await expect(page.getByLabel(`Status of ${volunteerName}`)).toHaveValue('welcomed');

  const csv = await page.request.get('/api/admin/network/export?status=welcomed');
  expect(csv.status()).toBe(200);
  expect(csv.headers()['cache-control']).toBe('private, no-store');
  expect(csv.headers()['content-disposition']).toMatch(/^attachment; filename="network-registrations-/);
  const text = await csv.text();
  expect(text).toContain(`"welcomed","${volunteerName}","${volunteerEmail}","0113 496 0456"`);

  await page.goto('/admin/newsletter?status=pending');
  await expect(page.getByRole('row', { name: new RegExp(subscriber) })).toContainText(
    'Pending (not confirmed)',
  );
  const subscribers = await (await page.request.get('/api/admin/newsletter/export')).text();
  expect(subscribers).toContain(`"${subscriber}","pending","api"`);

  await page.goto('/es/admin/outbox');
  await expect(page.getByRole('heading', { level: 1, name: 'Envíos' })).toBeVisible();
  await page.goto('/admin/logs');
  await expect(page.getByRole('heading', { level: 2, name: /Blocked requests/ })).toBeVisible();
});

test('axe WCAG 2.2 AA on every back-office page, light and dark themes', async ({ page, signInAsAdmin }) => {
  test.setTimeout(120_000);
  await signInAsAdmin();
  for (const path of [...PAGES, '/admin/network?status=welcomed&done=statusSaved', '/pt/admin/newsletter']) {
    await page.goto(path);
    expect(await axeViolationsInBothThemes(page), path).toEqual([]);
  }
});
