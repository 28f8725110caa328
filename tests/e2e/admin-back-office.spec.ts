import type { Page } from '@playwright/test';

import { uniqueEmail } from './database';
import {
  E2E_ADMIN,
  axeViolationsInBothThemes,
  dismissCookieBanner,
  expect,
  test,
  waitForHydration,
} from './fixtures';
import { MAIL_POLL_INTERVALS, mailTo, signUpConfirmed } from './mailbox';

/**
 * The charity's back office (issue 17 items 1-3) on the embedded defaults, no configuration: every admin page is
 * refused to the signed out (redirect to sign-in with `next`) and to a student (403); an admin (ADMIN_EMAILS,
 * playwright.config.ts) makes an account staff on /admin/staff (the code path of `npm run user:role`, which
 * cannot run beside the server's PGlite); the staff member is refused the staff page (403), finds a visitor's
 * contact-form enquiry in the inbox, answers it, and the answer is in `.data/mail`. axe in both themes.
 */

const PASSWORD = 'a long enough password';
const ID = '00000000-0000-4000-8000-000000000000';

test.beforeEach(async ({ page }) => {
  await dismissCookieBanner(page);
});

async function signIn(page: Page, email: string, name: string) {
  await page.context().clearCookies();
  await page.goto('/login');
  await waitForHydration(page);
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(
    page.getByRole('button', { name: new RegExp(`Account menu: Signed in as ${name}`) }),
  ).toBeVisible({
    timeout: 20_000,
  });
}

/** axe on `path` in the light and then the dark theme (fixtures.ts axeViolationsInBothThemes: one page load). */
async function expectNoAxeViolations(page: Page, path: string) {
  await page.goto(path);
  expect(await axeViolationsInBothThemes(page), path).toEqual([]);
}

test('signed out, every back-office page redirects to sign in with next', async ({ request }) => {
  for (const [path, next] of <[string, string][]>[
    ['/admin', '/admin'],
    ['/admin/enquiries', '/admin/enquiries'],
    [`/admin/enquiries/${ID}`, `/admin/enquiries/${ID}`],
    ['/admin/staff', '/admin/staff'],
    ['/fr/admin/enquiries', '/admin/enquiries'],
  ]) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(307);
    expect(response.headers().location, path).toMatch(
      new RegExp(`/login\\?next=${encodeURIComponent(next).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`),
    );
  }
});

test('a visitor’s enquiry is answered by staff from the inbox, and the answer is in .data/mail', async ({
  page,
  signInAsAdmin,
}) => {
  test.setTimeout(240_000);
  const visitor = uniqueEmail('visitor');
  const staffEmail = uniqueEmail('staff');
  const text = `Could someone tell me about volunteering? (${Date.now().toString(36)})`;

  // A visitor writes in.
  await page.goto('/contact');
  await waitForHydration(page);
  const form = page.locator('section[aria-labelledby="contact-form-heading"] form');
  await form.getByLabel('Name').fill('Vera Visitor');
  await form.getByLabel('Email').fill(visitor);
  await form.getByLabel('Message').fill(text);
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(form.getByRole('status')).toHaveText(
    /Your message has been saved to our database\.|Thank you for your message!/,
    { timeout: 20_000 },
  );

  // A student (a confirmed account without a role) is refused every back-office page with a 403.
  await signUpConfirmed(page, staffEmail, 'Sam Staff', PASSWORD);
  for (const path of ['/admin/enquiries', `/admin/enquiries/${ID}`, '/admin/staff', '/es/admin']) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(403);
  }
  await expect(page.getByRole('heading', { level: 1, name: 'Acceso denegado' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Gestión interna' })).toHaveCount(0);

  // An admin makes that account staff.
  await signInAsAdmin();
  await page.goto('/admin/staff');
  await expect(page.getByRole('heading', { level: 1, name: 'Staff' })).toBeVisible();
  const main = page.getByRole('main');
  await main.getByLabel('Email', { exact: true }).fill(staffEmail);
  await main.getByRole('combobox', { name: 'Role', exact: true }).selectOption('staff');
  // Role changes need the admin's own password again (step-up).
  await page
    .locator('section[aria-labelledby="staff-grant"]')
    .getByLabel('Your password', { exact: true })
    .fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Save role' }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText('The role was changed.');
  const row = page.getByRole('row').filter({ hasText: staffEmail });
  await expect(row.getByRole('cell').nth(1)).toHaveText('staff');
  await expectNoAxeViolations(page, '/admin/staff');

  // The staff member: no staff page, but the inbox with the enquiry.
  await signIn(page, staffEmail, 'Sam Staff');
  expect((await page.goto('/admin/staff'))?.status()).toBe(403);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/enquiries$/);
  const nav = page.getByRole('navigation', { name: 'Back office' });
  await expect(nav.getByRole('link', { name: /^Inbox\s*\d+ unread$/ })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(nav.getByRole('link', { name: 'Staff' })).toHaveCount(0);
  await page.getByRole('main').getByLabel('Search', { exact: true }).fill(visitor);
  await page.getByRole('button', { name: 'Apply', exact: true }).click();
  await expect(page.getByRole('main').getByRole('status').filter({ hasText: 'Matching' })).toHaveText(
    'Matching enquiries: 1',
  );
  const listed = page.getByRole('row').filter({ hasText: visitor });
  await expect(listed.getByText('New', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page, `/admin/enquiries?q=${encodeURIComponent(visitor)}`);
  await page.getByRole('link', { name: 'Vera Visitor', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Enquiry: Vera Visitor');
  await expect(page.getByText(text)).toBeVisible();
  // The forward to the team is part of the enquiry's delivery history.
  await expect(
    page.locator('#enquiry-deliveries ~ *').getByText('Enquiry forwarded to the team'),
  ).toBeVisible();

  // Answer it.
  const answer = `Thank you, Vera! Come to our Thursday meeting. (${Date.now().toString(36)})`;
  await page.getByLabel('Your reply').fill(answer);
  await page.getByRole('button', { name: 'Send reply' }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText(
    'Your reply is on its way: it was queued for sending.',
  );
  await expect(page.locator('dl').getByText('Answered')).toBeVisible();
  const replyRow = page.getByRole('row').filter({ hasText: 'Staff reply to an enquiry' });
  await expect(replyRow.getByRole('cell').nth(1)).toHaveText('Sent');
  await expect(page.getByText('Reply by ' + staffEmail)).toBeVisible();
  await expectNoAxeViolations(
    page,
    page
      .url()
      .replace(/\?.*$/, '')
      .replace(/^https?:\/\/[^/]+/, ''),
  );

  let reply: Awaited<ReturnType<typeof mailTo>>[number] | undefined;
  await expect
    .poll(async () => (reply = (await mailTo(visitor)).find((m) => m.text.includes(answer))), {
      message: `the reply to ${visitor} in the mail folder`,
      timeout: 15_000,
      intervals: MAIL_POLL_INTERVALS,
    })
    .toBeTruthy();
  expect(reply!.subject).toContain('Re: your message to');
  expect(reply!.text).toContain('Hello Vera Visitor,');
  expect(reply!.text).toContain(`> ${text}`);
});
