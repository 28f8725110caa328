import type { Page } from '@playwright/test';

import { uniqueEmail } from './database';
import { dismissCookieBanner, expect, test, waitForHydration } from './fixtures';
import { signUpConfirmed } from './mailbox';

/**
 * A connection lost while a form or button sends (spec audit CO10 and VR8, issue 33): the server action's POST is
 * aborted in the browser, so the call rejects ('Failed to fetch') instead of answering. The page must stay, with
 * the spec's failure toast and everything typed; never the error screen ('Something went wrong').
 */

test.beforeEach(async ({ page }) => dismissCookieBanner(page));

/**
 * Aborts every server-action POST (the `Next-Action` header marks them) while on; returns a switch to let them
 * through again. Counts the aborted ones, so a test can prove the action was really attempted.
 */
async function cutServerActions(page: Page) {
  const state = { on: true, aborted: 0 };
  await page.route('**/*', async (route) => {
    const request = route.request();
    if (state.on && request.method() === 'POST' && (await request.headerValue('next-action'))) {
      state.aborted += 1;
      await route.abort('internetdisconnected');
    } else await route.fallback();
  });
  return state;
}

const toast = (page: Page) => page.locator('[data-sonner-toast]');

async function expectNoErrorScreen(page: Page) {
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toHaveCount(0);
}

test('VR8: registration with the connection cut shows the spec toast, keeps the dialog and every value', async ({
  page,
}) => {
  await page.route('**/api/geo', (route) =>
    route.fulfill({ json: { country: 'GB', city: 'Leeds' }, headers: { 'cache-control': 'no-store' } }),
  );
  await page.goto('/community');
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Register for free' }).click();
  const dialog = page.getByRole('dialog', { name: 'Network Registration' });
  await expect(dialog.getByLabel('City')).toHaveValue('Leeds');
  await dialog.getByLabel('Full name').fill('Ada Lovelace Byron');
  await dialog.getByLabel('Email address').fill(uniqueEmail('cut-registration'));
  await dialog.getByLabel('Phone number').fill('0113 496 0123');
  await dialog.getByRole('radio', { name: 'Individual Member' }).check();
  await dialog.getByRole('checkbox', { name: 'Climate justice' }).check();
  await dialog.getByRole('checkbox', { name: 'Evenings' }).check();
  await dialog.getByLabel('Skills (optional)').fill('translation');
  const cut = await cutServerActions(page);
  await dialog.getByRole('button', { name: 'Submit Registration' }).click();
  await expect(
    toast(page).filter({ hasText: 'There was a problem submitting your registration. Please try again.' }),
  ).toBeVisible({ timeout: 15_000 });
  await expect(toast(page).filter({ hasText: 'Error' }).first()).toBeVisible();
  expect(cut.aborted).toBeGreaterThan(0);
  await expectNoErrorScreen(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Submit Registration' })).toBeEnabled();
  await expect(dialog.getByLabel('Full name')).toHaveValue('Ada Lovelace Byron');
  await expect(dialog.getByLabel('Phone number')).toHaveValue('0113 496 0123');
  await expect(dialog.getByRole('radio', { name: 'Individual Member' })).toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: 'Climate justice' })).toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: 'Evenings' })).toBeChecked();
  await expect(dialog.getByLabel('Skills (optional)')).toHaveValue('translation');
  await expect(dialog.getByLabel('City')).toHaveValue('Leeds');
  await expect(dialog.getByLabel('Country')).toHaveValue('GB');
});

test('contact with the connection cut keeps the page and what was typed, and says how to reach the team', async ({
  page,
}) => {
  await page.goto('/contact');
  await waitForHydration(page);
  const form = page.locator('section[aria-labelledby="contact-form-heading"] form');
  await form.getByLabel('Name').fill('Playwright Tester');
  await form.getByLabel('Email').fill('cut@example.org');
  await form.getByLabel('Message').fill('A message that never reaches the server.');
  const cut = await cutServerActions(page);
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(form.getByRole('status')).toHaveText(
    /^Failed to send message\. Please try again later or contact us directly at /,
    {
      timeout: 15_000,
    },
  );
  expect(cut.aborted).toBeGreaterThan(0);
  await expectNoErrorScreen(page);
  await expect(form.getByLabel('Name')).toHaveValue('Playwright Tester');
  await expect(form.getByLabel('Email')).toHaveValue('cut@example.org');
  await expect(form.getByLabel('Message')).toHaveValue('A message that never reaches the server.');
  await expect(form.getByRole('button', { name: 'Send Message' })).toBeEnabled();
});

test('newsletter with the connection cut shows the spec toast and keeps the address', async ({ page }) => {
  await page.goto('/');
  await waitForHydration(page);
  const form = page.locator('#newsletter form');
  const email = form.getByRole('textbox', { name: 'Email address' });
  await email.fill('cut-news@example.org');
  const cut = await cutServerActions(page);
  await form.getByRole('button', { name: 'Subscribe' }).click();
  await expect(
    toast(page).filter({ hasText: 'There was an error subscribing to the newsletter. Please try again.' }),
  ).toBeVisible({ timeout: 15_000 });
  expect(cut.aborted).toBeGreaterThan(0);
  await expectNoErrorScreen(page);
  await expect(page).toHaveURL('/');
  await expect(email).toBeEnabled();
  await expect(email).toHaveValue('cut-news@example.org');
});

test('CO10: Enrol and Mark complete with the connection cut show the spec toasts and keep the page', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const course = '/courses/7c1d0a52-3b8e-4f0e-9a61-0d5e2f8b1a01';
  await signUpConfirmed(page, uniqueEmail('cut-course'), 'Cut Connection', 'a long enough password');
  await page.goto(course);
  await waitForHydration(page);
  const enrol = page.getByRole('button', { name: 'Enrol for free' });
  await expect(enrol).toBeVisible();
  const cut = await cutServerActions(page);
  await enrol.click();
  await expect(toast(page).filter({ hasText: 'Failed to create enrollment. Please try again.' })).toBeVisible(
    {
      timeout: 15_000,
    },
  );
  expect(cut.aborted).toBeGreaterThan(0);
  await expectNoErrorScreen(page);
  await expect(page).toHaveURL(course);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Unlearning Racism: an introduction' }),
  ).toBeVisible();
  await expect(enrol).toBeEnabled();

  // With the connection back, enrol, then lose it again on the first lesson.
  cut.on = false;
  await enrol.click();
  await expect(page).toHaveURL(`${course}/learn`, { timeout: 20_000 });
  const current = page.getByRole('navigation', { name: 'Course contents' }).locator('a[aria-current="page"]');
  const title = (await current.textContent())?.trim();
  await expect(page.getByRole('heading', { level: 2, name: title! })).toBeVisible();
  await waitForHydration(page);
  cut.on = true;
  const before = cut.aborted;
  await page.getByRole('button', { name: 'Mark complete' }).click();
  await expect(toast(page).filter({ hasText: 'Failed to update progress. Please try again.' })).toBeVisible({
    timeout: 15_000,
  });
  expect(cut.aborted).toBeGreaterThan(before);
  await expectNoErrorScreen(page);
  await expect(page.getByRole('heading', { level: 2, name: title! })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mark complete' })).toBeEnabled();
});
