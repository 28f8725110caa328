import type { Page } from '@playwright/test';

import { projectDatabase, uniqueEmail } from './database';
import { axeViolations, dismissCookieBanner, expect, test, useTheme, waitForHydration } from './fixtures';
import { errorSummary, fieldMessage } from './form-errors';

/**
 * Contact page (docs/SPEC-NOTES.md §2 Contact, §4 contact form states, §5 rules, §8 texts): details, the form's empty-submit
 * messages in English and Spanish, a valid submit saved and forwarded (the embedded default: the outbox is the
 * delivery) with the form reset, keyboard-only use, and axe in both themes. On the `postgres` project the stored
 * row is checked in the database too.
 */
test.beforeEach(async ({ page }) => {
  await dismissCookieBanner(page);
});

/** The message form (found by its section, since its button's name changes while sending). */
function contactForm(page: Page) {
  return page.locator('section[aria-labelledby="contact-form-heading"] form');
}

test(
  'shows the address, phone and the five emails by purpose',
  { tag: '@browser-only' },
  async ({ page }) => {
    await page.goto('/contact');
    await expect(page.getByRole('heading', { level: 1, name: 'Contact us' })).toBeVisible();
    const details = page.locator('section[aria-labelledby="contact-details"]');
    await expect(details.locator('address')).toContainText('Leeds');
    await expect(details.locator('a[href^="tel:+44"]')).toHaveCount(1);
    for (const purpose of [
      'General enquiries',
      'Press and media',
      'Donations and getting involved',
      'Unlearning racism',
      'Race and climate justice',
    ])
      await expect(details.getByText(purpose, { exact: true })).toBeVisible();
    await expect(details.locator('a[href^="mailto:"]')).toHaveCount(5);
    await expect(page.getByRole('link', { name: 'privacy policy' }).first()).toHaveAttribute(
      'href',
      '/privacy-policy',
    );
  },
);

test('an empty submit shows the three messages (English)', { tag: '@browser-only' }, async ({ page }) => {
  await page.goto('/contact');
  await waitForHydration(page);
  const form = contactForm(page);
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(fieldMessage(form, 'Name must be at least 2 characters.')).toBeVisible();
  await expect(fieldMessage(form, 'Please enter a valid email address.')).toBeVisible();
  await expect(fieldMessage(form, 'Message must be at least 10 characters.')).toBeVisible();
  // Focus goes to the error summary at the top (GOV.UK), which links to each field (error-summary.spec.ts).
  await expect(errorSummary(form)).toBeFocused();
  await expect(form.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
});

test('an empty submit shows the three messages (Spanish)', { tag: '@browser-only' }, async ({ page }) => {
  await page.goto('/es/contact');
  await waitForHydration(page);
  const form = contactForm(page);
  await form.getByRole('button', { name: 'Enviar mensaje' }).click();
  await expect(fieldMessage(form, 'El nombre debe tener al menos 2 caracteres.')).toBeVisible();
  await expect(fieldMessage(form, 'Introduce una dirección de correo electrónico válida.')).toBeVisible();
  await expect(fieldMessage(form, 'El mensaje debe tener al menos 10 caracteres.')).toBeVisible();
});

test('a valid submit is saved, forwarded, thanked, and the form resets @postgres', async ({ page }, info) => {
  const email = uniqueEmail('contact');
  await page.goto('/contact');
  await waitForHydration(page);
  const form = contactForm(page);
  await form.getByLabel('Name').fill('Playwright Tester');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Message').fill('Hello from the end-to-end test of the contact form.');
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(form.getByRole('button', { name: 'Sending...' })).toBeVisible();
  const status = form.getByRole('status');
  await expect(status).toHaveText(
    /Your message has been saved to our database\.|Thank you for your message!/,
    {
      timeout: 20_000,
    },
  );
  await expect(status).toHaveText("Thank you for your message! We'll get back to you soon.", {
    timeout: 20_000,
  });
  await expect(
    page.locator('[data-sonner-toast]').getByText("Thank you for your message! We'll get back to you soon."),
  ).toBeVisible();
  await expect(form.getByLabel('Name')).toHaveValue('');
  await expect(form.getByLabel('Email')).toHaveValue('');
  await expect(form.getByLabel('Message')).toHaveValue('');
  await expect(form.getByRole('button', { name: 'Send Message' })).toBeEnabled();

  const sql = projectDatabase(info);
  if (sql) {
    try {
      const rows = await sql<{ name: string; message: string; forward_status: string }[]>`
        select name, message, forward_status from enquiries where email = ${email}`;
      expect(rows).toEqual([
        {
          name: 'Playwright Tester',
          message: 'Hello from the end-to-end test of the contact form.',
          forward_status: 'sent',
        },
      ]);
    } finally {
      await sql.end();
    }
  }
});

test('works with the keyboard only', async ({ page }) => {
  await page.goto('/contact');
  await waitForHydration(page);
  const form = contactForm(page);
  const name = form.getByLabel('Name');
  // Tab from the top of the page until the name field has focus (skip link, header, details come first).
  for (let i = 0; i < 80 && !(await name.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press('Tab');
  await expect(name).toBeFocused();
  await page.keyboard.type('Keyboard User');
  await page.keyboard.press('Tab');
  await expect(form.getByLabel('Email')).toBeFocused();
  await page.keyboard.type(uniqueEmail('keyboard'));
  await page.keyboard.press('Tab');
  await expect(form.getByLabel('Message')).toBeFocused();
  await page.keyboard.type('Sent without touching the mouse.');
  await page.keyboard.press('Tab');
  await expect(form.getByRole('button', { name: 'Send Message' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(form.getByRole('status')).toHaveText(
    "Thank you for your message! We'll get back to you soon.",
    {
      timeout: 20_000,
    },
  );
  await expect(name).toHaveValue('');
});

for (const theme of ['light', 'dark'] as const) {
  test(`axe WCAG 2.2 AA, ${theme} theme, with the field errors shown`, async ({ page }) => {
    await useTheme(page, theme);
    await page.goto('/contact');
    await waitForHydration(page);
    expect(await axeViolations(page)).toEqual([]);
    await contactForm(page).getByRole('button', { name: 'Send Message' }).click();
    await expect(fieldMessage(page, 'Name must be at least 2 characters.')).toBeVisible();
    await expect(errorSummary(page)).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
}
