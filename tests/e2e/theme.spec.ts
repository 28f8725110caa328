import { dismissCookieBanner, expect, test, THEME_KEY } from './fixtures';

test.describe('themes', () => {
  test.beforeEach(async ({ page }) => dismissCookieBanner(page));

  test('system is the default and follows the OS preference', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/');
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await expect(
      page.getByRole('group', { name: 'Colour theme' }).getByRole('button', { name: 'Use system theme' }),
    ).toHaveAttribute('aria-pressed', 'true');
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
  });

  test('the toggle switches theme, stores it and keeps it across reloads without a flash', async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/');
    const group = page.getByRole('group', { name: 'Colour theme' }).first();
    await group.getByRole('button', { name: 'Dark theme' }).click();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await expect(group.getByRole('button', { name: 'Dark theme' })).toHaveAttribute('aria-pressed', 'true');
    expect(await page.evaluate((key) => localStorage.getItem(key), THEME_KEY)).toBe('dark');

    // The stored theme is applied before the first paint: record the class at the first DOMContentLoaded,
    // before React hydrates.
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        (window as unknown as { firstClass: string }).firstClass = document.documentElement.className;
      });
    });
    await page.reload();
    expect(await page.evaluate(() => (window as unknown as { firstClass: string }).firstClass)).toMatch(
      /\bdark\b/,
    );

    await page
      .getByRole('group', { name: 'Colour theme' })
      .first()
      .getByRole('button', { name: 'Light theme' })
      .click();
    await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
    expect(await page.evaluate((key) => localStorage.getItem(key), THEME_KEY)).toBe('light');
  });
});
