import type { Page } from '@playwright/test';

import { dismissCookieBanner, expect, test, waitForHydration } from './fixtures';

/**
 * Issue 33 item 5 (spec audit R12): 'Loading content...' (components/layout/navigation-status.tsx) is for real
 * navigations only. A form handled in JavaScript (the chat, contact, sign-in) has no `method` in its markup, and
 * `form.method` still read 'get' for it, so each of those submits showed the bar for 10 s, over the chat's close
 * button and beside a form's field errors.
 */

/** The status stays empty for longer than it needs to appear (150 ms) and then some. */
async function expectNoStatusFor(page: Page, ms = 1500) {
  const status = page.getByTestId('navigation-status');
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    await expect(status).toHaveText('');
    await page.waitForTimeout(100);
  }
  await expect(page.getByText('Loading content...')).toHaveCount(0);
}

/**
 * Hydrated, with the status island loaded (it loads after the page: components/layout/deferred-islands.tsx), so a
 * missing bar means it was not started, not that it was not there yet.
 */
async function ready(page: Page) {
  await waitForHydration(page);
  await expect(page.getByTestId('navigation-status')).toBeAttached();
}

test.beforeEach(async ({ page }) => {
  await dismissCookieBanner(page);
});

test('sending a chat message shows no loading bar, and Close chat stays clickable', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/');
  await ready(page);
  await page.getByRole('button', { name: /Open chat with LRJN Assistant/ }).click();
  const panel = page.getByRole('dialog', { name: 'LRJN Assistant' });
  await panel.getByRole('textbox', { name: 'Your message' }).fill('What events are coming up?');
  await panel.getByRole('button', { name: 'Send' }).click();
  await expect(
    panel.getByRole('list', { name: 'LRJN Assistant' }).getByText('What events are coming up?'),
  ).toBeVisible();
  await expectNoStatusFor(page);
  // A plain click (no force): it fails if anything covers the button.
  await panel.getByRole('button', { name: 'Close chat' }).click({ timeout: 5000 });
  await expect(panel).toBeHidden();
});

test('an empty contact form shows its errors, not “Loading content...”', async ({ page }) => {
  await page.goto('/contact');
  await ready(page);
  const form = page.locator('section[aria-labelledby="contact-form-heading"] form');
  await form.getByRole('button', { name: 'Send Message' }).click();
  // Under the field (and in the error summary above the form).
  await expect(form.getByText('Name must be at least 2 characters.').first()).toBeVisible();
  await expectNoStatusFor(page);
  await expect(page).toHaveURL(/\/contact$/);
});

test('a refused sign-in shows its message, not “Loading content...”', async ({ page }) => {
  await page.goto('/login');
  await ready(page);
  await page.getByLabel('Email address').fill('nobody-here@example.org');
  await page.getByLabel('Password').fill('not the password at all');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('Wrong email or password.').first()).toBeVisible({ timeout: 15_000 });
  await expectNoStatusFor(page);
});

test('a real slow navigation still shows it until the page arrives', async ({ page }) => {
  // Contact us is never prefetched (components/layout/nav-link.tsx), so the click is what fetches it.
  await page.route(/\/contact(\?|$)/, async (route) => {
    if (route.request().isNavigationRequest()) return route.continue();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.goto('/events');
  await waitForHydration(page);
  const status = page.getByTestId('navigation-status');
  // The status is an island loaded after the page (components/layout/deferred-islands.tsx).
  await expect(status).toBeAttached();
  await expect(status).toHaveText('');
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Contact us', exact: true })
    .click();
  await expect(status).toHaveText('Loading content...');
  await expect(page).toHaveURL(/\/contact$/);
  await expect(status).toHaveText('');
});

test('a blog filter change (a client-side navigation) shows it too, and clears on arrival', async ({
  page,
}) => {
  await page.goto('/blog');
  await waitForHydration(page);
  await page.route(/\/blog\?(.*&)?sort=title/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  const status = page.getByTestId('navigation-status');
  await expect(status).toBeAttached();
  await page.getByLabel('Sort by').selectOption('title');
  await expect(status).toHaveText('Loading content...');
  await expect(page).toHaveURL(/\/blog\?sort=title$/);
  await expect(status).toHaveText('');
});
