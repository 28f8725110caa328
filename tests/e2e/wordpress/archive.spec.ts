import { expect, test } from '@playwright/test';

import { dismissCookieBanner } from '../fixtures';

/**
 * The archive built against the real WordPress rig (scripts/wp-rig.sh): the combined search reads every post,
 * report and media archive item from WordPress and answers in every locale.
 */
test.beforeEach(async ({ page }) => dismissCookieBanner(page));

for (const [prefix, summary, heading] of [
  ['', /^Showing (1 result|1 to \d+ of \d+ results)/, 'Archive'],
  ['/fr', /^(1 résultat|Résultats 1 à \d+ sur \d+)/, 'Archives'],
] as const) {
  test(`${prefix || '/'}: the archive and a search list results from WordPress`, async ({ page }) => {
    const all = await page.goto(`${prefix}/archive`);
    expect(all?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await expect(page.getByRole('status')).toHaveText(summary);
    await expect(page.locator('main article').first()).toBeVisible();

    const search = await page.goto(`${prefix}/archive?q=climate`);
    expect(search?.status()).toBe(200);
    await expect(page.getByRole('status')).toHaveText(summary);
    const first = page.locator('main article').first();
    await expect(first).toBeVisible();
    await expect(first.getByRole('link')).toHaveAttribute(
      'href',
      new RegExp(`^${prefix}/(blog|reports|media-archive)/`),
    );
  });
}
