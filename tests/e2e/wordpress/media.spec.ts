import { expect, test } from '@playwright/test';
import { decodeHTML } from 'entities';

import { dismissCookieBanner } from '../fixtures';
import { restUrl } from './rest';

/** The media pages built against the real WordPress rig: media archive items, categories and files from WordPress. */
const wordpressUrl = process.env.TEST_WORDPRESS_URL ?? '';

test.beforeEach(async ({ page }) => dismissCookieBanner(page));

test('the media hub, galleries, podcasts and an archive item render from WordPress in en and es', async ({
  page,
}) => {
  const res = await fetch(restUrl(wordpressUrl, 'media-archive?per_page=1&_fields=slug,title'));
  expect(res.ok).toBe(true);
  const [item] = (await res.json()) as { slug: string; title: { rendered: string } }[];
  expect(item).toBeDefined();
  const title = decodeHTML(item!.title.rendered.replace(/<[^>]+>/g, '')).trim();

  for (const prefix of ['', '/es']) {
    for (const path of ['/media', '/media/images', '/media/videos', '/media/podcasts']) {
      const response = await page.goto(`${prefix}${path}`);
      expect(response?.status(), `${prefix}${path}`).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    }
    const response = await page.goto(`${prefix}/media-archive/${item!.slug}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  }

  await page.goto('/media');
  await expect(page.getByRole('link', { name: title })).toHaveAttribute(
    'href',
    `/media-archive/${item!.slug}`,
  );
  expect((await page.goto('/media-archive/no-such-item-in-wordpress'))?.status()).toBe(404);
});
