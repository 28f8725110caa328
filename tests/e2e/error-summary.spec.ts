import type { Locator, Page } from '@playwright/test';

import { axeViolations, dismissCookieBanner, expect, test, waitForHydration } from './fixtures';
import { errorSummary, fieldMessage } from './form-errors';

/**
 * The public forms' error summary (issue 33 item 7, GOV.UK's pattern; components/forms/error-summary.tsx): after a
 * refused submit the form shows 'There is a problem' at its top, listing each field's message (the spec's words,
 * also still shown under the field) as a link to that field; the summary takes focus, with JavaScript (client
 * validation) and without it (the server's answer to the post, which the browser lands on), and a link moves
 * focus to its field. Contact, network registration (dialog and page), newsletter and sign-in, plus the title in
 * four languages, the sign-in page's reason line and its show-password toggle.
 */

test.beforeEach(async ({ page }) => dismissCookieBanner(page));

/** A page with JavaScript off, in its own context (as forms-no-js.spec.ts does). */
const noJs = test.extend<{ noScript: Page }>({
  noScript: async ({ browser }, provide, info) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: info.project.use.baseURL });
    const page = await context.newPage();
    await provide(page);
    await context.close();
  },
});

/**
 * Checks the summary: visible, titled, focused, listing exactly `messages` in order, each a link whose target is a
 * field of `scope` (by id) — and that the same message is also under that field.
 */
async function expectSummary(scope: Locator, messages: readonly string[], title = 'There is a problem') {
  const summary = errorSummary(scope);
  await expect(summary).toBeVisible();
  await expect(summary).toHaveAttribute('role', 'alert');
  await expect(summary.getByRole('heading', { level: 2, name: title })).toBeVisible();
  await expect(summary).toBeFocused();
  const links = summary.getByRole('link');
  await expect(links).toHaveText([...messages]);
  for (const [i, text] of messages.entries()) {
    const href = await links.nth(i).getAttribute('href');
    expect(href, text).toMatch(/^#./);
    const target = scope.locator(`[id="${href!.slice(1)}"]`);
    await expect(target, `${text} → a field`).toHaveCount(1);
    expect(await target.evaluate((el) => ['INPUT', 'SELECT', 'TEXTAREA'].includes(el.tagName))).toBe(true);
    await expect(fieldMessage(scope, text)).toBeVisible();
  }
  return summary;
}

const CONTACT = [
  'Name must be at least 2 characters.',
  'Please enter a valid email address.',
  'Message must be at least 10 characters.',
];
const REGISTRATION = [
  'Name must be at least 2 characters',
  'Please enter a valid email address',
  'Please enter a valid phone number',
  'Please select your membership type',
  'Please select an area of interest',
  'Please select your availability',
  'Please select your country',
  'Please enter your city',
];

const contactForm = (page: Page) => page.locator('section[aria-labelledby="contact-form-heading"] form');

test.describe('with JavaScript', () => {
  test('contact: an empty submit focuses the summary; a link focuses its field; axe clean', async ({
    page,
  }) => {
    await page.goto('/contact');
    await waitForHydration(page);
    const form = contactForm(page);
    await form.getByRole('button', { name: 'Send Message' }).click();
    const summary = await expectSummary(form, CONTACT);
    await summary.getByRole('link', { name: 'Please enter a valid email address.' }).click();
    await expect(form.getByLabel('Email')).toBeFocused();
    expect(await axeViolations(page)).toEqual([]);
    // A second refused submit takes focus back to the summary, now with what is still wrong.
    await form.getByLabel('Email').fill('ada@example.org');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expectSummary(form, [CONTACT[0]!, CONTACT[2]!]);
  });

  test('registration dialog: an empty submit focuses the summary inside the dialog; links reach fields and groups', async ({
    page,
  }) => {
    await page.route('**/api/geo', (route) =>
      route.fulfill({ json: {}, headers: { 'cache-control': 'no-store' } }),
    );
    await page.goto('/community');
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Register for free' }).click();
    const dialog = page.getByRole('dialog', { name: 'Network Registration' });
    await expect(dialog.getByLabel('Full name')).toBeFocused();
    await dialog.getByRole('button', { name: 'Submit Registration' }).click();
    const summary = await expectSummary(dialog, REGISTRATION);
    // A group's link leads to its first box.
    await summary.getByRole('link', { name: 'Please select your membership type' }).click();
    await expect(dialog.getByRole('radio', { name: 'Individual Member' })).toBeFocused();
    await summary.getByRole('link', { name: 'Please enter your city' }).click();
    await expect(dialog.getByLabel('City')).toBeFocused();
    expect(await axeViolations(page)).toEqual([]);
  });

  test('newsletter: an empty submit focuses the summary, whose link focuses the address', async ({
    page,
  }) => {
    await page.goto('/');
    await waitForHydration(page);
    const form = page.locator('#newsletter form');
    await form.getByRole('button', { name: 'Subscribe' }).click();
    const summary = await expectSummary(form, ['Please enter your email address.']);
    await summary.getByRole('link').click();
    await expect(form.getByRole('textbox', { name: 'Email address' })).toBeFocused();
    expect(await axeViolations(page)).toEqual([]);
  });

  test('sign-in: an empty submit focuses the summary; links focus email and password; axe clean', async ({
    page,
  }) => {
    await page.goto('/login');
    await waitForHydration(page);
    const form = page.locator('form[data-form="sign-in"]');
    await form.getByRole('button', { name: 'Sign in' }).click();
    const summary = errorSummary(form);
    await expect(summary).toBeFocused();
    const links = summary.getByRole('link');
    await expect(links).toHaveCount(2);
    await links.nth(1).click();
    await expect(form.getByLabel('Password')).toBeFocused();
    await links.nth(0).click();
    await expect(form.getByLabel('Email')).toBeFocused();
    expect(await axeViolations(page)).toEqual([]);
  });

  for (const [locale, title, button] of [
    ['es', 'Hay un problema', 'Enviar mensaje'],
    ['fr', 'Il y a un problème', 'Envoyer le message'],
    ['pt', 'Há um problema', 'Enviar mensagem'],
  ] as const) {
    test(`the summary's title in ${locale}: '${title}'`, async ({ page }) => {
      await page.goto(`/${locale}/contact`);
      await waitForHydration(page);
      const form = contactForm(page);
      await form.locator('button[type="submit"]').click();
      await expect(errorSummary(form).getByRole('heading', { name: title })).toBeVisible();
      await expect(errorSummary(form)).toBeFocused();
      await expect(form.locator('button[type="submit"]')).toHaveText(button);
    });
  }

  test('sign-in says why it was asked for, and its password can be shown with a pressed toggle', async ({
    page,
  }) => {
    await page.goto('/login?next=%2Fdashboard');
    await expect(page.getByTestId('login-reason')).toHaveText('Sign in to see your dashboard.');
    await page.goto(
      `/fr/login?next=${encodeURIComponent('/courses/7c1d0a52-3b8e-4f0e-9a61-0d5e2f8b1a01/learn')}`,
    );
    await expect(page.getByTestId('login-reason')).toHaveText('Connectez-vous pour poursuivre votre cours.');
    await page.goto('/login');
    await expect(page.getByTestId('login-reason')).toHaveCount(0);

    await waitForHydration(page);
    const password = page.getByLabel('Password');
    const toggle = page.getByRole('button', { name: 'Show password' });
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await password.fill('a secret phrase');
    await expect(password).toHaveAttribute('type', 'password');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await expect(password).toHaveAttribute('type', 'text');
    await expect(password).toHaveValue('a secret phrase');
    await toggle.click();
    await expect(password).toHaveAttribute('type', 'password');
    await page.goto('/pt/login?mode=signup');
    await expect(page.getByRole('button', { name: 'Mostrar palavra-passe' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });

  test('/donate has no duplicate id: the other-amount field and the "Other ways to help" heading differ', async ({
    page,
  }) => {
    await page.goto('/donate');
    const duplicates = await page.evaluate(() => {
      const seen = new Map<string, number>();
      for (const el of document.querySelectorAll('[id]')) seen.set(el.id, (seen.get(el.id) ?? 0) + 1);
      return [...seen].filter(([, n]) => n > 1).map(([id]) => id);
    });
    expect(duplicates).toEqual([]);
    await expect(page.getByLabel('Or enter another amount')).toHaveAttribute('id', 'donate-other-amount');
    const section = page.locator('section[aria-labelledby="donate-other"]');
    await expect(section.getByRole('heading', { level: 2 })).toHaveAttribute('id', 'donate-other');
  });
});

noJs.describe('without JavaScript', () => {
  noJs(
    'contact: the answer to a refused post opens on the focused summary, linking to each field',
    async ({ noScript: page }) => {
      await page.goto('/contact');
      const form = contactForm(page);
      await form.getByLabel('Name').fill('A');
      await form.getByLabel('Email').fill('not-an-address');
      await form.getByLabel('Message').fill('short');
      await form.getByRole('button', { name: 'Send Message' }).click();
      await expectSummary(form, CONTACT);
      await expect(form.getByLabel('Name')).toHaveValue('A');
    },
  );

  noJs('registration page: an empty post answers with the focused summary', async ({ noScript: page }) => {
    await page.goto('/community/register');
    const form = page.locator('main form');
    await form.getByRole('button', { name: 'Submit Registration' }).click();
    await expectSummary(form, REGISTRATION);
  });

  noJs('newsletter: a malformed address answers with the focused summary', async ({ noScript: page }) => {
    await page.goto('/');
    const form = page.locator('#newsletter form');
    await form.getByRole('textbox', { name: 'Email address' }).fill('not-an-email');
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expectSummary(page.locator('#newsletter form'), ['Please enter a valid email address']);
  });

  noJs('sign-in: a malformed address answers with the focused summary', async ({ noScript: page }) => {
    await page.goto('/login');
    const form = page.locator('form[data-form="sign-in"]');
    await form.getByLabel('Email').fill('not-an-address');
    await form.getByLabel('Password').fill('whatever it is');
    await form.getByRole('button', { name: 'Sign in' }).click();
    await expectSummary(page.locator('form[data-form="sign-in"]'), ['Please enter a valid email address']);
  });
});
