import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { expect, test } from '@playwright/test';

import { restUrl } from './rest';

/**
 * Issue 18 item 6 end to end: the home page hero edited in WordPress (Pages → Home page hero, lrjn/v1/hero) and
 * Yoast SEO's values reach the built site through the plugin's signed webhook, without a rebuild. The rig is
 * switched to `seo=yoast` at run time and back to `seo=none` (and an empty hero) afterwards.
 */
const wordpressUrl = process.env.TEST_WORDPRESS_URL ?? '';
const state = process.env.TEST_WORDPRESS_STATE ?? path.join(process.cwd(), '.data', 'wp-rig');
const auth = () => `Basic ${Buffer.from(readFileSync(path.join(state, 'app-password'), 'utf8').trim()).toString('base64')}`;

/** The plugin's own route through `?rest_route=`, whatever the permalink setting. */
function heroUrl(): string {
  const url = new URL(`${wordpressUrl.replace(/\/+$/, '')}/`);
  url.searchParams.set('rest_route', '/lrjn/v1/hero');
  return url.toString();
}

async function saveHero(body: Record<string, unknown>) {
  const res = await fetch(heroUrl(), {
    method: 'POST',
    headers: { Authorization: auth(), 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.ok, `hero: HTTP ${res.status}`).toBe(true);
}

/** Saves the home page unchanged: WordPress sends its webhook, which refreshes the page's data. */
async function touchHomePage() {
  const [home] = (await (await fetch(restUrl(wordpressUrl, 'pages?slug=home&_fields=id'))).json()) as {
    id: number;
  }[];
  const res = await fetch(restUrl(wordpressUrl, `pages/${home!.id}`), {
    method: 'POST',
    headers: { Authorization: auth(), 'Content-Type': 'application/json' },
    body: JSON.stringify({ status: 'publish' }),
  });
  expect(res.ok).toBe(true);
}

function rigMode(arg: string) {
  execFileSync('bash', [path.join('scripts', 'wp-rig.sh'), 'mode', arg], {
    env: { ...process.env, WP_RIG_PORT: new URL(wordpressUrl).port, WP_RIG_STATE: state },
  });
}

const emptyHero = { heading: '', text: '', imageId: 0, buttonLabel: '', buttonLink: '' };

test.describe.configure({ mode: 'serial' });

test('the hero saved in WordPress shows on the home page at once; other locales keep their texts', async ({
  page,
}) => {
  const heading = `Hero from WordPress ${Date.now()}`;
  try {
    await saveHero({ heading, text: 'Set by an editor.', buttonLabel: 'Read the blog', buttonLink: '/blog' });
    // revalidateTag('home-hero', 'max') serves the stale page once while it regenerates: poll.
    await expect
      .poll(
        async () => {
          await page.goto('/');
          return page.getByRole('heading', { level: 1 }).textContent();
        },
        { timeout: 30_000 },
      )
      .toBe(heading);
    await expect(page.getByText('Set by an editor.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Read the blog' })).toHaveAttribute('href', '/blog');

    // Each locale's page regenerates on its own first visit after the webhook (stale once): poll it too.
    await expect
      .poll(
        async () => {
          await page.goto('/fr');
          return page.locator('#hero-title ~ a').first().getAttribute('href');
        },
        { timeout: 30_000 },
      )
      .toBe('/fr/blog');
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(heading);
  } finally {
    await saveHero(emptyHero);
  }
  await expect
    .poll(
      async () => {
        await page.goto('/');
        return page.getByRole('heading', { level: 1 }).textContent();
      },
      { timeout: 30_000 },
    )
    .not.toBe(heading);
});

test('Yoast SEO’s title and description for the home page reach its head', async ({ page }) => {
  try {
    rigMode('seo=yoast');
    await touchHomePage();
    await expect
      .poll(
        async () => {
          await page.goto('/');
          return page.title();
        },
        { timeout: 30_000 },
      )
      .toMatch(/^Welcome to the network \| /);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      'content',
      'The SEO description of the home page.',
    );
  } finally {
    rigMode('seo=none');
    await touchHomePage();
  }
  await expect
    .poll(
      async () => {
        await page.goto('/');
        return page.title();
      },
      { timeout: 30_000 },
    )
    .toMatch(/^Home \| /);
});
