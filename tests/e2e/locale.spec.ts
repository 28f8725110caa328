import { dismissCookieBanner, expect, test } from './fixtures';

const TARGETS = [
  { name: 'Español', code: 'es', heading: 'Nuestro impacto' },
  { name: 'Français', code: 'fr', heading: 'Notre impact' },
  { name: 'Português', code: 'pt', heading: 'O nosso impacto' },
];

test.describe('language picker', () => {
  test.beforeEach(async ({ page }) => dismissCookieBanner(page));

  for (const target of TARGETS) {
    test(`switches to ${target.code} and sets <html lang>`, async ({ page }) => {
      await page.goto('/');
      const picker = page.getByTestId('locale-switcher').first();
      await expect(picker).toHaveAttribute('aria-expanded', 'false');
      await picker.click();
      await expect(picker).toHaveAttribute('aria-expanded', 'true');
      await expect(page.getByRole('link', { name: 'English' })).toHaveAttribute('aria-current', 'true');
      await expect(page.getByRole('link', { name: target.name })).not.toHaveAttribute('aria-current');
      await page.getByRole('link', { name: target.name }).click();
      await expect(page).toHaveURL(new RegExp(`/${target.code}$`));
      await expect(page.locator('html')).toHaveAttribute('lang', target.code);
      await expect(page.getByRole('heading', { level: 2 }).first()).toHaveText(target.heading);
    });
  }

  test('switching keeps the current path and returns to unprefixed English', async ({ page }) => {
    await page.goto('/fr/our-work');
    await page.getByTestId('locale-switcher').first().click();
    await expect(page.getByRole('link', { name: 'Français' })).toHaveAttribute('aria-current', 'true');
    await expect(page.getByRole('link', { name: 'Português' })).toHaveAttribute('href', '/pt/our-work');
    await page.getByRole('link', { name: 'Português' }).click();
    await expect(page).toHaveURL(/\/pt\/our-work$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'pt');
    await page.getByTestId('locale-switcher').first().click();
    await page.getByRole('link', { name: 'English' }).click();
    await expect(page).toHaveURL(/localhost:3100\/our-work$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });

  test('the picker works from the keyboard', async ({ page }) => {
    await page.goto('/');
    const picker = page.getByTestId('locale-switcher').first();
    await picker.focus();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('link', { name: 'English' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('link', { name: 'Español' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('link', { name: 'Español' })).toBeHidden();
    await expect(picker).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(picker).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Español' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/es$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  });

  test('a click outside closes the list', async ({ page }) => {
    await page.goto('/');
    const picker = page.getByTestId('locale-switcher').first();
    await picker.click();
    await expect(page.getByRole('link', { name: 'Español' })).toBeVisible();
    await page.getByRole('heading', { level: 1 }).click();
    await expect(page.getByRole('link', { name: 'Español' })).toBeHidden();
    await expect(picker).toHaveAttribute('aria-expanded', 'false');
  });
});
