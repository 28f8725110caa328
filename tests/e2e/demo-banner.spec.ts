import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

import { COLOUR_RULES, dismissCookieBanner, expect, test, useTheme } from './fixtures';

/**
 * Issue 33 item 3, "demo or real, never in between": the e2e server runs on the built-in placeholder identity
 * (example.org, charity number 0000000, the Ofcom drama-range phone, no SITE_URL), so every page shows one "Demo
 * site" banner (components/demo/demo-banner.tsx) in the page's language, saying the contact details, charity
 * number and donations are not real. It is a named region in the normal flow that cannot be closed, has contrast in
 * both themes and fits a 320 px screen. The other half (no banner once real values are configured, and a production
 * start refusing the placeholders) is unit-tested in tests/unit/ops-preflight.test.ts.
 */

const BANNER: Record<'en' | 'es' | 'fr' | 'pt', { label: string; words: RegExp }> = {
  en: {
    label: 'Demo site',
    words: /demonstration website.*contact details, charity number and donations are not real/,
  },
  es: { label: 'Sitio de demostración', words: /sitio web de demostración.*no son reales/ },
  fr: { label: 'Site de démonstration', words: /site web de démonstration.*ne sont pas réels/ },
  pt: { label: 'Site de demonstração', words: /site de demonstração.*não são reais/ },
};

const PAGES = ['/', '/contact', '/donate', '/events', '/get-help', '/blog/collective-conversation-on-grief'];

function url(locale: string, path: string) {
  return locale === 'en' ? path : `/${locale}${path === '/' ? '' : path}`;
}

async function expectOneBanner(page: Page, locale: keyof typeof BANNER) {
  const { label, words } = BANNER[locale];
  const regions = page.getByRole('region', { name: label, exact: true });
  await expect(regions).toHaveCount(1);
  await expect(regions).toBeVisible();
  await expect(regions).toContainText(words);
  // Nothing in it to close it: the notice stays for every visitor and every screen reader.
  await expect(regions.locator('button, a, [role="button"]')).toHaveCount(0);
  await expect(regions).not.toHaveAttribute('aria-hidden', 'true');
}

test.describe('Demo site banner', () => {
  for (const locale of Object.keys(BANNER) as (keyof typeof BANNER)[]) {
    test(`shows once on every page in ${locale}`, async ({ page }) => {
      for (const path of PAGES) {
        await page.goto(url(locale, path));
        await expectOneBanner(page, locale);
      }
      // The 404 page is a page too.
      const missing = await page.goto(url(locale, '/no-such-page-at-all-xyz'));
      expect(missing?.status()).toBe(404);
      await expectOneBanner(page, locale);
    });
  }

  test('comes before the header, in the reading order, and says it once for the whole site', async ({
    page,
  }) => {
    await page.goto('/');
    const order = await page.evaluate(() => {
      const banner = document.querySelector('[data-testid="demo-banner"]');
      const header = document.querySelector('header');
      return banner && header ? banner.compareDocumentPosition(header) & Node.DOCUMENT_POSITION_FOLLOWING : 0;
    });
    expect(order).toBeTruthy();
    // No "(fictional)" in the prose any more: the banner says it once.
    for (const path of ['/privacy-policy', '/event/heat-at-home-launch-discussion', '/reports']) {
      await page.goto(path);
      await expect(page.locator('main')).not.toContainText(/fictional/i);
    }
  });

  for (const theme of ['light', 'dark'] as const) {
    test(`has contrast in the ${theme} theme and fits a 320 px screen`, async ({ page }) => {
      await useTheme(page, theme);
      await page.setViewportSize({ width: 320, height: 640 });
      for (const locale of ['en', 'fr'] as const) {
        await page.goto(url(locale, '/'));
        await dismissCookieBanner(page);
        await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${theme}\\b`));
        const banner = page.getByTestId('demo-banner');
        await expectOneBanner(page, locale);
        const box = await banner.boundingBox();
        expect(box?.x).toBe(0);
        expect(box?.width).toBeLessThanOrEqual(320);
        // The page itself does not scroll sideways because of it.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
        const scan = await new AxeBuilder({ page })
          .include('[data-testid="demo-banner"]')
          .withRules([...COLOUR_RULES])
          .analyze();
        expect(scan.violations.map((v) => v.id)).toEqual([]);
        expect(scan.passes.map((v) => v.id)).toContain('color-contrast');
      }
    });
  }
});
