import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { expect, test, type APIRequestContext } from '@playwright/test';

import { dismissCookieBanner } from '../fixtures';
import { restUrl } from './rest';

/**
 * Issue 18 items 4 and 5 against the WordPress rig: a menu an editor sets (and then edits) at the plugin's header
 * location reaches every page's header through the menu webhook, and a renamed post's old address answers a 308
 * to its new one through the save webhook and WordPress's `_wp_old_slug`. Everything changed in WordPress is put
 * back in afterAll (the other specs share the rig and the site).
 */
const wordpressUrl = process.env.TEST_WORDPRESS_URL ?? '';
const state = process.env.TEST_WORDPRESS_STATE ?? path.join(process.cwd(), '.data', 'wp-rig');
const auth = () =>
  `Basic ${Buffer.from(readFileSync(path.join(state, 'app-password'), 'utf8').trim()).toString('base64')}`;

async function wp(method: string, pathAndQuery: string, body?: unknown) {
  const res = await fetch(restUrl(wordpressUrl, pathAndQuery), {
    method,
    headers: { Authorization: auth(), 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.ok, `${method} ${pathAndQuery}: HTTP ${res.status}`).toBe(true);
  return (await res.json()) as Record<string, unknown>;
}

const cleanups: (() => Promise<unknown> | unknown)[] = [];
test.afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** The header (both navigations) of the HTML the site answers for `pagePath`. */
async function headerHtml(request: APIRequestContext, pagePath: string) {
  const html = await (await request.get(pagePath)).text();
  return /<header[\s\S]*?<\/header>/.exec(html)?.[0] ?? '';
}

test("a renamed post's old address answers 308 to the new one", async ({ request }) => {
  const [post] = (await (
    await fetch(restUrl(wordpressUrl, 'posts?per_page=1&offset=3&_fields=id,slug'))
  ).json()) as { id: number; slug: string }[];
  expect(post).toBeDefined();
  expect((await request.get(`/blog/${post!.slug}`)).status()).toBe(200);

  const renamed = `${post!.slug}-renamed-e2e`;
  await wp('POST', `posts/${post!.id}`, { slug: renamed });
  cleanups.push(async () => {
    await wp('POST', `posts/${post!.id}`, { slug: post!.slug });
    // Renaming back records the temporary slug as an old one in WordPress: forget it.
    execFileSync('php', [path.join('scripts', 'wp-rig', 'forget-old-slug.php'), String(post!.id), renamed], {
      env: {
        ...process.env,
        WP_RIG_PORT: new URL(wordpressUrl).port,
        WP_RIG_CONFIG_FILE: path.join(state, 'wp-config-rig.php'),
      },
    });
  });

  await expect
    .poll(
      async () => {
        const res = await request.get(`/blog/${post!.slug}`, { maxRedirects: 0 });
        return `${res.status()} ${res.headers()['location'] ?? ''}`;
      },
      { timeout: 30_000, intervals: [250, 500, 1000] },
    )
    .toMatch(new RegExp(`^308 (http://localhost:3103)?/blog/${renamed}$`));
  const french = await request.get(`/fr/blog/${post!.slug}`, { maxRedirects: 0 });
  expect(french.status()).toBe(308);
  expect(french.headers()['location']).toMatch(new RegExp(`/fr/blog/${renamed}$`));
  const followed = await request.get(`/blog/${post!.slug}`);
  expect(followed.status()).toBe(200);
  expect(new URL(followed.url()).pathname).toBe(`/blog/${renamed}`);
});

test('a menu set and edited in WordPress reaches the header and footer after the webhook', async ({
  page,
  request,
}) => {
  const stamp = Date.now();
  const label = `Menu test ${stamp}`;
  // The built-in navigation's pages stay in the menu, so specs running meanwhile still find their links.
  const builtIn = [
    ['About', '/about'],
    ['Our work', '/our-work'],
    ['Reports', '/reports'],
    ['Blog', '/blog'],
    ['Media', '/media'],
    ['Events', '/events'],
    ['Community', '/community'],
    ['Courses', '/courses'],
    ['Contact', '/contact'],
    ['Our Team', '/our-team'],
    ['Vacancies', '/vacancies'],
    ['Archive', '/archive'],
  ];
  const menu = await wp('POST', 'menus', {
    name: `E2E menu ${stamp}`,
    locations: ['lrjn-header', 'lrjn-footer'],
  });
  cleanups.push(() => wp('DELETE', `menus/${menu.id}?force=true`));
  for (const [title, url] of builtIn) {
    await wp('POST', 'menu-items', {
      menus: menu.id,
      status: 'publish',
      title,
      url: `${wordpressUrl}${url}/`,
    });
  }
  const item = await wp('POST', 'menu-items', {
    menus: menu.id,
    status: 'publish',
    title: `${label} <script>alert(1)</script>`,
    url: `${wordpressUrl}/events/`,
  });

  const poll = (pagePath: string, wanted: string) =>
    expect
      .poll(async () => headerHtml(request, pagePath), { timeout: 30_000, intervals: [500, 1000, 2000] })
      .toContain(wanted);
  await poll('/', label);

  await page.goto('/');
  await dismissCookieBanner(page);
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByRole('link', { name: label, exact: true })).toHaveAttribute('href', '/events');
  expect(await page.locator('header script').count()).toBe(0);
  // The footer's Explore column is the menu at the footer location, under its translated heading.
  const footer = page.locator('footer');
  await expect(footer.getByRole('heading', { name: 'Explore' })).toBeVisible();
  await expect(footer.getByRole('link', { name: label, exact: true })).toHaveAttribute('href', '/events');

  // The edit: the same item renamed in WordPress.
  const edited = `Edited menu ${stamp}`;
  await wp('POST', `menu-items/${item.id}`, {
    title: edited,
    menus: menu.id,
    url: `${wordpressUrl}/events/`,
  });
  await poll('/', edited);
  await page.reload();
  await expect(nav.getByRole('link', { name: edited, exact: true })).toHaveAttribute('href', '/events');
  await expect(nav.getByRole('link', { name: label, exact: true })).toHaveCount(0);

  // Another locale: the editor's label as written (content), the link kept in the visitor's locale.
  await poll('/es', edited);
  await page.goto('/es');
  await expect(
    page
      .getByRole('navigation', { name: 'Navegación principal' })
      .getByRole('link', { name: edited, exact: true }),
  ).toHaveAttribute('href', '/es/events');

  // Put back: without a menu at the location, the built-in, translated navigation returns.
  await wp('DELETE', `menus/${menu.id}?force=true`);
  cleanups.pop();
  await expect
    .poll(async () => headerHtml(request, '/'), { timeout: 30_000, intervals: [500, 1000, 2000] })
    .not.toContain(edited);
  await expect.poll(async () => headerHtml(request, '/es'), { timeout: 30_000 }).not.toContain(edited);
});

test("an editor's redirect rule in WordPress is applied by the site after the webhook", async ({
  request,
}) => {
  const saved = (await (
    await fetch(`${wordpressUrl.replace(/\/+$/, '')}/?rest_route=/lrjn/v1/redirects`)
  ).json()) as { source: string; target: string; status: number }[];
  const post = (rules: string) =>
    fetch(`${wordpressUrl.replace(/\/+$/, '')}/?rest_route=/lrjn/v1/redirects`, {
      method: 'POST',
      headers: { Authorization: auth(), 'Content-Type': 'application/json' },
      body: JSON.stringify({ rules }),
    });
  const source = `/e2e-old-page-${Date.now()}`;
  expect((await request.get(source, { maxRedirects: 0 })).status()).not.toBe(301);
  const res = await post(`${source} /about 301\n${source}-away https://donate.example.org/e2e 302`);
  expect(res.status).toBe(200);
  cleanups.push(() => post(saved.map((r) => `${r.source} ${r.target} ${r.status}`).join('\n')));

  await expect
    .poll(
      async () => {
        const answer = await request.get(`/es${source}?from=e2e`, { maxRedirects: 0 });
        return `${answer.status()} ${answer.headers()['location'] ?? ''}`;
      },
      { timeout: 30_000, intervals: [250, 500, 1000] },
    )
    .toMatch(/^301 (http:\/\/localhost:3103)?\/es\/about\?from=e2e$/);
  const away = await request.get(`${source}-away`, { maxRedirects: 0 });
  expect(away.status()).toBe(302);
  expect(away.headers()['location']).toBe('https://donate.example.org/e2e');
});
