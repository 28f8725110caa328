import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

import type { Page } from '@playwright/test';

import { dismissCookieBanner, expect, test, waitForHydration } from './fixtures';

/**
 * The request surface the proxy guards (security review findings H2, M9, L1, L8, L9), against server 3100 (the
 * embedded defaults, screening limits raised): unknown content is a 404 that is neither rendered nor cached,
 * malformed paths are a 400, cross-site writes to `/api/*` a 403, uploads up to 20 MB get through, and public
 * pages set no cookie.
 */

/** The build `next start` serves (playwright.config.ts: server 3100 uses the default dist dir). */
const SERVER_DIR = path.join(process.cwd(), process.env.NEXT_DIST_DIR || '.next', 'server');

/** Number and total size of the files under `dir`: the route cache lives in `.next/server/route-cache`. */
function diskUse(dir: string): { files: number; bytes: number } {
  let files = 0;
  let bytes = 0;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    files += 1;
    bytes += statSync(path.join(entry.parentPath, entry.name)).size;
  }
  return { files, bytes };
}

test.describe('unknown content (H2)', () => {
  test('500 unknown slugs on every content route answer 404/400 without rendering, and the cache does not grow', async ({
    request,
  }) => {
    test.setTimeout(240_000);
    const routes = [
      '/blog',
      '/event',
      '/reports',
      '/team-member',
      '/vacancies',
      '/media-archive',
      '/cause',
      '/causes',
      '/media/category',
    ];
    const locales = ['', '/es', '/fr', '/pt', '/en'];
    const suffixes = ['', '.txt', '.pdf', '.js', '.xml', '/opengraph-image'];
    const run = Date.now().toString(36);
    const paths = Array.from({ length: 500 }, (_, i) => {
      const route = routes[i % routes.length];
      const locale = locales[Math.floor(i / routes.length) % locales.length];
      const suffix = suffixes[i % suffixes.length];
      return `${locale}${route}/h2-probe-${run}-${i}${suffix}`;
    });
    paths.push('/event/h2-probe-ics/calendar.ics', '/blog/%E0%A4%A', '/blog/a%2Fb', '/blog/my%2Dpost');

    const before = diskUse(SERVER_DIR);
    const answers: { path: string; status: number; cache: string; nextCache?: string }[] = [];
    for (let i = 0; i < paths.length; i += 10) {
      const batch = paths.slice(i, i + 10);
      answers.push(
        ...(await Promise.all(
          batch.map(async (p) => {
            const response = await request.get(p, { maxRedirects: 0 });
            return {
              path: p,
              status: response.status(),
              cache: response.headers()['cache-control'] ?? '',
              nextCache: response.headers()['x-nextjs-cache'],
            };
          }),
        )),
      );
    }
    const after = diskUse(SERVER_DIR);

    expect(answers.filter((a) => a.status !== 404 && a.status !== 400)).toEqual([]);
    expect(answers.filter((a) => a.cache !== 'no-store')).toEqual([]);
    // Page paths were answered from the cache on their very first request: that is the 404 page of their type
    // pre-rendered at build time (app/[locale]/missing-content), since a new slug rendered by its own route
    // would be a MISS (and a new cache entry).
    const pages = answers.filter((a) => a.status === 404 && !a.path.includes('.'));
    expect(pages.length).toBeGreaterThan(150);
    expect(pages.filter((a) => a.nextCache !== 'HIT')).toEqual([]);
    expect(after).toEqual(before);
  });

  test('the 404 answered for an unknown slug is a translated page', async ({ page }) => {
    const response = await page.goto('/es/blog/no-existe-este-articulo');
    expect(response?.status()).toBe(404);
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Entrada no encontrada');
    await expect(page).toHaveTitle(/^Entrada no encontrada \| /);
    await expect(page.getByRole('link', { name: 'Ver todas las entradas' })).toHaveAttribute(
      'href',
      '/es/blog',
    );
  });

  test('a real post that was not pre-rendered still renders, and nothing is written to disk', async ({
    request,
  }) => {
    const posts = JSON.parse(
      readFileSync(path.join(process.cwd(), 'content', 'snapshot', 'posts.json'), 'utf8'),
    ) as { slug: string; date: string; title: { rendered: string } }[];
    // The oldest post: generateStaticParams pre-renders only the 20 latest.
    const oldest = [...posts].sort((a, b) => a.date.localeCompare(b.date))[0]!;
    const before = diskUse(SERVER_DIR);
    const first = await request.get(`/pt/blog/${oldest.slug}`);
    expect(first.status()).toBe(200);
    const second = await request.get(`/pt/blog/${oldest.slug}`);
    expect(second.status()).toBe(200);
    expect(second.headers()['x-nextjs-cache']).toBe('HIT');
    expect(diskUse(SERVER_DIR)).toEqual(before);
  });
});

test.describe('malformed paths (L8)', () => {
  test('a malformed %-escape answers 400, not 500', async ({ request }) => {
    for (const p of ['/blog/%E0%A4%A', '/%E0%A4%A', '/es/events/%zz', '/api/%E0%A4%A']) {
      const response = await request.get(p, { maxRedirects: 0 });
      expect(response.status(), p).toBe(400);
    }
  });
});

test.describe('public pages set no cookie (L9)', () => {
  test('/, /blog, a post and /es/events carry no Set-Cookie and a Cache-Control a shared cache honours', async ({
    request,
  }) => {
    // Issue 16 item 1: nginx and CDNs store no response with a Set-Cookie, and need s-maxage to store one at all.
    for (const p of ['/', '/blog', '/blog/faith-leaders-roundtable', '/es/events', '/fr', '/pt/about']) {
      for (const language of [undefined, 'es-ES,es;q=0.9', 'fr']) {
        const response = await request.get(p, {
          headers: language ? { 'Accept-Language': language } : {},
          maxRedirects: 0,
        });
        const label = `${p} (Accept-Language: ${language ?? 'none'})`;
        expect(response.status(), label).toBe(200);
        expect(
          response.headersArray().filter((h) => h.name.toLowerCase() === 'set-cookie'),
          label,
        ).toEqual([]);
        const cacheControl = response.headers()['cache-control'] ?? '';
        expect(cacheControl, label).toMatch(/s-maxage=\d+/);
        expect(cacheControl, label).toMatch(/stale-while-revalidate=\d+/);
        expect(cacheControl, label).not.toMatch(/private|no-store|no-cache/);
      }
    }
  });
});

/** Signs the e2e admin in (`signIn`, the signInAsAdmin fixture) and creates a course; @returns its id. */
async function adminCourse(page: Page, signIn: () => Promise<void>): Promise<string> {
  await dismissCookieBanner(page);
  // The same admin as course-admin.spec.ts: ADMIN_EMAILS of server 3100.
  await signIn();
  await page.goto('/courses/create');
  await waitForHydration(page);
  await page.getByLabel('Title', { exact: true }).fill(`Upload limits ${Date.now()}`);
  await page.getByLabel('Description', { exact: true }).fill('A course for the upload size test.');
  await page.getByLabel('Price (GBP)').fill('0');
  await page.getByRole('button', { name: 'Create course' }).click();
  await expect(page).toHaveURL(/\/courses\/manage\/[0-9a-f-]{36}$/, { timeout: 20_000 });
  return /[0-9a-f-]{36}$/.exec(page.url())![0];
}

/** POSTs a PDF of `bytes` bytes from the page (the admin's own session), as the upload form's script does. */
async function uploadPdf(page: Page, courseId: string, bytes: number) {
  return page.evaluate(
    async ([id, size]) => {
      const data = new Uint8Array(size).fill(0x20);
      data.set(new TextEncoder().encode('%PDF-1.4\n'));
      const form = new FormData();
      form.set('courseId', id);
      form.set('file', new File([data], 'big-reader.pdf', { type: 'application/pdf' }));
      const response = await fetch('/api/courses/materials', { method: 'POST', body: form });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    },
    [courseId, bytes] as const,
  );
}

test.describe('ETags of cached pages (issue 20 item 3)', () => {
  test('a cached page carries one weak ETag per cache entry, the same on every hit, and each page its own', async ({
    request,
  }) => {
    const tags = new Map<string, string>();
    for (const p of ['/', '/blog', '/es/events', '/contact']) {
      await request.get(p); // the first request of a process may render the page
      const first = await request.get(p);
      const second = await request.get(p);
      expect(second.headers()['x-nextjs-cache'], p).toMatch(/^(HIT|STALE)$/);
      const etag = first.headers()['etag'] ?? '';
      expect(etag, p).toMatch(/^W\/"[0-9a-z]+"$/);
      expect(second.headers()['etag'], p).toBe(etag);
      tags.set(p, etag);
    }
    expect(new Set(tags.values()).size).toBe(tags.size);
  });
});

test.describe('uploads through the proxy (M9) and cross-site writes (L1)', () => {
  test('an admin uploads an 11 MB PDF; cut-off, malformed and oversized bodies get 413; a cross-site upload 403', async ({
    page,
    signInAsAdmin,
  }) => {
    test.setTimeout(180_000);
    const courseId = await adminCourse(page, signInAsAdmin);

    const big = await uploadPdf(page, courseId, 11 * 1024 * 1024);
    expect(big.status).toBe(201);
    expect(String((big.body as { url?: string }).url)).toMatch(/^\/uploads\/\d{13}_big-reader\.pdf$/);

    const boundary = '----e2e-boundary';
    const head = [
      `--${boundary}`,
      'Content-Disposition: form-data; name="courseId"',
      '',
      courseId,
      `--${boundary}`,
      'Content-Disposition: form-data; name="file"; filename="cut.pdf"',
      'Content-Type: application/pdf',
      '',
      '%PDF-1.4 cut off here',
    ].join('\r\n');
    const cutOff = await page.request.post('/api/courses/materials', {
      headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}` },
      data: Buffer.from(head),
    });
    expect(cutOff.status()).toBe(413);
    const garbage = await page.request.post('/api/courses/materials', {
      headers: { 'Content-Type': 'multipart/form-data; boundary=nothing-like-this' },
      data: Buffer.from('not multipart at all'),
    });
    expect(garbage.status()).toBe(413);

    const oversized = await uploadPdf(page, courseId, 20 * 1024 * 1024 + 100 * 1024);
    expect(oversized.status).toBe(413);

    // L1: the review's admin upload with a foreign Origin was stored (201).
    const form = {
      courseId,
      file: { name: 'csrf.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 csrf') },
    };
    const crossSite = await page.request.post('/api/courses/materials', {
      headers: { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' },
      multipart: form,
    });
    expect(crossSite.status()).toBe(403);
    const sameSite = await page.request.post('/api/courses/materials', {
      headers: { 'Sec-Fetch-Site': 'same-site' },
      multipart: form,
    });
    expect(sameSite.status()).toBe(403);
    const nullOrigin = await page.request.post('/api/courses/materials', {
      headers: { Origin: 'null' },
      multipart: form,
    });
    expect(nullOrigin.status()).toBe(403);
    const sameOrigin = await page.request.post('/api/courses/materials', {
      headers: { Origin: new URL(page.url()).origin, 'Sec-Fetch-Site': 'same-origin' },
      multipart: form,
    });
    expect(sameOrigin.status()).toBe(201);
  });

  test('a cross-site POST to a public JSON route is refused; the webhook is not (it is HMAC-signed)', async ({
    request,
  }) => {
    const subscribe = await request.post('/api/mailchimp/subscribe', {
      headers: { Origin: 'https://evil.example' },
      data: { email: 'csrf@example.org' },
    });
    expect(subscribe.status()).toBe(403);
    const webhook = await request.post('/api/revalidate', {
      headers: { Origin: 'https://wordpress.example', 'Sec-Fetch-Site': 'cross-site' },
      data: {},
    });
    // Not 403: the handler answers (server 3100 has no REVALIDATE_SECRET, hence 503).
    expect(webhook.status()).toBe(503);
  });
});
