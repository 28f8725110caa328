import { expect, test, type Page } from '@playwright/test';
import { decodeHTML } from 'entities';

import { dismissCookieBanner } from '../fixtures';
import { restUrl } from './rest';

/**
 * The site built and served against a WordPress WITHOUT the LRJN Companion plugin (project `wordpress-bare`,
 * port 3105: `scripts/wp-rig.sh` with WP_RIG_PLUGIN=inactive and plain permalinks). WordPress has posts, pages,
 * and `reports` and `events` registered by the site itself (no ACF-shaped fields); team-member, vacancies,
 * cause, media-archive and media_category answer 404 rest_no_route. The build must succeed, the sections
 * with content render from WordPress, Our Team and Vacancies show their empty state (their links stay in the
 * navigation: see the commit "nav (issue 21)"), and their item pages answer 404.
 */
const wordpressUrl = process.env.TEST_WORDPRESS_BARE_URL ?? '';

type WpItem = { slug: string; title: { rendered: string } };

async function wp(pathAndQuery: string): Promise<{ status: number; body: unknown }> {
  const res = await fetch(restUrl(wordpressUrl, pathAndQuery));
  return { status: res.status, body: await res.json() };
}

async function first(type: string): Promise<WpItem> {
  const { status, body } = await wp(`${type}?per_page=1&_fields=slug,title`);
  expect(status, `${type} in WordPress`).toBe(200);
  const [item] = body as WpItem[];
  expect(item, `a published ${type} item`).toBeDefined();
  return item!;
}

const plain = (rendered: string) => decodeHTML(rendered.replace(/<[^>]+>/g, '')).trim();

/** Images from WordPress's uploads (raw or through next/image): the bundled snapshot has none. */
async function expectWordPressImages(page: Page) {
  const html = await page.content();
  expect(/wp-content(\/|%2F)uploads/.test(html), `images from WordPress on ${page.url()}`).toBe(true);
}

test.beforeEach(async ({ page }) => dismissCookieBanner(page));

test('the rig really lacks the companion plugin: team-member and vacancies are rest_no_route', async () => {
  for (const type of ['team-member', 'vacancies', 'cause', 'media-archive']) {
    const { status, body } = await wp(`${type}?per_page=1`);
    expect(status, type).toBe(404);
    expect((body as { code: string }).code).toBe('rest_no_route');
  }
  const { body } = await wp('reports?per_page=1');
  expect((body as Record<string, unknown>[])[0]).not.toHaveProperty('acf');
});

test('home, blog, a post, reports, a report, events and an event render from WordPress', async ({ page }) => {
  expect((await page.goto('/'))?.status()).toBe(200);
  await expectWordPressImages(page);

  const post = await first('posts');
  expect((await page.goto('/blog'))?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Resources' })).toBeVisible();
  await expect(page.getByRole('link', { name: plain(post.title.rendered) }).first()).toBeVisible();
  await expectWordPressImages(page);
  expect((await page.goto(`/blog/${post.slug}`))?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(plain(post.title.rendered));

  const report = await first('reports');
  expect((await page.goto('/reports'))?.status()).toBe(200);
  await expect(page.getByText(plain(report.title.rendered)).first()).toBeVisible();
  await expectWordPressImages(page);
  expect((await page.goto(`/reports/${report.slug}`))?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(plain(report.title.rendered));

  const event = await first('events');
  expect((await page.goto('/events'))?.status()).toBe(200);
  await expect(page.getByTestId('event-card').first()).toBeVisible();
  expect((await page.goto(`/event/${event.slug}`))?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(plain(event.title.rendered));
});

for (const [path, empty] of [
  ['/our-team', 'We are updating our team page. Please check back soon.'],
  ['/vacancies', 'We have no vacancies at the moment. Please check back soon.'],
  ['/es/our-team', 'Estamos actualizando la página del equipo. Vuelve a visitarla pronto.'],
  ['/es/vacancies', 'Ahora mismo no tenemos ofertas de empleo. Vuelve a visitarnos pronto.'],
] as const) {
  test(`${path} shows its empty state`, async ({ page }) => {
    expect((await page.goto(path))?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText(empty)).toBeVisible();
  });
}

test('team member and vacancy pages answer 404, even for slugs still in the database', async ({
  request,
}) => {
  for (const path of [
    '/team-member/x',
    '/team-member/grace-mensah',
    '/es/team-member/grace-mensah',
    '/vacancies/volunteer-coordinator-maternity-cover',
  ]) {
    expect((await request.get(path)).status(), path).toBe(404);
  }
});

test('the footer keeps Our Team and Vacancies, and they lead to the empty state', async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  await footer.getByRole('link', { name: 'Vacancies' }).click();
  await expect(page).toHaveURL(/\/vacancies$/);
  await expect(page.getByText('We have no vacancies at the moment.')).toBeVisible();
  await page.goto('/');
  await footer.getByRole('link', { name: 'Our Team' }).click();
  await expect(page).toHaveURL(/\/our-team$/);
  await expect(page.getByText('We are updating our team page.')).toBeVisible();
});

test('the sitemap lists posts and reports but no team, vacancy or cause items, nor their section pages', async ({
  request,
}) => {
  const pages = await (await request.get('/sitemaps/pages.xml')).text();
  expect(pages).toContain('/reports/');
  expect(pages).toMatch(/\/event\/[a-z0-9-]+</);
  expect(pages).not.toMatch(/\/team-member\/|\/vacancies\/|\/media-archive\//);
  expect(pages).not.toMatch(/\/our-team<|\/vacancies</);
  const posts = await (await request.get('/sitemaps/posts-1.xml')).text();
  expect(posts).toContain('/blog/');
});
