import { expect, test } from './fixtures';

test.describe('cookie consent banner', () => {
  test('is shown when no choice is stored; Accept stores "accepted" and hides it for good', async ({
    page,
  }) => {
    await page.goto('/');
    const banner = page.getByTestId('cookie-banner');
    await expect(banner).toBeVisible();
    await expect(banner.getByRole('heading', { name: 'Your privacy' })).toBeVisible();
    await banner.getByRole('button', { name: 'Accept' }).click();
    await expect(banner).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem('gdpr-consent'))).toBe('accepted');
    await page.reload();
    await expect(page.locator('footer')).toBeVisible();
    await expect(page.getByTestId('cookie-banner')).toBeHidden();
  });

  test('Decline stores "declined" and hides it; Cookie settings asks again', async ({ page }) => {
    await page.goto('/es');
    const banner = page.getByTestId('cookie-banner');
    await banner.getByRole('button', { name: 'Rechazar' }).click();
    await expect(banner).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem('gdpr-consent'))).toBe('declined');
    await page.reload();
    await expect(page.getByTestId('cookie-banner')).toBeHidden();
    await page.getByRole('contentinfo').getByRole('button').click();
    await expect(page.getByTestId('cookie-banner')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('gdpr-consent'))).toBeNull();
  });

  test('nothing is requested from another origin before consent', async ({ page }) => {
    const foreign: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.origin !== 'http://localhost:3100' && !url.protocol.startsWith('data'))
        foreign.push(request.url());
    });
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    await page.mouse.wheel(0, 4000);
    await page.waitForLoadState('networkidle');
    expect(foreign).toEqual([]);
  });
});
