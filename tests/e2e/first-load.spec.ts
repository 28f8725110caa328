import type { Page } from '@playwright/test';

import { dismissCookieBanner, expect, test } from './fixtures';

/**
 * Regression guards for what a cheap phone downloads and paints first (issue 20 items 1-2). The timings themselves
 * are measured by bench/lighthouse.mjs and bench/first-load-js.mjs, never here; these check the causes.
 */

/** react-hook-form's and zod's own code, as it appears in the built chunks (option and class names survive minification). */
const FORM_LIBRARIES = [
  { name: 'react-hook-form', marker: 'shouldUseNativeValidation' },
  { name: 'zod', marker: '$ZodError' },
];

/** Every script the page downloaded (first load and any idle-time route prefetch), with its text. */
function collectScripts(page: Page) {
  const scripts: { url: string; body: Promise<string> }[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script')
      scripts.push({ url: response.url(), body: response.text().catch(() => '') });
  });
  return async () => Promise.all(scripts.map(async (s) => ({ url: s.url, body: await s.body })));
}

async function formLibrariesIn(page: Page, path: string) {
  const scripts = collectScripts(page);
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  const found: string[] = [];
  for (const { url, body } of await scripts())
    for (const lib of FORM_LIBRARIES)
      if (body.includes(lib.marker)) found.push(`${lib.name} in ${new URL(url).pathname}`);
  return found;
}

test.describe('first load', () => {
  test('the home hero image is fetched first: fetchpriority=high and a matching preload in the head', async ({
    page,
  }) => {
    await dismissCookieBanner(page);
    const response = await page.request.get('/');
    const html = await response.text();
    const hero = /<img[^>]*class="object-cover"[^>]*>/.exec(html)?.[0] ?? '';
    expect(hero, 'the hero <img> is in the server HTML').not.toBe('');
    expect(hero).toMatch(/fetchpriority="high"/i);
    const srcset = / srcset="([^"]+)"/i.exec(hero)?.[1];
    expect(srcset).toBeTruthy();
    const head = html.slice(0, html.indexOf('</head>'));
    const preloads = [...head.matchAll(/<link[^>]*rel="preload"[^>]*>/g)]
      .map((m) => m[0])
      .filter((l) => /as="image"/.test(l));
    expect(
      preloads.some((l) => l.includes(`imageSrcSet="${srcset}"`) || l.includes(`imagesrcset="${srcset}"`)),
    ).toBe(true);
    expect(preloads.every((l) => /fetchpriority="high"/i.test(l))).toBe(true);
  });

  test('no webfont: the page requests no font file and preloads none (the system sans-serif)', async ({
    page,
  }) => {
    await dismissCookieBanner(page);
    const fonts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'font') fonts.push(request.url());
    });
    await page.goto('/blog/faith-leaders-roundtable');
    await page.waitForLoadState('networkidle');
    expect(fonts).toEqual([]);
    const html = await (await page.request.get('/')).text();
    expect(html).not.toMatch(/<link[^>]*as="font"/);
  });

  test('a list page preloads only its first card image', async ({ request }) => {
    const html = await (await request.get('/events')).text();
    const head = html.slice(0, html.indexOf('</head>'));
    const imagePreloads = [...head.matchAll(/<link[^>]*rel="preload"[^>]*>/g)].filter((m) =>
      /as="image"/.test(m[0]),
    );
    expect(imagePreloads).toHaveLength(1);
    expect([...html.matchAll(/<img[^>]*fetchpriority="high"/gi)]).toHaveLength(1);
  });

  test('the cookie banner is in the server HTML (its text is painted before hydration) and hidden without JavaScript', async ({
    browser,
    request,
  }) => {
    const html = await (await request.get('/blog')).text();
    expect(html).toContain('data-testid="cookie-banner"');
    const context = await browser.newContext({
      javaScriptEnabled: false,
      baseURL: test.info().project.use.baseURL,
    });
    const page = await context.newPage();
    await page.goto('/blog');
    await expect(page.locator('footer')).toBeVisible();
    await expect(page.getByTestId('cookie-banner')).toBeHidden();
    await context.close();
  });

  test('a returning visitor never sees the banner, even before hydration', async ({ browser }) => {
    const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const page = await context.newPage();
    await dismissCookieBanner(page, 'accepted');
    // Scripts from /_next are held back, so this is the server HTML with only the inline script run.
    await page.route('**/_next/static/chunks/*.js', () => undefined);
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    await expect(page.getByTestId('cookie-banner')).toBeAttached();
    await expect(page.getByTestId('cookie-banner')).toBeHidden();
    await expect(page.locator('html')).not.toHaveAttribute('data-consent-show');
    await context.close();
  });

  test('a first visitor sees the whole banner before hydration, shown only once its content is parsed', async ({
    browser,
    request,
  }) => {
    // Shown by the inline script at the banner's end: a paint between two parser chunks can never draw the
    // banner half-parsed (a strip that then grows, a layout shift).
    const html = await (await request.get('/contact')).text();
    const banner = html.slice(html.indexOf('data-testid="cookie-banner"'));
    const script = banner.indexOf('data-consent-show');
    expect(script).toBeGreaterThan(0);
    for (const part of ['id="cookie-banner-body"', '>Decline</button>', '>Accept</button>']) {
      const at = banner.indexOf(part);
      expect(at, part).toBeGreaterThan(0);
      expect(at, part).toBeLessThan(script);
    }
    expect(banner.indexOf('</section>')).toBeGreaterThan(script);

    const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const page = await context.newPage();
    await page.route('**/_next/static/chunks/*.js', () => undefined);
    await page.goto('/contact', { waitUntil: 'domcontentloaded' });
    const shown = page.getByTestId('cookie-banner');
    await expect(shown).toBeVisible();
    await expect(shown.getByRole('button', { name: 'Accept' })).toBeVisible();
    await context.close();
  });

  test('the assistant button, toasts and navigation status load after the page, not with it', async ({
    page,
  }) => {
    await dismissCookieBanner(page);
    const html = await (await page.request.get('/blog')).text();
    expect(html, 'no launcher in the server HTML').not.toContain('data-testid="chat-launcher"');
    await page.goto('/blog');
    await expect(page.getByRole('button', { name: /^Open chat with/ })).toBeVisible();
    await expect(page.getByTestId('navigation-status')).toBeAttached();
    // The browser's own clock: which scripts were asked for before the load event, which after.
    const { load, scripts } = await page.evaluate(() => ({
      load: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventStart,
      scripts: performance
        .getEntriesByType('resource')
        .filter((e) => (e as PerformanceResourceTiming).initiatorType === 'script')
        .map((e) => ({ url: e.name, at: e.startTime })),
    }));
    const bodies = await Promise.all(
      scripts.map(async (s) => ({ ...s, body: await (await page.request.get(s.url)).text() })),
    );
    // Turbopack keeps export names: each island's chunk registers its component by name.
    for (const name of ['AssistantLauncher', 'NavigationStatus', 'AppToaster']) {
      const holders = bodies.filter((b) => b.body.includes(`"${name}"`));
      expect(holders.length, `${name} was downloaded`).toBeGreaterThan(0);
      for (const h of holders) expect(h.at, `${name} asked for after load`).toBeGreaterThan(load);
    }
  });

  for (const path of ['/contact', '/login', '/es/login?mode=signup', '/']) {
    test(`${path} loads neither react-hook-form nor zod until the form is used`, async ({ page }) => {
      await dismissCookieBanner(page);
      expect(await formLibrariesIn(page, path)).toEqual([]);
    });
  }
});
