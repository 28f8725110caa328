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
  it.each([
    '/blog/no-such-post',
    '/en/blog/audit-probe-1.txt',
    '/es/blog/x.js',
    '/fr/event/nope',
    '/pt/reports/nope.pdf',
    '/team-member/nobody',
    '/vacancies/none',
    '/media-archive/none',
    '/cause/none',
    '/causes/none',
    '/media/category/none',
    '/blog/my%2Dpost',
    '/event/nope/calendar.ics',
  ])('%s is a 404 answered by the proxy, not cached', async (path) => {
    const response = await call(path);
    expect(response.status).toBe(404);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('content-type')).toContain('text/html');
    // Answered here: nothing was handed on to Next to render.
    expect(response.headers.get('x-middleware-next')).toBeNull();
    expect(response.headers.get('x-middleware-rewrite')).toBeNull();
  });

  it('the 404 page is in the locale of the path', async () => {
    const html = await (await call('/es/blog/no-existe')).text();
    expect(html).toContain('<html lang="es">');
    expect(html).toContain('Página no encontrada');
  });

  it('existing content is handed on to Next', async () => {
    for (const path of ['/blog/faith-leaders-roundtable', '/es/event/solidarity-social-september-2027']) {
      const response = await call(path);
      expect(response.status, path).toBe(200);
      expect(
        response.headers.get('x-middleware-rewrite') ?? response.headers.get('x-middleware-next'),
      ).toBeTruthy();
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
    ]) {
      expect(matches(url), url).toBe(false);
    }
  });
});
