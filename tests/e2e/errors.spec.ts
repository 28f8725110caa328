import { dismissCookieBanner, expect, SITE_NAME, test, waitForHydration } from './fixtures';

test.describe('404 and error screens', () => {
  test.beforeEach(async ({ page }) => dismissCookieBanner(page));

  test('an unknown path answers a real 404 with the translated page', async ({ page }) => {
    const en = await page.goto('/this/page-does-not-exist');
    expect(en?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found');
    await expect(page).toHaveTitle(`Page Not Found | ${SITE_NAME}`);
    await expect(page.locator('meta[name="robots"]').first()).toHaveAttribute('content', /noindex/);
    await expect(page.getByRole('link', { name: 'Return Home' })).toHaveAttribute('href', '/');

    const fr = await page.goto('/fr/cette/page-n-existe-pas');
    expect(fr?.status()).toBe(404);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page introuvable');
    await expect(page.getByRole('link', { name: /accueil/i }).last()).toHaveAttribute('href', '/fr');
  });

  test('an uncaught window error shows the error screen with its message and Reload Page', async ({
    page,
  }) => {
    await page.goto('/');
    await waitForHydration(page);
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error('Test failure in an event handler');
      }, 0);
    });
    const screen = page.getByTestId('window-error-screen');
    await expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
    await expect(screen.getByTestId('error-message')).toHaveText('Test failure in an event handler');
    await expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeFocused();
    await screen.getByRole('button', { name: 'Reload Page' }).click();
    await expect(page.getByTestId('window-error-screen')).toBeHidden();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(SITE_NAME);
  });

  test('an unhandled promise rejection also shows the error screen, translated', async ({ page }) => {
    await page.goto('/pt');
    await waitForHydration(page);
    await page.evaluate(() => {
      void Promise.reject(new Error('Rejected promise'));
    });
    const screen = page.getByTestId('window-error-screen');
    await expect(screen.getByTestId('error-message')).toHaveText('Rejected promise');
    await expect(screen.getByRole('button', { name: 'Recarregar a página' })).toBeVisible();
  });
});
