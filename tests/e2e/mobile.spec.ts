import { dismissCookieBanner, expect, test } from './fixtures';

test.use({ viewport: { width: 375, height: 740 }, hasTouch: true });

test.describe('mobile menu at 375 px', () => {
  test.beforeEach(async ({ page }) => {
    await dismissCookieBanner(page);
    await page.goto('/');
  });

  test('the desktop navigation is hidden and the menu toggle opens every link', async ({ page }) => {
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeHidden();
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    const close = page.getByRole('button', { name: 'Close menu' });
    await expect(close).toHaveAttribute('aria-expanded', 'true');
    const menu = page.getByRole('navigation', { name: 'Mobile navigation' });
    for (const name of [
      'Home',
      'About us',
      'Our Team',
      'Our work',
      'Reports',
      'Resources',
      'Media',
      'Events',
      'Community',
      'Courses',
      'Contact us',
      'Sign in',
    ]) {
      await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
    }
    // Focus moved into the panel.
    await expect(menu.getByRole('link', { name: 'Home', exact: true })).toBeFocused();
    // The theme toggle and language picker are in the menu.
    await expect(page.getByRole('group', { name: 'Colour theme' })).toBeVisible();
    await expect(
      page.getByRole('group', { name: 'Display settings' }).getByTestId('locale-switcher'),
    ).toBeVisible();
  });

  test('Escape closes the menu and returns focus to the toggle', async ({ page }) => {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.keyboard.press('Escape');
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await expect(toggle).toBeFocused();
    await expect(page.getByRole('navigation', { name: 'Mobile navigation' })).toBeHidden();
  });

  test('choosing a link navigates and closes the menu', async ({ page }) => {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page
      .getByRole('navigation', { name: 'Mobile navigation' })
      .getByRole('link', { name: 'Events' })
      .click();
    await expect(page).toHaveURL(/\/events$/);
    await expect(page.getByRole('navigation', { name: 'Mobile navigation' })).toBeHidden();
  });

  test('the theme can be changed from the mobile menu', async ({ page }) => {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page
      .getByRole('group', { name: 'Colour theme' })
      .getByRole('button', { name: 'Dark theme' })
      .click();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  });

  test('nothing overflows the 375 px viewport horizontally', async ({ page }) => {
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
  });
});
