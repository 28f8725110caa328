import { expect, test } from '@playwright/test';

import { dismissCookieBanner } from '../fixtures';
import { restUrl } from './rest';

/**
 * Causes, the team and vacancies rendered from the real WordPress rig (the companion plugin's `cause`,
 * `team_member` and `vacancy` post types): each list and one item of each answer 200 in English and Spanish.
 */
const wordpressUrl = process.env.TEST_WORDPRESS_URL ?? '';

async function firstSlug(restBase: string): Promise<string> {
  const res = await fetch(restUrl(wordpressUrl, `${restBase}?per_page=1&_fields=slug`));
  expect(res.ok, `${restBase}: HTTP ${res.status}`).toBe(true);
  const [item] = (await res.json()) as { slug: string }[];
  expect(item?.slug, `a published ${restBase} item in WordPress`).toBeTruthy();
  return item!.slug;
}

const TYPES = [
  { restBase: 'cause', list: '/causes', item: '/causes/' },
  { restBase: 'team-member', list: '/our-team', item: '/team-member/' },
  { restBase: 'vacancies', list: '/vacancies', item: '/vacancies/' },
];

for (const { restBase, list, item } of TYPES) {
  test(`${list} and one ${restBase} item render from WordPress in en and es`, async ({ page }) => {
    await dismissCookieBanner(page);
    const slug = await firstSlug(restBase);
    for (const prefix of ['', '/es']) {
      for (const path of [`${prefix}${list}`, `${prefix}${item}${slug}`]) {
        expect((await page.goto(path))?.status(), path).toBe(200);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      }
    }
    expect((await page.goto(`${item}no-such-${restBase}-item`))?.status()).toBe(404);
  });
}

test('the /cause/{slug} alias and /causes/international-solidarity render from WordPress', async ({
  page,
}) => {
  const slug = await firstSlug('cause');
  expect((await page.goto(`/cause/${slug}`))?.status()).toBe(200);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`/causes/${slug}$`));
  expect((await page.goto('/fr/causes/international-solidarity'))?.status()).toBe(200);
});
