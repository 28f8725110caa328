import type { Page } from '@playwright/test';

import { uniqueEmail } from './database';
import { dismissCookieBanner, expect, test, waitForHydration } from './fixtures';

/**
 * The back office's layout and forms (issue 34; D4 and D10 of the back-office review):
 * - every page of the admin's navigation, and an enquiry's own page, fits the window at 390 and 1280 px: the page
 *   never scrolls sideways (`document.scrollingElement.scrollWidth <= innerWidth`), even with a long unbroken word in
 *   the data (an enquiry's message and sender, a subscriber's address); wide tables scroll inside their own box;
 * - a double-clicked StaffForm runs its operation once: one note in the enquiry's history.
 */

/** A word no line break fits: 240 letters. */
const LONG = `Unbroken${'x'.repeat(232)}`;

test.beforeEach(async ({ page }) => {
  await dismissCookieBanner(page);
});

/** The page's horizontal overflow in CSS pixels (0 when it fits the window). */
async function overflow(page: Page): Promise<number> {
  return page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth);
}

/** An enquiry through the contact form whose message and name hold the long word. */
async function longEnquiry(page: Page, email: string) {
  await page.goto('/contact');
  await waitForHydration(page);
  const form = page.locator('section[aria-labelledby="contact-form-heading"] form');
  await form.getByLabel('Name').fill(`Lou ${LONG.slice(0, 60)}`);
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Message').fill(`Before ${LONG} after.`);
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(form.getByRole('status')).toHaveText(
    /Your message has been saved to our database\.|Thank you for your message!/,
    { timeout: 20_000 },
  );
}

test('no back-office page overflows the window at 390 and 1280 px, long words in the data included', async ({
  page,
  baseURL,
  signInAsAdmin,
}) => {
  test.setTimeout(240_000);
  const email = uniqueEmail('layout');
  await longEnquiry(page, email);
  // A subscriber whose address is one long word (64 letters before the @, the most an address allows).
  const subscriber = `${'l'.repeat(64 - 'layout'.length)}layout@example.org`;
  const signup = await page.request.post('/api/mailchimp/subscribe', {
    headers: { origin: baseURL! },
    data: { email: subscriber },
  });
  expect(signup.ok()).toBe(true);

  await signInAsAdmin();
  await page.goto(`/admin/enquiries?q=${encodeURIComponent(email)}`);
  const nav = page.getByRole('navigation', { name: 'Back office' });
  const paths = await nav
    .getByRole('link')
    .evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
  expect(paths).toEqual(expect.arrayContaining(['/admin/enquiries', '/admin/network', '/admin/logs']));
  await page.getByRole('link', { name: /^Lou / }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Enquiry: Lou');
  paths.push(new URL(page.url()).pathname, `/admin/enquiries?q=${encodeURIComponent(email)}`);

  const found: string[] = [];
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    for (const path of paths) {
      await page.goto(path);
      const over = await overflow(page);
      if (over > 0) found.push(`${path} at ${width} px: ${over} px too wide`);
    }
  }
  expect(found).toEqual([]);
});

test('a double-clicked staff form runs once: one note', async ({ page, signInAsAdmin }) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('double');
  await longEnquiry(page, email);
  await signInAsAdmin();
  await page.goto(`/admin/enquiries?q=${encodeURIComponent(email)}`);
  await page.getByRole('link', { name: /^Lou / }).click();
  await waitForHydration(page);
  const note = `Called back (${Date.now().toString(36)})`;
  await page.getByLabel('Note', { exact: true }).fill(note);
  await page.getByRole('button', { name: 'Add note' }).dblclick();
  await expect(page.getByRole('main').getByRole('status')).toHaveText('The note was added.');
  await expect(page.locator('#enquiry-history ~ *').getByText(note)).toHaveCount(1);
  await page.reload();
  await expect(page.locator('#enquiry-history ~ *').getByText(note)).toHaveCount(1);
});
