import { expect, test } from '@playwright/test';

import { projectDatabase, uniqueEmail } from './database';
import { dismissCookieBanner, waitForHydration } from './fixtures';

/**
 * Newsletter signup (issue 5 item 5; spec §4 states, §7 order, §8 texts) in a real browser against the site on
 * its embedded defaults: client validation, the 'Subscribing...' state, the thank-you page with the address kept
 * in sessionStorage, a repeat signup, and (on the PostgreSQL project) one stored row with consent time and locale.
 */
test.describe('newsletter form', () => {
  test.beforeEach(async ({ page }) => {
    await dismissCookieBanner(page);
  });

  test('empty and malformed addresses show the field message and send nothing', async ({ page }) => {
    const posts: string[] = [];
    page.on('request', (r) => r.method() === 'POST' && posts.push(r.url()));
    await page.goto('/');
    await waitForHydration(page);
    const form = page.locator('#newsletter form');
    const email = form.getByRole('textbox', { name: 'Email address' });
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expect(form.getByText('Please enter your email address.')).toBeVisible();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toBeFocused();
    await email.fill('not-an-email');
    await email.press('Enter');
    await expect(form.getByText('Please enter a valid email address')).toBeVisible();
    expect(posts).toEqual([]);
  });

  test('a valid signup lands on the thank-you page; a repeat signup is fine and stores one row', async ({
    page,
  }, info) => {
    const address = uniqueEmail('news');
    for (const attempt of [1, 2]) {
      await page.goto('/blog');
      await page.goto('/');
      await waitForHydration(page);
      const form = page.locator('#newsletter form');
      await form
        .getByRole('textbox', { name: 'Email address' })
        .fill(attempt === 1 ? address : address.toUpperCase());
      await form.getByRole('button', { name: 'Subscribe' }).click();
      await expect(form.getByRole('button', { name: 'Subscribing...' })).toBeDisabled();
      await expect(form.getByRole('textbox', { name: 'Email address' })).toBeDisabled();
      await page.waitForURL(/\/thank-you\?/);
      const url = new URL(page.url());
      expect(url.pathname).toBe('/thank-you');
      expect(url.searchParams.get('type')).toBe('newsletter');
      expect(url.searchParams.get('source')).toBe('home');
      expect(url.searchParams.get('returnTo')).toBe('/');
      await expect(page.getByRole('heading', { level: 1, name: 'Thank you for subscribing!' })).toBeVisible();
      expect(await page.evaluate(() => sessionStorage.getItem('subscribedEmail'))).toBe(
        attempt === 1 ? address : address.toUpperCase(),
      );
    }

    const db = projectDatabase(info);
    if (db) {
      try {
        const rows =
          await db`select email, source, status, locale, consented_at from newsletter_subscribers where email = ${address}`;
        expect(rows).toHaveLength(1);
        expect(rows[0]).toMatchObject({ email: address, source: 'home', status: 'active', locale: 'en' });
        expect(rows[0]!.consented_at).toBeTruthy();
      } finally {
        await db.end();
      }
    }
  });

  test('in Spanish the form speaks Spanish and thanks on /es/thank-you', async ({ page }) => {
    await page.goto('/es');
    await waitForHydration(page);
    const form = page.locator('#newsletter form');
    await form.getByRole('textbox', { name: 'Correo electrónico' }).fill(uniqueEmail('es'));
    await form.getByRole('button', { name: 'Suscribirme' }).click();
    await page.waitForURL(/\/es\/thank-you\?/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText(/Te lo enviaremos a/)).toBeVisible();
  });
});
