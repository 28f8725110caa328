import { readFileSync } from 'node:fs';
import path from 'node:path';

import { expect, test } from '@playwright/test';
import { decodeHTML } from 'entities';

import { dismissCookieBanner } from '../fixtures';
import { restUrl } from './rest';

/**
 * The site built and served against the real WordPress rig (scripts/wp-rig.sh): pages render from WordPress,
 * and an edit made in WordPress reaches the page through the plugin's signed webhook, without a rebuild.
 */
const wordpressUrl = process.env.TEST_WORDPRESS_URL ?? '';
const state = process.env.TEST_WORDPRESS_STATE ?? path.join(process.cwd(), '.data', 'wp-rig');

function appPassword(): string {
  return readFileSync(path.join(state, 'app-password'), 'utf8').trim();
}

async function wpJson(pathAndQuery: string, init?: RequestInit) {
  const res = await fetch(restUrl(wordpressUrl, pathAndQuery), init);
  expect(res.ok, `${pathAndQuery}: HTTP ${res.status}`).toBe(true);
  return res.json();
}

test('the blog, a post, the reports and the home page render from WordPress', async ({ page }) => {
  const [latest] = (await wpJson('posts?per_page=1&_fields=slug,title')) as {
    slug: string;
    title: { rendered: string };
  }[];
  expect(latest).toBeDefined();

  await page.goto('/blog');
  await dismissCookieBanner(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Resources' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText(/Showing 1 to 12 of \d+ posts/);

  const res = await page.goto(`/blog/${latest!.slug}`);
  expect(res?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    decodeHTML(latest!.title.rendered.replace(/<[^>]+>/g, '')).trim(),
  );

  const reports = (await wpJson('reports?per_page=1&_fields=slug')) as { slug: string }[];
  expect((await page.goto(`/reports/${reports[0]!.slug}`))?.status()).toBe(200);
  await expect(page.getByRole('link', { name: /Download PDF/ })).toBeVisible();
  expect((await page.goto('/'))?.status()).toBe(200);
});

test('an edit in WordPress reaches the page through the webhook, without a rebuild', async ({
  page,
  request,
}) => {
  const [post] = (await wpJson('posts?per_page=1&orderby=date&order=asc&_fields=id,slug,title')) as {
    id: number;
    slug: string;
    title: { rendered: string };
  }[];
  expect(post).toBeDefined();
  const original = post!.title.rendered;

  // Warm the cache: the page is now served from ISR, not rendered per request.
  await page.goto(`/blog/${post!.slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Polled, not asserted once: other workers edit posts on the same rig, and each edit's webhook invalidates the
  // posts tag, so one request may land on a page being re-rendered (MISS) before ISR serves it again.
  await expect
    .poll(async () => (await request.get(`/blog/${post!.slug}`)).headers()['x-nextjs-cache'], {
      timeout: 15_000,
      intervals: [250, 500, 1000],
    })
    .toMatch(/HIT|STALE/);

  const edited = `Edited in WordPress ${Date.now()}`;
  const auth = `Basic ${Buffer.from(appPassword()).toString('base64')}`;
  try {
    await wpJson(`posts/${post!.id}`, {
      method: 'POST',
      headers: { Authorization: auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ title: edited }),
    });

    // revalidateTag(…, 'max') serves the stale page once while it regenerates; poll until the new title shows.
    await expect
      .poll(
        async () => {
          const html = await (await request.get(`/blog/${post!.slug}`)).text();
          return html.includes(edited);
        },
        { timeout: 30_000, intervals: [500, 1000, 2000] },
      )
      .toBe(true);
    await page.goto(`/blog/${post!.slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(edited);
  } finally {
    await fetch(restUrl(wordpressUrl, `posts/${post!.id}`), {
      method: 'POST',
      headers: { Authorization: auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ title: original }),
    });
  }
});
