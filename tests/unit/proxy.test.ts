import { NextRequest } from 'next/server';
import { beforeAll, describe, expect, it, vi } from 'vitest';

/**
 * proxy.ts itself, called as Next calls it, on the embedded defaults (snapshot content, local accounts):
 * the request-surface checks of security review findings H2, L1 and L8.
 */
const SITE = 'http://localhost:3000';

let proxy: (request: NextRequest) => Promise<Response>;
beforeAll(async () => {
  vi.stubEnv('SCREENING_MAX_REQUESTS', '1000000');
  vi.stubEnv('SITE_URL', SITE);
  proxy = (await import('@/proxy')).default;
});

const call = (path: string, init: ConstructorParameters<typeof NextRequest>[1] = {}) =>
  proxy(new NextRequest(new URL(path, SITE), init));

describe('proxy: unknown content (H2)', () => {
  const rewriteOf = (response: Response) => {
    const target = response.headers.get('x-middleware-rewrite');
    return target ? new URL(target).pathname : null;
  };

  it.each([
    ['/blog/no-such-post', '/en/missing-content/posts'],
    ['/en/blog/audit-probe-1', '/en/missing-content/posts'],
    ['/es/blog/caf%C3%A9-inconnu', '/es/missing-content/posts'],
    ['/fr/event/nope', '/fr/missing-content/events'],
    ['/pt/reports/nope', '/pt/missing-content/reports'],
    ['/team-member/nobody', '/en/missing-content/team-member'],
    ['/vacancies/none', '/en/missing-content/vacancies'],
    ['/media-archive/none', '/en/missing-content/media-archive'],
    ['/cause/none', '/en/missing-content/causes'],
    ['/causes/none', '/en/missing-content/causes'],
    ['/media/category/none', '/en/missing-content/media-categories'],
    ['/blog/my%2Dpost', '/en/missing-content/posts'],
    ['/blog/no-such-post/opengraph-image', '/en/missing-content/posts'],
  ])('%s goes to the pre-rendered 404 page %s, not to its ISR route', async (path, target) => {
    const response = await call(path);
    expect(rewriteOf(response)).toBe(target);
    // The page renders as an ordinary page (whole HTML on the server); the status comes from here.
    expect(response.status).toBe(404);
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it.each([
    '/en/blog/audit-probe-1.txt',
    '/es/blog/x.js',
    '/pt/reports/nope.pdf',
    '/event/nope/calendar.ics',
  ])('%s (not a page) is a plain 404 from the proxy', async (path) => {
    const response = await call(path);
    expect(response.status).toBe(404);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-middleware-rewrite')).toBeNull();
    expect(response.headers.get('x-middleware-next')).toBeNull();
  });

  it('existing content is handed on to its route', async () => {
    for (const [path, target] of [
      ['/blog/faith-leaders-roundtable', '/en/blog/faith-leaders-roundtable'],
      ['/es/event/solidarity-social-september-2027', null],
      ['/causes/international-solidarity', '/en/causes/international-solidarity'],
    ] as const) {
      const response = await call(path);
      expect(response.status, path).toBe(200);
      expect(rewriteOf(response), path).toBe(target);
      if (!target) expect(response.headers.get('x-middleware-next'), path).toBe('1');
    }
  });
});

describe('proxy: paths no route serves (issue 19 item 4)', () => {
  const rewriteOf = (response: Response) => {
    const target = response.headers.get('x-middleware-rewrite');
    return target ? new URL(target).pathname : null;
  };

  it.each([
    ['/this/page-does-not-exist', '/en/missing-content/page'],
    ['/fr/cette/page-n-existe-pas', '/fr/missing-content/page'],
    ['/about/more', '/en/missing-content/page'],
    ['/missing-content/posts', '/en/missing-content/page'],
    ['/pt/missing-content/page', '/pt/missing-content/page'],
  ])('%s is the full 404 page %s with status 404, not a redirect', async (path, target) => {
    const response = await call(path);
    expect(response.status).toBe(404);
    expect(response.headers.get('location')).toBeNull();
    expect(rewriteOf(response)).toBe(target);
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('one unreserved slug that is no post goes on to /blog/{slug} (the URL contract), which answers the 404 page', async () => {
    for (const [path, target] of [
      ['/old-permalink', '/blog/old-permalink'],
      ['/es/entrada-antigua', '/es/blog/entrada-antigua'],
    ] as const) {
      const response = await call(path);
      expect(response.status).toBe(308);
      expect(new URL(response.headers.get('location')!).pathname).toBe(target);
    }
    const landing = await call('/blog/old-permalink');
    expect(landing.status).toBe(404);
    expect(rewriteOf(landing)).toMatch(/^\/en\/missing-content\//);
  });

  it('an address people guess goes to its page, in its language (issue 33 item 6)', async () => {
    for (const [path, target] of [
      ['/help', '/get-help'],
      ['/fr/privacy', '/fr/privacy-policy'],
      ['/es/cookies', '/es/privacy-policy#cookies-and-local-storage'],
      ['/pt/volunteer', '/pt/community'],
      ['/donation', '/donate'],
    ] as const) {
      const response = await call(path);
      expect(response.status, path).toBe(308);
      const location = new URL(response.headers.get('location')!);
      expect(location.pathname + location.hash, path).toBe(target);
    }
  });

  it('an old permalink of a post that exists still goes on to /blog/{slug}, in its language', async () => {
    for (const [path, target] of [
      ['/faith-leaders-roundtable', '/blog/faith-leaders-roundtable'],
      ['/es/Faith-Leaders-Roundtable', '/es/blog/faith-leaders-roundtable'],
    ] as const) {
      const response = await call(path);
      expect(response.status, path).toBe(308);
      expect(new URL(response.headers.get('location') ?? '', SITE).pathname, path).toBe(target);
    }
  });

  it('pages that exist are handed on as before', async () => {
    for (const path of ['/', '/about', '/accessibility', '/es/blog', '/courses/test']) {
      const response = await call(path);
      expect(response.status, path).toBe(200);
      expect(rewriteOf(response) ?? '', path).not.toContain('missing-content');
    }
  });
});

describe('proxy: malformed paths (L8)', () => {
  it.each(['/blog/%E0%A4%A', '/%E0%A4%A', '/es/about/%zz', '/api/%E0'])('%s is a 400', async (path) => {
    expect((await call(path)).status).toBe(400);
  });
});

describe('proxy: cross-site writes to /api/* (L1)', () => {
  const post = (path: string, headers: Record<string, string>) =>
    call(path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: '{}' });

  it('refuses a foreign Origin, Origin: null and cross-site or same-site fetch metadata with 403', async () => {
    expect((await post('/api/courses/materials', { origin: 'https://evil.example' })).status).toBe(403);
    expect((await post('/api/mailchimp/subscribe', { origin: 'null' })).status).toBe(403);
    expect((await post('/api/assistant', { 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    expect((await post('/api/assistant', { 'sec-fetch-site': 'same-site' })).status).toBe(403);
  });

  it('lets same-origin writes, reads and the signed webhook through', async () => {
    const ok = (r: Response) => r.status !== 403;
    expect(ok(await post('/api/assistant', { origin: SITE, 'sec-fetch-site': 'same-origin' }))).toBe(true);
    expect(ok(await post('/api/assistant', {}))).toBe(true); // a server-to-server client sends neither
    expect(ok(await call('/api/session', { headers: { origin: 'https://evil.example' } }))).toBe(true);
    expect(
      ok(await post('/api/revalidate', { origin: 'https://wp.example', 'sec-fetch-site': 'cross-site' })),
    ).toBe(true);
  });
});

describe('proxy matcher', () => {
  it('skips only real static paths and the webhook; a page path with an extension goes through', async () => {
    const { config } = await import('@/proxy');
    const { unstable_doesMiddlewareMatch } = await import('next/experimental/testing/server');
    const matches = (url: string) => unstable_doesMiddlewareMatch({ config, url });
    for (const url of [
      '/en/blog/x.js',
      '/blog/x.txt',
      '/es/reports/y.pdf',
      '/',
      '/api/geo',
      '/images/a.jpg',
    ]) {
      expect(matches(url), url).toBe(true);
    }
    for (const url of [
      '/_next/static/chunks/a.js',
      '/_next/image',
      '/content-media/x.jpg',
      '/uploads/a.pdf',
      '/api/revalidate',
      '/api/courses/materials',
    ]) {
      expect(matches(url), url).toBe(false);
    }
  });

  it('takes the static paths when they hold a %, and the upload route never (L8, NM5)', async () => {
    const { config } = await import('@/proxy');
    const { unstable_doesMiddlewareMatch } = await import('next/experimental/testing/server');
    const matches = (url: string) => unstable_doesMiddlewareMatch({ config, url });
    for (const url of [
      '/uploads/%',
      '/uploads/%E0%A4%A',
      '/content-media/a%',
      '/_next/static/%E0',
      '/_next/image/%zz',
    ])
      expect(matches(url), url).toBe(true);
    expect(matches('/api/courses/materials')).toBe(false);
  });
});

describe('proxy: malformed escapes on static paths (L8)', () => {
  const SECURITY = ['content-security-policy', 'x-content-type-options', 'x-frame-options'];

  it.each([
    '/uploads/%',
    '/uploads/%E0%A4%A',
    '/content-media/a%',
    '/content-media/%E0%A4',
    '/_next/static/%E0',
  ])('%s is a 400 with the security headers, not a bare 500', async (path) => {
    const response = await call(path);
    expect(response.status).toBe(400);
    for (const name of SECURITY) expect(response.headers.get(name), name).toBeTruthy();
  });

  it('a well-formed escape there is handed on untouched', async () => {
    const response = await call('/uploads/1700000000000_a%20b.pdf');
    expect(response.headers.get('x-middleware-next')).toBe('1');
  });
});

describe('proxy: request bodies over 1 MB (NM5)', () => {
  it.each(['/', '/contact', '/api/assistant', '/api/geo', '/blog/x'])(
    '%s refuses a declared 2 MB body with 413',
    async (path) => {
      const body = new Uint8Array(2 * 1024 * 1024);
      const response = await call(path, {
        method: 'POST',
        headers: { 'content-type': 'text/plain', 'content-length': String(body.byteLength) },
        body,
      });
      expect(response.status).toBe(413);
      expect(response.headers.get('x-frame-options')).toBe('DENY');
    },
  );

  it('lets a body under the limit through', async () => {
    const response = await call('/api/assistant', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': '2' },
      body: '{}',
    });
    expect(response.status).not.toBe(413);
  });
});

describe('proxy: server actions Next would answer with a 500 (L8)', () => {
  const boundary = '----unit';
  const whole = `--${boundary}\r\nContent-Disposition: form-data; name="0"\r\n\r\n["$K1"]\r\n--${boundary}--\r\n`;
  const action = (headers: Record<string, string>, body: string) =>
    call('/contact', {
      method: 'POST',
      headers: { 'next-action': 'a'.repeat(42), host: 'localhost:3000', ...headers },
      body,
    });

  it.each([
    ['cut off', `multipart/form-data; boundary=${boundary}`, whole.slice(0, 30)],
    ['no final delimiter', `multipart/form-data; boundary=${boundary}`, whole.slice(0, -12)],
    ['no boundary', 'multipart/form-data', whole],
    ['another boundary', 'multipart/form-data; boundary=other', whole],
    ['not multipart', `multipart/form-data; boundary=${boundary}`, 'garbage'],
  ])('a multipart body %s is a 400', async (_name, type, body) => {
    const response = await action({ 'content-type': type }, body);
    expect(response.status).toBe(400);
    expect(response.headers.get('content-security-policy')).toBeTruthy();
  });

  it('the same refusal for a form posted before its script ran (no Next-Action header)', async () => {
    const response = await call('/contact', {
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, host: 'localhost:3000' },
      body: whole.slice(0, 30),
    });
    expect(response.status).toBe(400);
  });

  it.each(['https://evil.example', 'null', '', 'garbage'])('Origin %j is a 403', async (origin) => {
    const response = await action({ 'content-type': 'text/plain;charset=UTF-8', origin }, '[]');
    expect(response.status).toBe(403);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it("a well-formed action from the site's own origin passes", async () => {
    const multipart = await action(
      { 'content-type': `multipart/form-data; boundary=${boundary}`, origin: SITE },
      whole,
    );
    expect(multipart.status).toBe(200);
    const text = await action({ 'content-type': 'text/plain;charset=UTF-8', origin: SITE }, '["a"]');
    expect(text.status).toBe(200);
  });
});

describe('proxy: anonymous public responses are shareable (issue 16 item 1)', () => {
  // A shared cache (nginx, a CDN) stores no response that sets a cookie, and would hand one visitor's cookie to
  // the next if it did: the proxy must set none for a visitor without a session, whatever language they ask in.
  const pages = [
    '/',
    '/blog',
    '/blog/faith-leaders-roundtable',
    '/es/events',
    '/events',
    '/fr/about',
    '/pt/blog',
  ];
  const asking: Record<string, string>[] = [
    {},
    { 'accept-language': 'es-ES,es;q=0.9' },
    { 'accept-language': 'fr-FR' },
    { 'accept-language': 'en-GB', cookie: 'gdpr-consent=accepted; _ga=GA1.1.1' },
  ];

  it.each(pages)(
    '%s sets no cookie and no private Cache-Control, with or without Accept-Language',
    async (path) => {
      for (const headers of asking) {
        const response = await call(path, { headers });
        const label = `${path} ${JSON.stringify(headers)}`;
        expect(response.status, label).toBeLessThan(300);
        expect(response.headers.getSetCookie(), label).toEqual([]);
        expect(response.headers.get('cache-control') ?? '', label).not.toMatch(/private|no-store/);
        // Locale routing by address only: the same URL is the same page for everyone.
        expect(response.headers.get('location'), label).toBeNull();
      }
    },
  );
});

describe('proxy: filtered and paged lists go to their cached view (issue 20 item 4)', () => {
  const b64 = (text: string) => Buffer.from(text).toString('base64url');
  const rewriteOf = (response: Response) => {
    const target = response.headers.get('x-middleware-rewrite');
    return target ? new URL(target).pathname : null;
  };

  it.each([
    ['/blog?page=2', `/en/blog/filtered/${b64('page=2')}`],
    ['/blog?order=asc&category=3', `/en/blog/filtered/${b64('category=3&order=asc')}`],
    ['/es/blog?q=clima', `/es/blog/filtered/${b64('q=clima')}`],
    ['/archive?page=2', `/en/archive/view/${b64('page=2')}`],
    ['/fr/archive?type=reports&q=climate', `/fr/archive/view/${b64('q=climate&type=reports')}`],
  ])('%s is served by the view route %s, its address unchanged', async (path, target) => {
    const response = await call(path);
    expect(response.status).toBe(200);
    expect(rewriteOf(response)).toBe(target);
    expect(response.headers.get('x-middleware-next')).toBeNull();
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it('the default view stays on the pre-rendered list page', async () => {
    expect(rewriteOf(await call('/blog?page=1'))).toBe('/en/blog');
    expect(rewriteOf(await call('/archive'))).toBe('/en/archive');
    const es = await call('/es/archive');
    expect(es.headers.get('x-middleware-next')).toBe('1');
    expect(rewriteOf(es)).toBeNull();
  });

  it('the locale redirect still wins (/en/blog?page=2 → /blog?page=2)', async () => {
    const response = await call('/en/blog?page=2');
    expect(response.status).toBeGreaterThanOrEqual(300);
    expect(response.status).toBeLessThan(400);
    expect(new URL(response.headers.get('location')!, SITE).pathname).toBe('/blog');
    expect(response.headers.get('x-middleware-rewrite')).toBeNull();
  });

  it.each([
    `/blog/filtered/${b64('page=2')}`,
    '/es/blog/filtered',
    `/archive/view/${b64('page=2')}`,
    '/archive/view',
  ])('%s, a view route asked for by its own address, is a 404', async (path) => {
    const response = await call(path);
    expect(response.status).toBe(404);
    expect(rewriteOf(response)).toMatch(/\/missing-content\//);
  });
});

describe('proxy: locale routing sends no Link header (issue 20 item 3)', () => {
  it('pages list their language alternates in <head> only, so the proxy builds no Link header per request', async () => {
    for (const path of ['/', '/es/about', '/blog?page=2']) {
      expect((await call(path)).headers.get('link'), path).toBeNull();
    }
  });
});

describe('proxy: multipart boundaries the runtime parser and busboy read differently (L8)', () => {
  it('an unterminated quoted boundary is a 400, a quoted one passes', async () => {
    const body = '--b1\r\nContent-Disposition: form-data; name="0"\r\n\r\n["a"]\r\n--b1--\r\n';
    const post = (type: string) =>
      call('/contact', {
        method: 'POST',
        headers: { 'next-action': 'a'.repeat(42), 'content-type': type, host: 'localhost:3000' },
        body,
      });
    expect((await post('multipart/form-data; boundary="b1')).status).toBe(400);
    expect((await post('multipart/form-data; boundary="b1"')).status).toBe(200);
    expect((await call('/blog/%00')).status).toBe(400);
  });
});
