import type { Page } from '@playwright/test';

import { uniqueEmail } from './database';
import { axeViolations, dismissCookieBanner, expect, test, waitForHydration } from './fixtures';
import { mailTo, MAIL_POLL_INTERVALS, signUpConfirmed } from './mailbox';

/**
 * One record per person (issue 34, back-office review §3 item 1): one address sends an enquiry, registers with the
 * network, subscribes to the newsletter (and confirms) and signs up and enrols in a course; the back office then
 * shows all of it on one page, reached from the inbox row's person link (or, where the inbox has none, from the
 * people search), by a ref in the URL, never the address. A signed-in person without a role gets a 403.
 */

const UNLEARNING = {
  id: '7c1d0a52-3b8e-4f0e-9a61-0d5e2f8b1a01',
  title: 'Unlearning Racism: an introduction',
};

test.beforeEach(async ({ page }) => dismissCookieBanner(page));

async function sendEnquiry(page: Page, name: string, email: string, message: string) {
  await page.goto('/contact');
  await waitForHydration(page);
  const form = page.locator('section[aria-labelledby="contact-form-heading"] form');
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Message').fill(message);
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(form.getByRole('status')).toHaveText(
    "Thank you for your message! We'll get back to you soon.",
    {
      timeout: 20_000,
    },
  );
}

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
  await dialog.getByLabel('Phone number').fill('+44 113 496 0123');
  await dialog.getByRole('radio', { name: 'Individual Member' }).check();
  await dialog.getByRole('checkbox', { name: 'Climate justice' }).check();
  await dialog.getByRole('checkbox', { name: 'Evenings' }).check();
  await dialog.getByRole('button', { name: 'Submit Registration' }).click();
  await expect(page.getByText('Registration Successful!')).toBeVisible({ timeout: 15_000 });
}

async function subscribe(page: Page, email: string) {
  await page.goto('/');
  await waitForHydration(page);
  const form = page.locator('#newsletter form');
  await form.getByRole('textbox', { name: 'Email address' }).fill(email);
  await form.getByRole('button', { name: 'Subscribe' }).click();
  await page.waitForURL(/\/thank-you\?/);
  let link: string | undefined;
  await expect
    .poll(
      async () =>
        (link = (await mailTo(email))
          .map((m) => /https?:\/\/\S+\/newsletter\/confirm\?token=\S+/.exec(m.text)?.[0])
          .find(Boolean)),
      { message: `the newsletter confirmation to ${email}`, timeout: 15_000, intervals: MAIL_POLL_INTERVALS },
    )
    .toBeTruthy();
  const url = new URL(link!);
  await page.goto(`${url.pathname}${url.search}`);
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Confirm my subscription' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'You are subscribed!' })).toBeVisible();
}

test('one address: enquiry, registration, subscription, account and course on one person page', async ({
  page,
  signInAsAdmin,
}) => {
  test.setTimeout(240_000);
  const email = uniqueEmail('person');
  const name = 'Pat Personpage';
  const message = `Everything about me on one page (${email}).`;

  // The enquiry typed with a capital: the record is gathered by the normalised address.
  await sendEnquiry(
    page,
    name,
    email.replace(/^./, (c) => c.toUpperCase()),
    message,
  );
  await register(page, name, email);
  await subscribe(page, email);
  await signUpConfirmed(page, email, name, 'a long enough password');
  await page.goto(`/courses/${UNLEARNING.id}`);
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Enrol for free' }).click();
  await expect(page).toHaveURL(`/courses/${UNLEARNING.id}/learn`, { timeout: 20_000 });

  // Signed in without a role: the people pages are refused.
  expect((await page.goto('/admin/people'))?.status()).toBe(403);

  // Staff (the e2e admin): from the inbox row, or else the people search, to the person page.
  await signInAsAdmin();
  await page.goto(`/admin/enquiries?q=${encodeURIComponent(email)}`);
  const personLink = page.locator('main a[href*="/admin/people/"]').first();
  if (await personLink.count()) {
    await personLink.click();
  } else {
    await page.goto('/admin/people');
    const search = page.getByRole('main').getByRole('search');
    await search.getByRole('searchbox', { name: 'Name or email' }).fill('Personpage');
    await search.getByRole('button', { name: 'Search' }).click();
    const hit = page.getByTestId('person-hit').filter({ hasText: email });
    await expect(hit).toHaveCount(1);
    await expect(hit).toContainText('1 enquiry');
    await hit.getByRole('link', { name }).click();
  }
  await expect(page).toHaveURL(/\/admin\/people\/(enquiry|member|subscriber|user)-[0-9a-f-]{36}$/);
  expect(page.url()).not.toContain(encodeURIComponent(email));
  expect(page.url()).not.toContain(email);

  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const record = page.getByTestId('person-record');
  await expect(record.getByTestId('person-enquiry')).toHaveCount(1);
  await expect(record.getByTestId('person-enquiry')).toContainText('New');
  await expect(record.getByTestId('person-enquiry')).toContainText('Everything about me on one page');
  await expect(record.getByTestId('person-registration')).toContainText('Individual member');
  await expect(record.getByTestId('person-registration')).toContainText('Leeds, United Kingdom');
  await expect(record.getByTestId('person-newsletter')).toContainText('Active');
  await expect(record.getByTestId('person-account')).toHaveCount(1);
  await expect(record.getByTestId('person-course')).toContainText(UNLEARNING.title);
  await expect(record.locator('#person-consents').locator('..')).toContainText('Newsletter: consent given');
  await expect(
    record.getByTestId('person-send').filter({ hasText: 'Enquiry forwarded to the team' }),
  ).toHaveCount(1);
  await expect(record.getByRole('link', { name: 'Export or erase this person (admins)' })).toHaveAttribute(
    'href',
    '/admin/data-rights',
  );
  expect(await axeViolations(page)).toEqual([]);

  // The enquiry row links to the enquiry's page.
  await record.getByTestId('person-enquiry').getByRole('link').click();
  await expect(page).toHaveURL(/\/admin\/enquiries\/[0-9a-f-]{36}$/);

  // An unknown or malformed ref is a 404, not an error.
  expect((await page.goto('/admin/people/enquiry-00000000-0000-4000-8000-000000000000'))?.status()).toBe(404);
  expect((await page.goto(`/admin/people/${encodeURIComponent(email)}`))?.status()).toBe(404);
});
