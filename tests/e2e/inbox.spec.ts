import type { Page } from '@playwright/test';

import { uniqueEmail } from './database';
import { E2E_ADMIN, dismissCookieBanner, expect, test, waitForHydration } from './fixtures';
import { MAIL_POLL_INTERVALS, mailTo } from './mailbox';

/**
 * The staff inbox's forms (issue 34; D4 and D9 of the back-office review), on the embedded defaults: a visitor
 * writes in through /contact, the e2e admin (ADMIN_EMAILS, playwright.config.ts) answers from the enquiry page.
 *  - D4: a double-clicked 'Send reply' sends ONE email (read from the mail folder, tests/e2e/mailbox.ts) and makes
 *    ONE History entry, with JavaScript (the button is disabled while pending) and without it (the browser posts
 *    twice; the form's single-use request key runs the reply once);
 *  - D9: a reply typed before the session ended is still in the box after signing in again, and is gone once the
 *    server has confirmed it was sent.
 */

test.beforeEach(async ({ page }) => {
  await dismissCookieBanner(page);
});

/** A visitor's enquiry through the contact form, as a person sends it. */
async function sendEnquiry(page: Page, name: string, email: string, message: string) {
  await page.goto('/contact');
  await waitForHydration(page);
  const form = page.locator('section[aria-labelledby="contact-form-heading"] form');
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Message').fill(message);
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(form.getByRole('status')).toHaveText(
    /Your message has been saved to our database\.|Thank you for your message!/,
    { timeout: 20_000 },
  );
}

/** Opens the enquiry from `email` through the inbox's search; @returns the enquiry page's path. */
async function openEnquiry(page: Page, name: string, email: string): Promise<string> {
  await page.goto(`/admin/enquiries?q=${encodeURIComponent(email)}`);
  await page.getByRole('link', { name, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Enquiry: ${name}`);
  return new URL(page.url()).pathname;
}

/** The emails to `email` whose text holds `text`, waiting until the first arrives. */
async function repliesTo(email: string, text: string) {
  await expect
    .poll(async () => (await mailTo(email)).filter((m) => m.text.includes(text)).length, {
      message: `the reply to ${email} in the mail folder`,
      timeout: 15_000,
      intervals: MAIL_POLL_INTERVALS,
    })
    .toBeGreaterThan(0);
  // A second email would land within moments of the first: give it the time to, then count.
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  return (await mailTo(email)).filter((m) => m.text.includes(text));
}

const history = (page: Page) => page.locator('section:has(#enquiry-history)');

test('a double-clicked Send reply sends one email and makes one History entry (D4)', async ({
  page,
  signInAsAdmin,
}) => {
  test.setTimeout(120_000);
  const visitor = uniqueEmail('inbox-d4');
  await sendEnquiry(
    page,
    'Dee Double',
    visitor,
    `May I volunteer on Saturdays? (${Date.now().toString(36)})`,
  );
  await signInAsAdmin();
  await openEnquiry(page, 'Dee Double', visitor);
  const answer = `Yes, Saturdays are perfect. (${Date.now().toString(36)})`;
  await page.getByLabel('Your reply').fill(answer);
  await page.getByRole('button', { name: 'Send reply' }).dblclick();
  await expect(page.getByRole('main').getByRole('status').first()).toHaveText(
    'Your reply is on its way: it was queued for sending.',
  );
  expect(await repliesTo(visitor, answer)).toHaveLength(1);
  await page.reload();
  await expect(history(page).getByText(answer)).toHaveCount(1);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a double-clicked Send reply still sends one email: the request key runs it once (D4)', async ({
    page,
    signInAsAdmin,
    browser,
  }) => {
    test.setTimeout(120_000);
    const visitor = uniqueEmail('inbox-d4-nojs');
    // The visitor writes in with JavaScript (the contact form's own no-JS path is tested elsewhere).
    const visitorContext = await browser.newContext({ javaScriptEnabled: true });
    const visitorPage = await visitorContext.newPage();
    await dismissCookieBanner(visitorPage);
    await sendEnquiry(
      visitorPage,
      'Nora Nojs',
      visitor,
      `A question about the archive (${Date.now().toString(36)})`,
    );
    await visitorContext.close();
    await signInAsAdmin();
    await openEnquiry(page, 'Nora Nojs', visitor);
    const answer = `The archive is open to everyone. (${Date.now().toString(36)})`;
    await page.getByLabel('Your reply').fill(answer);
    await page.getByRole('button', { name: 'Send reply' }).dblclick();
    await expect(page.getByRole('main').getByRole('status').first()).toHaveText(
      'Your reply is on its way: it was queued for sending.',
      { timeout: 20_000 },
    );
    expect(await repliesTo(visitor, answer)).toHaveLength(1);
    await page.reload();
    await expect(history(page).getByText(answer)).toHaveCount(1);
  });
});

test('a reply typed before the session ended is still there after signing in again (D9)', async ({
  page,
  signInAsAdmin,
}) => {
  test.setTimeout(120_000);
  const visitor = uniqueEmail('inbox-d9');
  await sendEnquiry(page, 'Erin Expired', visitor, `Where do you meet? (${Date.now().toString(36)})`);
  await signInAsAdmin();
  const path = await openEnquiry(page, 'Erin Expired', visitor);
  await waitForHydration(page);
  const answer = `We meet at the community centre on Chapeltown Road.\nSee you there! (${Date.now().toString(36)})`;
  await page.getByLabel('Your reply').fill(answer);

  // The session ends (the cookies are gone) before Send is pressed: the server refuses and asks to sign in.
  await page.context().clearCookies();
  await page.getByRole('button', { name: 'Send reply' }).click();
  await expect(page).toHaveURL(/\/login\?next=/, { timeout: 20_000 });
  await waitForHydration(page);
  await page.getByLabel('Email address').fill(process.env.E2E_ADMIN_EMAIL!);
  await page.getByLabel('Password').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();

  // Back on the enquiry, the text is in the box again, and nothing was sent meanwhile.
  await expect(page).toHaveURL(new RegExp(`${path}$`), { timeout: 20_000 });
  await expect(page.getByLabel('Your reply')).toHaveValue(answer);
  await expect(page.getByText('Your unsent text was put back. Check it, then send it again.')).toBeVisible();
  expect(await mailTo(visitor)).toHaveLength(0);

  // Sent and confirmed by the server: the draft is gone.
  await page.getByRole('button', { name: 'Send reply' }).click();
  await expect(page.getByRole('main').getByRole('status').first()).toHaveText(
    'Your reply is on its way: it was queued for sending.',
  );
  expect(await repliesTo(visitor, 'Chapeltown Road')).toHaveLength(1);
  await page.goto(path);
  await waitForHydration(page);
  await expect(page.getByLabel('Your reply')).toHaveValue('');
});
