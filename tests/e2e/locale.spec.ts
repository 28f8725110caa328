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
      await page.getByTestId('locale-switcher').first().click();
      const menu = page.getByRole('menu');
      await expect(menu.getByRole('menuitemradio', { name: 'English' })).toHaveAttribute(
        'aria-checked',
        'true',
      );
      await menu.getByRole('menuitemradio', { name: target.name }).click();
      await expect(page).toHaveURL(new RegExp(`/${target.code}$`));
      await expect(page.locator('html')).toHaveAttribute('lang', target.code);
      await expect(page.getByRole('heading', { level: 2 }).first()).toHaveText(target.heading);
    });
  }

  test('switching keeps the current path and returns to unprefixed English', async ({ page }) => {
    await page.goto('/fr/our-work');
    await page.getByTestId('locale-switcher').first().click();
    await expect(page.getByRole('menuitemradio', { name: 'Français' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await page.getByRole('menuitemradio', { name: 'Português' }).click();
    await expect(page).toHaveURL(/\/pt\/our-work$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'pt');
    await page.getByTestId('locale-switcher').first().click();
    await page.getByRole('menuitemradio', { name: 'English' }).click();
    await expect(page).toHaveURL(/localhost:3100\/our-work$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });

  test('the picker works from the keyboard', async ({ page }) => {
    await page.goto('/');
    await page.getByTestId('locale-switcher').first().focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menu')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toBeHidden();
    await expect(page.getByTestId('locale-switcher').first()).toBeFocused();
  });
});
