import type { Page, Request } from '@playwright/test';

import { projectDatabase, uniqueEmail } from './database';
import { dismissCookieBanner, expect, test } from './fixtures';
import { errorSummary, fieldMessage } from './form-errors';
import { MAIL_POLL_INTERVALS, mailTo } from './mailbox';

/**
 * The public forms without JavaScript, and before hydration (backoffice review D1: they used to send a GET with
 * every field in the URL, so the message or address landed in history, logs and nginx's cache, and nothing was
 * saved). Each form must POST its server action; the server checks it (zod, the spam guard, the rate limit),
 * answers refusals with the form again (translated errors, what was typed, a fresh fill-time token: the first
 * post has none, since the cached page cannot carry one) and a success with the same thank-you page as the
 * JavaScript path. What was stored is read back as the form specs do: the database on the `postgres` project,
 * else the back office (as the e2e admin) or the mail folder.
 */

/**
 * A page with JavaScript off, in a context of its own: `test.use({ javaScriptEnabled: false })` would also reach
 * the contexts that fixtures open during the test (the e2e admin's sign-in, which needs JavaScript), so the
 * test's own `page` keeps JavaScript for reading back what was stored.
 */
const noJs = test.extend<{ noScript: Page }>({
  noScript: async ({ browser }, provide, info) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: info.project.use.baseURL });
    await provide(await context.newPage());
    await context.close();
  },
});

/** Where enquiries are forwarded on the test servers (siteConfig().emails.general; ENQUIRY_TO is unset). */
const CHARITY_INBOX = 'hello@example.org';

/** The server's minimum fill time (lib/forms/token.ts MIN_FILL_MS) and a little slack: a person's pause. */
const FILL_TIME_MS = 3_300;

/** Every navigation request the page makes to a path (method and URL), to prove no form went out as a GET. */
function formRequests(page: Page, pathname: RegExp) {
  const seen: { method: string; url: string }[] = [];
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (request.isNavigationRequest() && pathname.test(url.pathname))
      seen.push({ method: request.method(), url: request.url() });
  });
  return seen;
}

/** The page's URL has no query at all (so no field value in it). */
function expectNoQuery(page: Page) {
  expect(new URL(page.url()).search).toBe('');
}

noJs.describe('without JavaScript', () => {
  noJs(
    'D1: the contact form posts, shows translated errors with what was typed, then saves and thanks @postgres',
    async ({ noScript: page }, info) => {
      const email = uniqueEmail('nojs-contact');
      const message = `Sent without JavaScript ${Date.now().toString(36)}: hello.`;
      const requests = formRequests(page, /^\/contact$/);
      await page.goto('/contact');
      const form = page.locator('section[aria-labelledby="contact-form-heading"] form');
      await form.getByLabel('Name').fill('A');
      await form.getByLabel('Email').fill('not-an-address');
      await form.getByLabel('Message').fill('short');
      const answer = page.waitForResponse(
        (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/contact',
      );
      await form.getByRole('button', { name: 'Send Message' }).click();
      // The answer carries a fill-time token: it must never be a shared cached page.
      const cacheControl = (await answer).headers()['cache-control'] ?? '';
      expect(cacheControl).toMatch(/no-store|no-cache|private/);
      expect(cacheControl).not.toMatch(/public|s-maxage/);

      await expect(fieldMessage(form, 'Name must be at least 2 characters.')).toBeVisible();
      await expect(fieldMessage(form, 'Please enter a valid email address.')).toBeVisible();
      await expect(fieldMessage(form, 'Message must be at least 10 characters.')).toBeVisible();
      await expect(errorSummary(form)).toBeFocused();
      await expect(form.getByRole('status')).toHaveText(/Nothing has been sent yet/);
      await expect(form.getByLabel('Name')).toHaveValue('A');
      await expect(form.getByLabel('Email')).toHaveValue('not-an-address');
      await expect(form.getByLabel('Message')).toHaveValue('short');
      await expect(form.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
      expectNoQuery(page);
      expect(requests.map((r) => r.method)).toEqual(['GET', 'POST']);
      expect(requests.every((r) => !new URL(r.url).search)).toBe(true);

      await form.getByLabel('Name').fill('No Script Person');
      await form.getByLabel('Email').fill(email);
      await form.getByLabel('Message').fill(message);
      await page.waitForTimeout(FILL_TIME_MS);
      await form.getByRole('button', { name: 'Send Message' }).click();
      await expect(page).toHaveURL(/\/thank-you\?type=contact&returnTo=%2Fcontact$/);
      await expect(
        page.getByRole('heading', { level: 1, name: 'Thank you for your message!' }),
      ).toBeVisible();
      await expect(page.getByText("We'll get back to you soon.")).toBeVisible();
      expect(requests.filter((r) => r.method === 'GET' && new URL(r.url).search)).toEqual([]);

      const sql = projectDatabase(info);
      if (sql) {
        try {
          const rows = await sql<{ name: string; message: string }[]>`
          select name, message from enquiries where email = ${email}`;
          expect(rows).toEqual([{ name: 'No Script Person', message }]);
        } finally {
          await sql.end();
        }
      }
      // Saved, then forwarded to the charity's inbox (the site's general address) at once, as with JavaScript.
      await expect
        .poll(async () => (await mailTo(CHARITY_INBOX)).filter((m) => m.text.includes(message)).length, {
          message: `the forward of ${email}'s enquiry`,
          timeout: 15_000,
          intervals: MAIL_POLL_INTERVALS,
        })
        .toBe(1);
    },
  );

  noJs(
    'D1: the newsletter form posts, keeps the address with its Spanish message, then signs up and mails @postgres',
    async ({ noScript: page }, info) => {
      const email = uniqueEmail('nojs-newsletter');
      const requests = formRequests(page, /^\/es$/);
      await page.goto('/es');
      const form = page.locator('#newsletter form');
      await form.getByRole('textbox', { name: 'Correo electrónico' }).fill('nadie-en-ningun-sitio');
      await form.getByRole('button', { name: 'Suscribirme' }).click();
      await expect(fieldMessage(form, 'Introduce un correo electrónico válido')).toBeVisible();
      await expect(errorSummary(form).getByRole('heading', { name: 'Hay un problema' })).toBeVisible();
      await expect(
        form.getByRole('alert').filter({ hasText: /Todavía no se ha enviado nada/ }),
      ).toBeVisible();
      await expect(form.getByRole('textbox', { name: 'Correo electrónico' })).toHaveValue(
        'nadie-en-ningun-sitio',
      );
      expectNoQuery(page);
      expect(requests.map((r) => r.method)).toEqual(['GET', 'POST']);

      await form.getByRole('textbox', { name: 'Correo electrónico' }).fill(email);
      await page.waitForTimeout(FILL_TIME_MS);
      await form.getByRole('button', { name: 'Suscribirme' }).click();
      await expect(page).toHaveURL(/\/es\/thank-you\?type=newsletter&source=home(&|$)/);
      await expect(page.getByRole('heading', { level: 1, name: '¡Gracias por suscribirte!' })).toBeVisible();

      await expect
        .poll(
          async () =>
            (await mailTo(email)).filter((m) => /\/es\/newsletter\/confirm\?token=/.test(m.text)).length,
          {
            message: `the confirmation email to ${email}`,
            timeout: 15_000,
            intervals: MAIL_POLL_INTERVALS,
          },
        )
        .toBe(1);
      const sql = projectDatabase(info);
      if (sql) {
        try {
          const rows = await sql<{ status: string; locale: string }[]>`
          select status, locale from newsletter_subscribers where email = ${email}`;
          expect(rows).toEqual([{ status: 'pending', locale: 'es' }]);
        } finally {
          await sql.end();
        }
      }
    },
  );

  noJs(
    'D1: Register for free leads to a form page that posts, keeps every answer, then saves and thanks @postgres',
    async ({ noScript: page, page: admin, signInAsAdmin }, info) => {
      const email = uniqueEmail('nojs-volunteer');
      const name = `Nora ${Date.now().toString(36)}`;
      await page.goto('/community');
      await page.getByRole('link', { name: 'Register for free' }).click();
      await expect(page).toHaveURL(/\/community\/register$/);
      const requests = formRequests(page, /^\/community\/register$/);
      const form = page.locator('main form');
      await form.getByLabel('Full name').fill(name);
      await form.getByRole('radio', { name: 'Organization Representative' }).check();
      await form.getByLabel('Organisation name').fill('Harehills Allotments');
      await form.getByRole('checkbox', { name: 'Climate justice' }).check();
      await form.getByRole('button', { name: 'Submit Registration' }).click();

      for (const text of [
        'Please enter a valid email address',
        'Please enter a valid phone number',
        'Please select your availability',
        'Please select your country',
        'Please enter your city',
      ])
        await expect(fieldMessage(form, new RegExp(`^${text}$`))).toBeVisible();
      await expect(form.getByText('Name must be at least 2 characters')).toHaveCount(0);
      await expect(errorSummary(form).getByRole('link')).toHaveCount(5);
      await expect(form.getByLabel('Full name')).toHaveValue(name);
      await expect(form.getByRole('radio', { name: 'Organization Representative' })).toBeChecked();
      await expect(form.getByLabel('Organisation name')).toHaveValue('Harehills Allotments');
      await expect(form.getByRole('checkbox', { name: 'Climate justice' })).toBeChecked();
      await expect(form.getByRole('radio', { name: 'Beginner' })).toBeChecked();
      await expect(form.getByRole('alert').filter({ hasText: /Nothing has been sent yet/ })).toBeVisible();
      expectNoQuery(page);
      expect(requests.map((r) => r.method)).toEqual(['POST']);

      await form.getByLabel('Email address').fill(email);
      await form.getByLabel('Phone number').fill('0113 496 0999');
      await form.getByRole('checkbox', { name: 'Weekends' }).check();
      await form.getByLabel('Country').selectOption('GB');
      await form.getByLabel('City').fill('Leeds');
      await page.waitForTimeout(FILL_TIME_MS);
      await form.getByRole('button', { name: 'Submit Registration' }).click();
      await expect(page).toHaveURL(/\/thank-you\?type=registration&returnTo=%2Fcommunity$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Registration Successful!' })).toBeVisible();

      const sql = projectDatabase(info);
      if (sql) {
        try {
          const rows = await sql`
          select name, organization_name, interests, availability, country, location from volunteers where email = ${email}`;
          expect(rows).toEqual([
            {
              name,
              organization_name: 'Harehills Allotments',
              interests: ['climate-justice'],
              availability: ['weekends'],
              country: 'United Kingdom',
              location: 'Leeds',
            },
          ]);
        } finally {
          await sql.end();
        }
      } else {
        await signInAsAdmin();
        const csv = await admin.request.get('/api/admin/network/export');
        expect(csv.status()).toBe(200);
        expect(await csv.text()).toContain(`"${name}","${email}","0113 496 0999"`);
      }
    },
  );
});

test.describe('before hydration (the app scripts held back)', () => {
  test.beforeEach(async ({ page }) => {
    await dismissCookieBanner(page);
    await page.route('**/_next/static/chunks/*.js', () => undefined);
  });

  test('D1: the contact form posts what was typed, never a GET with it in the URL', async ({ page }) => {
    const requests = formRequests(page, /^\/contact$/);
    await page.goto('/contact', { waitUntil: 'domcontentloaded' });
    const form = page.locator('section[aria-labelledby="contact-form-heading"] form');
    await form.getByLabel('Name').fill('Quick Typist');
    await form.getByLabel('Email').fill('quick@example.org');
    await form.getByLabel('Message').fill('Typed before the scripts arrived.');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(form.getByRole('status')).toHaveText(/Nothing has been sent yet/);
    await expect(form.getByLabel('Message')).toHaveValue('Typed before the scripts arrived.');
    expectNoQuery(page);
    expect(requests.map((r) => r.method)).toEqual(['GET', 'POST']);
  });

  test('D1: the newsletter form posts the address, never a GET with it in the URL', async ({ page }) => {
    const requests = formRequests(page, /^\/$/);
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    const form = page.locator('#newsletter form');
    await form.getByRole('textbox').fill('early@example.org');
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expect(form.getByRole('alert').filter({ hasText: /Nothing has been sent yet/ })).toBeVisible();
    await expect(form.getByRole('textbox')).toHaveValue('early@example.org');
    expectNoQuery(page);
    expect(requests.map((r) => r.method)).toEqual(['GET', 'POST']);
  });

  test('D1: Register for free is a link to the registration page until the dialog can open', async ({
    page,
  }) => {
    await page.goto('/community', { waitUntil: 'domcontentloaded' });
    await page.getByRole('link', { name: 'Register for free' }).click();
    await expect(page).toHaveURL(/\/community\/register$/);
    const form = page.locator('main form');
    await form.getByLabel('Full name').fill('Early Bird');
    await form.getByRole('button', { name: 'Submit Registration' }).click();
    await expect(fieldMessage(form, /^Please enter a valid email address$/)).toBeVisible();
    await expect(form.getByLabel('Full name')).toHaveValue('Early Bird');
    expectNoQuery(page);
  });
});

test('D1: the assistant composer exists only once hydrated (not in the server HTML), and its form is a POST with no named field', async ({
  page,
}) => {
  await dismissCookieBanner(page);
  const html = await (await page.request.get('/blog')).text();
  expect(html).not.toContain('<textarea');
  await page.goto('/blog');
  await page.getByRole('button', { name: /^Open chat with/ }).click();
  const input = page.getByRole('textbox', { name: 'Your message' });
  await expect(input).toBeVisible();
  const form = page.locator('form', { has: input });
  await expect(form).toHaveAttribute('method', 'post');
  await expect(form.locator('[name]')).toHaveCount(0);
});
