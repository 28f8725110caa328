import type { Page } from '@playwright/test';

import { dismissCookieBanner, expect, test } from './fixtures';

/**
 * Issue 33 item 6 (review §3 Exit this page and Content notes, §7 Reflow, §8 404): the content note and 'Exit this
 * page' come first on content-note posts, events and media items, and a post ends with support, not a giving ask;
 * Exit is on every page of the support service; the sticky Exit has a backing strip; the addresses people guess lead
 * to their pages; the 404 offers Get help; a long heading wraps at 320 px.
 */

const EXIT_URL = 'https://www.bbc.co.uk/weather';
const GRIEF_POST = '/blog/collective-conversation-on-grief';
const VIGIL_EVENT = '/event/vigil-for-lives-lost-at-sea-2025';
const VIGIL_PHOTOS = '/media-archive/vigil-for-lives-lost-at-sea-2025-photos';
const DROP_IN_EVENT = '/event/pastoral-support-drop-in-2025-2028';
const EXIT = {
  '': 'Exit this page',
  '/es': 'Salir de esta página',
  '/fr': 'Quitter cette page',
  '/pt': 'Sair desta página',
};
const NOTE = {
  '': 'Content note',
  '/es': 'Aviso sobre el contenido',
  '/fr': 'Avertissement sur le contenu',
  '/pt': 'Aviso de conteúdo',
};
type Prefix = keyof typeof EXIT;

test.beforeEach(async ({ page }) => {
  await dismissCookieBanner(page);
});

/** The y of the first of `selector` in the page (document coordinates). */
async function topOf(page: Page, selector: string): Promise<number> {
  return page
    .locator(selector)
    .first()
    .evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
}

/** The note and Exit come before the page's image and its h1, in reading order and on screen. */
async function expectNoteAndExitFirst(page: Page, prefix: Prefix, image: string) {
  const exit = page.getByRole('link', { name: EXIT[prefix] });
  await expect(exit).toHaveAttribute('href', EXIT_URL);
  await expect(page.getByRole('complementary', { name: NOTE[prefix] })).toBeVisible();
  const [exitTop, noteTop, imageTop, titleTop] = await Promise.all([
    topOf(page, '[data-exit-this-page]'),
    topOf(page, '[data-content-note]'),
    topOf(page, image),
    topOf(page, 'h1'),
  ]);
  expect(exitTop).toBeLessThan(noteTop);
  expect(noteTop).toBeLessThan(imageTop);
  expect(noteTop).toBeLessThan(titleTop);
  const before = await page.evaluate((image) => {
    const note = document.querySelector('[data-content-note]')!;
    const follows = (el: Element | null) =>
      Boolean(el && note.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING);
    return follows(document.querySelector('h1')) && follows(document.querySelector(image));
  }, image);
  expect(before).toBe(true);
}

test.describe('content-note pages, desktop (1366 × 900)', () => {
  test.use({ viewport: { width: 1366, height: 900 } });

  test('a content-note post: the note and Exit in the first screen, before the hero and the title', async ({
    page,
  }) => {
    await page.goto(GRIEF_POST);
    await expectNoteAndExitFirst(page, '', 'article img');
    await expect(page.locator('[data-content-note]')).toBeInViewport();
    await expect(page.getByRole('link', { name: 'Exit this page' })).toBeInViewport();
  });

  test('it ends with where to find support, not a Donate prompt', async ({ page }) => {
    await page.goto(GRIEF_POST);
    await expect(page.locator('[data-donate-cta]')).toHaveCount(0);
    const support = page.getByRole('region', { name: 'If this has brought up difficult feelings' });
    await expect(support).toBeVisible();
    await expect(support.locator('a[href="tel:999"]')).toBeVisible();
    await expect(support.locator('a[href="tel:116123"]')).toHaveText('call 116 123');
    await expect(support.locator('a[href="tel:08001381625"]')).toHaveText('0800 138 1625');
    await expect(
      support.getByRole('link', { name: 'All the ways to get help and report racism' }),
    ).toHaveAttribute('href', '/get-help');
  });

  test('in French too, with the note and the support block translated', async ({ page }) => {
    await page.goto(`/fr${GRIEF_POST}`);
    await expectNoteAndExitFirst(page, '/fr', 'article img');
    const support = page.getByRole('region', { name: 'Si cela a fait remonter des émotions difficiles' });
    await expect(support.getByRole('link', { name: /Toutes les façons/ })).toHaveAttribute(
      'href',
      '/fr/get-help',
    );
  });

  test('a content-note event (the vigil) and its photos open with the note and Exit', async ({ page }) => {
    await page.goto(VIGIL_EVENT);
    await expectNoteAndExitFirst(page, '', '[data-testid="event-detail"] img');
    await expect(page.locator('[data-content-note]')).toContainText('This page deals with');
    await page.goto(`/es${VIGIL_PHOTOS}`);
    await expectNoteAndExitFirst(page, '/es', 'main img');
  });
});

test.describe('Exit this page on the support service’s pages (390 px phone)', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  for (const path of [
    '/pastoral-work',
    '/causes/pastoral-work',
    '/cause/pastoral-work',
    '/contact',
    DROP_IN_EVENT,
  ]) {
    for (const prefix of ['', '/pt'] as const) {
      test(`${prefix}${path} offers it, without a content note`, async ({ page }) => {
        const res = await page.goto(`${prefix}${path}`);
        expect(res?.status()).toBe(200);
        await expect(page.getByRole('link', { name: EXIT[prefix] })).toHaveAttribute('href', EXIT_URL);
        await expect(page.getByRole('link', { name: EXIT[prefix] })).toBeInViewport();
        await expect(page.locator('[data-content-note]')).toHaveCount(0);
      });
    }
  }

  test('other pages do not (an ordinary event, a post, a cause, About)', async ({ page }) => {
    for (const path of [
      '/event/winter-solidarity-social-2026',
      '/blog/growing-together-community-gardens',
      '/causes/stop-the-scan',
      '/about',
    ]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }), path).toBeVisible();
      await expect(page.getByRole('link', { name: 'Exit this page' }), path).toHaveCount(0);
    }
  });

  test('when sticky, it sits on a strip of the page’s background as wide as the text', async ({ page }) => {
    for (const path of ['/get-help', GRIEF_POST, '/contact']) {
      await page.goto(path);
      await page.mouse.wheel(0, 1400);
      const strip = page.locator('[data-exit-this-page]');
      await expect
        .poll(async () => (await strip.boundingBox())?.y, { message: `${path}: stuck at the top` })
        .toBeLessThanOrEqual(1);
      await expect(page.getByRole('link', { name: 'Exit this page' })).toBeInViewport();
      const [stripBox, stripBg, pageBg] = await Promise.all([
        strip.boundingBox(),
        strip.evaluate((el) => getComputedStyle(el).backgroundColor),
        page.evaluate(() => getComputedStyle(document.body).backgroundColor),
      ]);
      // Opaque and the page's own colour: the text scrolling under it is hidden, not showing through.
      expect(stripBg, path).toBe(pageBg);
      expect(stripBg, path).not.toMatch(/rgba\(.*, 0\)|transparent/);
      // At least as wide as the column of text (main's paragraphs).
      const text = await page.locator('main p').evaluateAll((ps) => {
        const r = ps.map((p) => p.getBoundingClientRect()).find((r) => r.width > 200 && r.height > 0);
        return r ? { x: r.x, right: r.right } : null;
      });
      expect(text, path).not.toBeNull();
      expect(stripBox!.x, path).toBeLessThanOrEqual(text!.x);
      expect(stripBox!.x + stripBox!.width, path).toBeGreaterThanOrEqual(text!.right - 1);
    }
  });
});

test.describe('addresses people guess', () => {
  const aliases: [string, string][] = [
    ['/help', '/get-help'],
    ['/es/help', '/es/get-help'],
    ['/privacy', '/privacy-policy'],
    ['/fr/privacy', '/fr/privacy-policy'],
    ['/cookies', '/privacy-policy#cookies-and-local-storage'],
    ['/volunteer', '/community'],
    ['/pt/volunteer', '/pt/community'],
    ['/donation', '/donate'],
    ['/es/donation', '/es/donate'],
  ];

  test('lead to their pages with a 308, in every locale', async ({ request }) => {
    for (const [from, to] of aliases) {
      const res = await request.get(from, { maxRedirects: 0 });
      expect(res.status(), from).toBe(308);
      const location = new URL(res.headers().location!, 'http://x');
      expect(location.pathname + location.hash, from).toBe(to);
    }
  });

  test('every other single slug keeps the spec’s catch-all to /blog/{slug}', async ({ request }) => {
    for (const slug of ['this-page-does-not-exist', 'helpful', 'privacy-matters']) {
      const res = await request.get(`/${slug}`, { maxRedirects: 0 });
      expect(res.status(), slug).toBe(308);
      expect(new URL(res.headers().location!, 'http://x').pathname, slug).toBe(`/blog/${slug}`);
    }
  });

  test('in the browser, /cookies lands on the privacy notice’s cookies section', async ({ page }) => {
    await page.goto('/cookies');
    await expect(page).toHaveURL(/\/privacy-policy#cookies-and-local-storage$/);
    await expect(page.locator('#cookies-and-local-storage')).toBeInViewport();
    await page.goto('/es/help');
    await expect(page).toHaveURL(/\/es\/get-help$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Pedir ayuda' })).toBeVisible();
  });
});

test.describe('the 404 page', () => {
  test('offers Get help first among its popular links, in each locale', async ({ page }) => {
    for (const [prefix, label] of [
      ['', 'Get help'],
      ['/es', 'Pedir ayuda'],
      ['/fr', "Obtenir de l'aide"],
      ['/pt', 'Obter ajuda'],
    ] as const) {
      const res = await page.goto(`${prefix}/no/such/page`);
      expect(res?.status()).toBe(404);
      const popular = page.locator('main nav').last();
      const first = popular.getByRole('link').first();
      await expect(first).toHaveText(label);
      await expect(first).toHaveAttribute('href', `${prefix}/get-help`);
    }
  });
});

test.describe('reflow at 320 px', () => {
  test.use({ viewport: { width: 320, height: 700 } });

  test('a long heading wraps instead of being clipped (“Recommendations” on a report)', async ({ page }) => {
    await page.goto('/reports/watched-in-our-own-city');
    const heading = page.getByRole('heading', { name: 'Recommendations' });
    await expect(heading).toBeVisible();
    const fits = await heading.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const range = document.createRange();
      range.selectNodeContents(el);
      const text = range.getBoundingClientRect();
      return { right: r.right, textRight: text.right, scroll: el.scrollWidth <= el.clientWidth };
    });
    expect(fits.scroll).toBe(true);
    expect(fits.textRight).toBeLessThanOrEqual(320);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  });
});
