import {
  axeViolations as scan,
  axeViolationsInBothThemes as scanBothThemes,
  expect,
  test,
  useTheme,
  waitForHydration,
} from './fixtures';

/**
 * One path per template (the page components under app/[locale]), in a mix of locales, each scanned in both themes
 * (one page load: every rule in light, then the colour rules in dark, fixtures.ts axeViolationsInBothThemes):
 * another path of the same template only repeats the scan (the same markup with other words). Templates with
 * states of their own count as templates: a filtered list, a TBA event, each media-archive kind. Forms are also
 * scanned with their errors showing by their own specs (contact, community, auth, newsletter, courses and others).
 */
const PAGES = [
  '/es',
  '/this/page-does-not-exist',
  '/blog',
  '/blog?q=climate&sort=title',
  '/blog/hostile-markup-test',
  '/reports',
  '/pt/reports/watched-in-our-own-city',
  '/fr/our-work',
  '/privacy-policy',
  '/events',
  '/event/winter-solidarity-social-2026',
  '/pt/event/stop-the-scan-public-meeting-date-tba',
  '/causes',
  '/cause/pastoral-work',
  '/fr/causes/international-solidarity',
  '/our-team',
  '/es/team-member/yvonne-clarke',
  '/vacancies',
  '/pt/vacancies/volunteer-coordinator-maternity-cover',
  '/media',
  '/media/category/videos',
  '/media/images',
  '/es/media/videos',
  '/media/podcasts',
  '/media-archive/black-history-month-evening-2024-gallery',
  '/media-archive/stop-the-scan-explainer-video',
  '/media-archive/network-voices-episode-1-belonging',
  '/es/archive?q=climate&type=post',
  '/donate',
  '/fr/thank-you?type=newsletter&returnTo=/blog',
  '/contact',
  '/pt/community',
  '/login',
  '/fr/email-confirmation',
  '/community/new-discussion',
  '/courses',
  '/es/courses/7c1d0a52-3b8e-4f0e-9a61-0d5e2f8b1a01',
  '/verify/not-a-real-id',
  '/pt/accessibility',
  '/get-help',
];
for (const path of PAGES) {
  test(`${path} has no violations in light and dark (cookie banner showing)`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByTestId('cookie-banner')).toBeVisible();
    expect(await scanBothThemes(page)).toEqual([]);
    await expect(page.getByTestId('cookie-banner')).toBeVisible();
  });
}

for (const theme of ['light', 'dark'] as const) {
  test.describe(`axe WCAG 2.2 AA, ${theme} theme`, () => {
    test.beforeEach(async ({ page }) => useTheme(page, theme));

    test('open menus have no violations', async ({ page }) => {
      await page.addInitScript(() => window.localStorage.setItem('gdpr-consent', 'accepted'));
      await page.goto('/');
      await page
        .getByRole('navigation', { name: 'Main navigation' })
        .getByRole('button', { name: 'More about us' })
        .click();
      expect(await scan(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await page.getByTestId('locale-switcher').first().click();
      await expect(page.getByRole('link', { name: 'Español' })).toBeVisible();
      expect(await scan(page)).toEqual([]);
    });

    test('the mobile menu at 375 px has no violations', async ({ page }) => {
      await page.setViewportSize({ width: 375, height: 740 });
      await page.addInitScript(() => window.localStorage.setItem('gdpr-consent', 'accepted'));
      await page.goto('/fr');
      await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
      expect(await scan(page)).toEqual([]);
    });

    test('the error screen has no violations', async ({ page }) => {
      await page.addInitScript(() => window.localStorage.setItem('gdpr-consent', 'accepted'));
      await page.goto('/');
      await waitForHydration(page);
      await page.evaluate(() =>
        setTimeout(() => {
          throw new Error('Scan me');
        }, 0),
      );
      await expect(page.getByTestId('window-error-screen')).toBeVisible();
      expect(await scan(page)).toEqual([]);
    });
  });
}

test('the Access Blocked page has no violations', async ({ browser }) => {
  const context = await browser.newContext({
    baseURL: 'http://localhost:3101',
    extraHTTPHeaders: { 'x-test-client-ip': '100.100.100.100' },
  });
  for (let i = 0; i < 51; i += 1) await context.request.get('/');
  const page = await context.newPage();
  expect((await page.goto('/'))?.status()).toBe(429);
  expect(await scan(page)).toEqual([]);
  await context.close();
});
