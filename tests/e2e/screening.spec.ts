import { randomInt } from 'node:crypto';

import { expect, test } from './fixtures';

/** Server 3101 runs the default limits (50 per 60 s) and trusts `x-test-client-ip` for the client address. */
const SCREENED = 'http://localhost:3101';
/** Server 3102 allows 5 requests and trusts no header: only the socket address counts. */
const STRICT = 'http://localhost:3102';

/** A client address for one test, from a documentation range (RFC 5737). */
const freshIp = (prefix = '198.51.100') => `${prefix}.${randomInt(1, 254)}`;

test.describe('screening rate limit', () => {
  test('a reader browsing normally, with link prefetching on, is never blocked', async ({ browser }) => {
    test.setTimeout(180_000);
    const context = await browser.newContext({
      baseURL: SCREENED,
      extraHTTPHeaders: { 'x-test-client-ip': freshIp('192.0.2') },
    });
    await context.addInitScript(() => window.localStorage.setItem('gdpr-consent', 'declined'));
    const page = await context.newPage();
    const statuses: number[] = [];
    const blockedUrls: string[] = [];
    let counted = 0;
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (!url.pathname.startsWith('/_next/static') && !/\.(svg|png|woff2|css|js)$/.test(url.pathname))
        counted += 1;
      statuses.push(response.status());
      if (response.status() === 429)
        blockedUrls.push(`${response.request().resourceType()} ${url.pathname}${url.search}`);
    });

    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    const tour = ['Our work', 'Reports', 'Resources', 'Media', 'Events', 'Community', 'Courses', 'Contact us'];
    // Twice round the whole menu, reading each page a moment so viewport prefetches fire.
    for (let round = 0; round < 2; round += 1) {
      for (const name of tour) {
        await nav.getByRole('link', { name, exact: true }).click();
        await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('aria-current', 'page');
        await page.waitForTimeout(300);
      }
    }
    for (const path of ['/', '/es', '/fr', '/pt']) {
      await page.goto(path);
      await page.waitForTimeout(500);
    }
    console.log(`screening e2e: ${counted} counted requests reached the server while browsing`);

    expect(blockedUrls).toEqual([]);
    // More than the page budget of 50 reached the server: prefetches and RSC requests had their own budget.
    expect(counted).toBeGreaterThan(50);
    await context.close();
  });

  test("more than 50 page requests in a minute get the 429 Access Blocked page, in the visitor's language", async ({
    browser,
  }) => {
    const ip = freshIp();
    const context = await browser.newContext({
      baseURL: SCREENED,
      extraHTTPHeaders: { 'x-test-client-ip': ip },
    });
    for (let i = 1; i <= 50; i += 1) {
      const response = await context.request.get(i % 2 ? '/' : '/es');
      expect(response.status(), `request ${i}`).toBe(200);
    }
    const page = await context.newPage();
    const blocked = await page.goto('/fr');
    expect(blocked?.status()).toBe(429);
    expect(Number(blocked?.headers()['retry-after'])).toBeGreaterThan(0);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Accès bloqué');

    const en = await page.goto('/about');
    expect(en?.status()).toBe(429);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Access Blocked');
    await expect(page.getByText('Your request has been identified as potentially malicious.')).toBeVisible();

    // Static assets never count, even for a blocked client.
    expect((await context.request.get('/icon.svg')).status()).toBe(200);
    // Another client is unaffected.
    const other = await browser.newContext({
      baseURL: SCREENED,
      extraHTTPHeaders: { 'x-test-client-ip': freshIp('100.64.0') },
    });
    expect((await other.request.get('/')).status()).toBe(200);
    await Promise.all([context.close(), other.close()]);
  });

  // Security review M2 and H2: these went on answering (full HTML, JSON, rendered 404s) after the client was
  // blocked, because a prefetch header, an `_rsc` query or a file extension moved them out of the page budget.
  test('a blocked client cannot get through with prefetch headers, ?_rsc or a file extension', async ({
    browser,
  }) => {
    const context = await browser.newContext({
      baseURL: SCREENED,
      extraHTTPHeaders: { 'x-test-client-ip': freshIp('203.0.113') },
    });
    for (let i = 1; i <= 50; i += 1) {
      expect((await context.request.get('/about')).status(), `request ${i}`).toBe(200);
    }
    const attempts: [string, Record<string, string>][] = [
      ['/?_rsc=x', {}],
      ['/about', { 'Next-Router-Prefetch': '1' }],
      ['/about', { Purpose: 'prefetch' }],
      ['/about', { 'Sec-Purpose': 'prefetch' }],
      ['/about', { RSC: '1' }],
      ['/api/form-token', { 'Next-Router-Prefetch': '1' }],
      ['/api/form-token?_rsc=1', { RSC: '1' }],
      ['/api/geo', { Purpose: 'prefetch' }],
      ['/en/blog/audit-probe-1.txt', {}],
      ['/en/blog/audit-probe-2.pdf', {}],
      ['/en/blog/audit-probe-3.js', {}],
    ];
    for (const [path, headers] of attempts) {
      const response = await context.request.get(path, { headers, maxRedirects: 0 });
      expect(response.status(), `${path} ${JSON.stringify(headers)}`).toBe(429);
    }
    // Real static files still never count.
    expect((await context.request.get('/images/hero-default.jpg')).status()).toBe(200);
    await context.close();
  });

  test('without a trusted proxy header, a forged X-Forwarded-For does not escape the limit', async ({
    request,
  }) => {
    const statuses: number[] = [];
    for (let i = 1; i <= 7; i += 1) {
      const response = await request.get(`${STRICT}/`, {
        headers: { 'x-forwarded-for': `203.0.113.${i}`, 'x-screening-socket-address': `203.0.113.${i}` },
      });
      statuses.push(response.status());
    }
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses.slice(5)).toEqual([429, 429]);
  });
});
