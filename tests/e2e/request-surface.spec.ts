import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
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

/** The build server 3100 runs, for its server-reference manifest. */
const DIST_DIR = path.join(process.cwd(), process.env.NEXT_DIST_DIR || '.next');

test.describe('hostile requests answer 4xx with the security headers, never 500 (L8)', () => {
  test('a subset of bench/fuzz.mjs: bad escapes on every prefix, broken multipart and bad Origins to server actions', async ({
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const { hostileRequests, serverActions } = await import('../../bench/fuzz-cases.mjs');
    const { isFailure, missingHeaders, run } = await import('../../bench/fuzz.mjs');
    const actions = serverActions(DIST_DIR);
    expect(actions.length).toBeGreaterThan(10);
    // Every escape on every prefix once; the action groups for a few actions of different pages.
    const pages = new Map(actions.map((a) => [a.page, a]));
    const requests = hostileRequests([...pages.values()].slice(0, 6), { repeat: 1 });
    const results = await run(baseURL!, requests, 8);
    const groups = new Set(results.map((r) => r.group));
    for (const group of [
      'bad escape',
      'broken multipart',
      'broken multipart (no JS)',
      'bad origin',
      'oversized body',
    ])
      expect(groups, group).toContain(group);

    const failures = results
      .filter(isFailure)
      .map((r) => `${r.answer.status} ${r.method} ${r.path} [${r.group}]`);
    expect(failures).toEqual([]);
    const bare = results
      .filter((r) => missingHeaders(r).length > 0)
      .map((r) => `${r.answer.status} ${r.method} ${r.path}: ${missingHeaders(r).join(', ')}`);
    expect(bare).toEqual([]);

    // The review's exact cases, each a 4xx carrying CSP, nosniff and X-Frame-Options.
    const refusals = results.filter(
      (r) =>
        ['/uploads/%', '/content-media/a%', '/_next/static/%E0', '/uploads/%E0%A4%A'].includes(r.path) ||
        r.group === 'broken multipart' ||
        r.group === 'bad origin',
    );
    expect(refusals.length).toBeGreaterThan(50);
    for (const r of refusals) {
      const label = `${r.method} ${r.path} [${r.group}] ${JSON.stringify(r.headers).slice(0, 120)}`;
      expect(r.answer.status, label).toBeGreaterThanOrEqual(400);
      expect(r.answer.status, label).toBeLessThan(500);
      expect(r.answer.headers['content-security-policy'], label).toContain("frame-ancestors 'none'");
      expect(r.answer.headers['x-content-type-options'], label).toBe('nosniff');
      expect(r.answer.headers['x-frame-options'], label).toBe('DENY');
    }
  });
});

/** The resident memory of the process listening on `port` (Linux: `ss` and /proc), in bytes. */
function rssOfPort(port: number): number {
  const line = execFileSync('ss', ['-ltnpH', `sport = :${port}`], { encoding: 'utf8' });
  const pid = /pid=(\d+)/.exec(line)?.[1];
  if (!pid) throw new Error(`no process listens on ${port}: ${line}`);
  const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb) * 1024;
}

/** POSTs `bytes` bytes to `url`, with a Content-Length, or chunked without one; @returns the status. */
function postBody(
  url: string,
  bytes: number,
  { chunked = false, headers = {} as Record<string, string> } = {},
) {
  return new Promise<number>((resolve) => {
    const req = httpRequest(
      url,
      {
        method: 'POST',
        headers: {
          'Content-Type': 'text/plain',
          ...(chunked ? {} : { 'Content-Length': bytes }),
          ...headers,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    let answered = false;
    req.on('response', () => (answered = true));
    req.on('error', () => (answered ? null : resolve(0)));
    const chunk = Buffer.alloc(256 * 1024, 0x61);
    let sent = 0;
    const write = () => {
      while (sent < bytes) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', write);
      }
      req.end();
    };
    write();
  });
}

test.describe('request bodies (NM5)', () => {
  test('a burst of 20 MB bodies to pages, a server action and API routes is refused with 413 and memory does not grow', async ({
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const base = new URL(baseURL!);
    const port = Number(base.port);
    const { serverActions } = await import('../../bench/fuzz-cases.mjs');
    const action = serverActions(DIST_DIR).find((a) => a.page === '/contact') ?? serverActions(DIST_DIR)[0]!;
    // Warm up the routes, so that what they load once is not counted as growth.
    for (const p of ['/', '/contact', '/api/assistant']) await postBody(new URL(p, base).href, 1024);
    const before = rssOfPort(port);

    const MB = 1024 * 1024;
    const declared = await Promise.all([
      ...Array.from({ length: 4 }, () => postBody(new URL('/', base).href, 20 * MB)),
      ...Array.from({ length: 4 }, () => postBody(new URL('/contact', base).href, 20 * MB)),
      ...Array.from({ length: 4 }, () =>
        postBody(new URL(action.page, base).href, 20 * MB, { headers: { 'Next-Action': action.id } }),
      ),
      ...Array.from({ length: 4 }, () => postBody(new URL('/api/assistant', base).href, 20 * MB)),
      postBody(new URL('/api/geo', base).href, 2 * MB),
    ]);
    expect(
      declared.every((s) => s === 413),
      declared.join(','),
    ).toBe(true);

    // Without a Content-Length the body cannot be refused up front: Next keeps at most 1 MB of it for the
    // proxy, the rest is read and dropped. The answers are ordinary 4xx (or the page), never a 500.
    const chunked = await Promise.all([
      ...Array.from({ length: 5 }, () => postBody(new URL('/', base).href, 20 * MB, { chunked: true })),
      ...Array.from({ length: 5 }, () =>
        postBody(new URL('/api/assistant', base).href, 20 * MB, { chunked: true }),
      ),
    ]);
    expect(
      chunked.filter((s) => s === 0 || s >= 500),
      chunked.join(','),
    ).toEqual([]);

    await new Promise((r) => setTimeout(r, 2000));
    const after = rssOfPort(port);
    // The review measured +196 MB for 10 such bodies with the 21 MB buffer; 26 here would be far more. A
    // generous bound: the answers themselves and the allocator's slack.
    expect(
      (after - before) / MB,
      `RSS ${Math.round(before / MB)} → ${Math.round(after / MB)} MB`,
    ).toBeLessThan(150);
  });
});
