import { readFileSync } from 'node:fs';
import path from 'node:path';

import { decodeHTML } from 'entities';

import { dismissCookieBanner, expect, test, waitForHydration } from './fixtures';

/** Archive, Donate and Thank-you on the embedded default: the bundled snapshot in content/snapshot. */
type Item = { slug: string; date_gmt: string; title: { rendered: string } };
const snapshot = (name: string) =>
  JSON.parse(
    readFileSync(
      path.join(
        process.env.CONTENT_SNAPSHOT_DIR ?? path.join(process.cwd(), 'content', 'snapshot'),
        `${name}.json`,
      ),
      'utf8',
    ),
  ) as Item[];
const posts = snapshot('posts');
const reports = snapshot('reports');
const media = snapshot('media-archive');
const total = posts.length + reports.length + media.length;
const title = (item: Item) => decodeHTML(item.title.rendered).trim();
const byDate = [...posts, ...reports, ...media].sort((a, b) => a.date_gmt.localeCompare(b.date_gmt));
/** A client-side navigation may wait for a route to compile when run against `next dev`. */
const NAVIGATION = { timeout: 20_000 };

test.beforeEach(async ({ page }) => dismissCookieBanner(page));

test.describe('archive', () => {
  test('merges posts, media and reports, newest first, 12 per page', async ({ page }) => {
    await page.goto('/archive');
    await expect(page.getByRole('heading', { level: 1, name: 'Archive' })).toBeVisible();
    await expect(page.getByRole('status')).toHaveText(`Showing 1 to 12 of ${total} results`);
    const cards = page.locator('main article');
    await expect(cards).toHaveCount(12);
    await expect(cards.first().getByRole('heading')).toHaveText(title(byDate.at(-1)!));
    await expect(page.locator('main article[data-type="post"]').first()).toContainText('Post');
  });

  test('a search for a word in a post title finds that post first', async ({ page }) => {
    const post = posts.find((p) => p.slug === 'collective-conversations-harehills')!;
    await page.goto('/archive');
    await waitForHydration(page);
    await page.getByLabel('Search the archive').fill('Harehills');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/\/archive\?q=Harehills$/, NAVIGATION);
    await expect(page.getByRole('status')).toContainText('for “Harehills”');
    const first = page.locator('main article').first();
    await expect(first.getByRole('link', { name: title(post) })).toHaveAttribute(
      'href',
      `/blog/${post.slug}`,
    );
    // With search text the order select offers the best match, which is the default.
    await expect(page.getByLabel('Order')).toHaveValue('');
  });

  test('a prefix with a typo still finds reports, and the type filter narrows to them', async ({ page }) => {
    await page.goto('/archive?q=surveilance&type=reports');
    await expect(page.locator('main article[data-type="reports"]').first()).toBeVisible();
    await expect(page.locator('main article:not([data-type="reports"])')).toHaveCount(0);
  });

  test('the type filter media_archive shows only media archive items', async ({ page }) => {
    await page.goto('/archive');
    await waitForHydration(page);
    await page.getByLabel('Type').selectOption('media_archive');
    await expect(page).toHaveURL(/\/archive\?type=media_archive$/, NAVIGATION);
    await expect(page.getByRole('status')).toHaveText(
      `Showing 1 to ${Math.min(12, media.length)} of ${media.length} results`,
    );
    const cards = page.locator('main article');
    await expect(cards).toHaveCount(Math.min(12, media.length));
    await expect(page.locator('main article:not([data-type="media_archive"])')).toHaveCount(0);
    await expect(cards.first().getByRole('link')).toHaveAttribute('href', /^\/media-archive\//);
  });

  test('order asc and desc change the first result', async ({ page }) => {
    await page.goto('/archive?order=asc');
    const first = page.locator('main article').first().getByRole('heading');
    await expect(first).toHaveText(title(byDate[0]!));
    await page.goto('/archive?order=desc');
    await expect(first).toHaveText(title(byDate.at(-1)!));
  });

  test('pagination links keep the search, type and order', async ({ page }) => {
    await page.goto('/archive?type=post&order=asc');
    await waitForHydration(page);
    const pager = page.getByRole('navigation', { name: 'Pagination' });
    const second = pager.getByRole('link', { name: 'Page 2' });
    await expect(second).toHaveAttribute('href', '/archive?type=post&order=asc&page=2');
    await second.click();
    await expect(page).toHaveURL(/\/archive\?type=post&order=asc&page=2$/, NAVIGATION);
    await expect(page.getByRole('status')).toHaveText(
      `Showing 13 to ${Math.min(24, posts.length)} of ${posts.length} results`,
    );
    await expect(pager.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');

    await page.goto('/es/archive?q=the&page=2');
    await expect(
      page.getByRole('navigation', { name: 'Paginación' }).getByRole('link', { name: 'Página 1' }),
    ).toHaveAttribute('href', '/es/archive?q=the');
  });

  test('a page past the end shows the last page; nothing found shows the empty state', async ({ page }) => {
    await page.goto('/archive?page=999');
    const lastFrom = Math.floor((total - 1) / 12) * 12 + 1;
    await expect(page.getByRole('status')).toHaveText(`Showing ${lastFrom} to ${total} of ${total} results`);
    await page.goto('/archive?q=zzqqxxnothing');
    await expect(page.getByRole('status')).toHaveText('No results found for “zzqqxxnothing”');
    await expect(page.getByRole('heading', { level: 2, name: 'No results found' })).toBeVisible();
    await expect(page.locator('main article')).toHaveCount(0);
  });

  test('the search form works without JavaScript (a GET form)', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/archive');
    await page.getByLabel('Search the archive').fill('heat');
    await page.getByLabel('Type').selectOption('reports');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/\/archive\?q=heat&type=reports/, NAVIGATION);
    await expect(page.getByRole('status')).toContainText('for “heat”');
    await expect(page.locator('main article[data-type="reports"]').first()).toBeVisible();
    await expect(page.locator('main article:not([data-type="reports"])')).toHaveCount(0);
    await context.close();
  });

  test('search and filter results are noindex with the plain archive as canonical', async ({ page }) => {
    await page.goto('/archive');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /^index/);
    await page.goto('/archive?q=climate&type=post');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/archive$/);
  });
});

test.describe('donate', () => {
  test('the donation page opens in a new tab, safely, and says so', async ({ page }) => {
    await page.goto('/donate');
    await expect(page.getByRole('heading', { level: 1, name: 'Donate' })).toBeVisible();
    const give = page.getByRole('main').getByRole('link', { name: 'Donate online (opens in a new tab)' });
    await expect(give).toHaveAttribute('target', '_blank');
    await expect(give).toHaveAttribute('rel', /\bnoopener\b/);
    await expect(give).toHaveAttribute('rel', /\bnoreferrer\b/);
    await expect(give).toHaveAttribute('href', /^https:\/\//);
    await expect(page.getByRole('heading', { name: 'Add Gift Aid if you are a UK taxpayer' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:/);
    await expect(page.getByRole('main')).toContainText(/Registered charity number \S+/);
  });
});

test.describe('thank-you', () => {
  test('an off-site returnTo links home instead', async ({ page }) => {
    for (const returnTo of [
      '//evil.example',
      'https://evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
    ]) {
      await page.goto(`/thank-you?type=newsletter&returnTo=${encodeURIComponent(returnTo)}`);
      const main = page.getByRole('main');
      await expect(main.getByRole('link', { name: 'Return Home' })).toHaveAttribute('href', '/');
      await expect(main.getByRole('link', { name: 'Go back to where you were' })).toHaveCount(0);
      expect(await main.locator('a[href*="evil"], a[href^="javascript"]').count()).toBe(0);
    }
  });

  test('a site returnTo is linked, in the page language', async ({ page }) => {
    await page.goto('/thank-you?type=newsletter&returnTo=%2Fblog');
    await expect(
      page.getByRole('main').getByRole('link', { name: 'Go back to where you were' }),
    ).toHaveAttribute('href', '/blog');
    await page.goto('/es/thank-you?type=newsletter&returnTo=%2Fblog%3Fpage%3D2');
    await expect(
      page.getByRole('main').getByRole('link', { name: 'Volver a donde estabas' }),
    ).toHaveAttribute('href', '/es/blog?page=2');
    await expect(page.getByRole('main').getByRole('link', { name: 'Volver al inicio' })).toHaveAttribute(
      'href',
      '/es',
    );
  });

  test('each type has its message; unknown types get the generic one', async ({ page }) => {
    const cases = [
      ['newsletter', 'Thank you for subscribing!', 'inbox'],
      ['registration', 'Registration Successful!', "Thank you for registering. We'll be in touch soon."],
      ['contact', 'Thank you for your message!', "We'll get back to you soon."],
      ['enquiry', 'Thank you for your message!', "We'll get back to you soon."],
      ['donation', 'Thank you for your donation!', 'generosity'],
      ['something-else', 'Thank you!', 'appreciate'],
    ] as const;
    for (const [type, heading, body] of cases) {
      await page.goto(`/thank-you?type=${type}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await expect(page.getByRole('main')).toContainText(body);
    }
  });

  test('source is never shown, and the page is noindex', async ({ page }) => {
    await page.goto('/thank-you?type=newsletter&source=%3Cb%3EINJECTED%3C%2Fb%3E');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you for subscribing!');
    // Next's own flight data carries the URL (JSON-encoded); what matters is that nothing renders from it.
    await expect(page.locator('body')).not.toContainText('INJECTED');
    await expect(page.locator('main b')).toHaveCount(0);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  });
});

test('every new route answers in all four locales, with translated headings', async ({ page }) => {
  test.slow();
  const headings = {
    en: ['Archive', 'Donate', 'Thank you for subscribing!'],
    es: ['Archivo', 'Dona', '¡Gracias por suscribirte!'],
    fr: ['Archives', 'Faire un don', 'Merci pour votre inscription\u00a0!'],
    pt: ['Arquivo', 'Doar', 'Obrigado pela sua subscrição!'],
  } as const;
  for (const [locale, [archive, donate, thanks]] of Object.entries(headings)) {
    const prefix = locale === 'en' ? '' : `/${locale}`;
    for (const [route, heading] of [
      ['/archive', archive],
      ['/donate', donate],
      ['/thank-you?type=newsletter', thanks],
    ] as const) {
      const res = await page.goto(`${prefix}${route}`);
      expect(res?.status(), `${prefix}${route}`).toBe(200);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    }
  }
});

// Every page above is scanned by axe in both themes in a11y.spec.ts.
