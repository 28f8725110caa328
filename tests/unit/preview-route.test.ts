import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import { signPreviewLink } from '@/lib/cms/preview-token';

const draft = { enabled: true };
vi.mock('next/headers', () => ({
  draftMode: async () => ({
    isEnabled: draft.enabled,
    enable: () => void (draft.enabled = true),
    disable: () => void (draft.enabled = false),
  }),
}));

const SECRET = 'preview-route-secret-of-32-chars!!';

describe('GET /api/preview/exit', () => {
  // The first import of a route module (the action pipeline behind it) takes seconds on a busy machine.
  beforeAll(() => import('@/app/api/preview/exit/route'), 60_000);
  beforeEach(() => {
    draft.enabled = true;
  });

  it('ends draft mode, clears the preview cookie and returns to the page on this site', async () => {
    const { GET } = await import('@/app/api/preview/exit/route');
    const res = await GET(new Request('http://localhost/api/preview/exit?to=%2Fes%2Fblog%2Fa-post'));
    expect(res.status).toBe(307);
    expect(res.headers.get('location')).toBe('/es/blog/a-post');
    expect(res.headers.get('set-cookie')).toMatch(
      /^lrjn_preview=; Path=\/; HttpOnly; SameSite=Lax; Max-Age=0/,
    );
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(draft.enabled).toBe(false);
  });

  it.each([
    'https://evil.example/',
    '//evil.example',
    '/\\evil.example',
    'javascript:alert(1)',
    '',
    // NM1: dot segments resolved by the URL parse turn these into `//evil.example/phish`.
    '/..//evil.example/phish',
    '/.//evil.example/phish',
    '/a/..//evil.example/phish',
    '/%2e%2e//evil.example/phish',
    '/%2E%2E//evil.example',
    '/es/..//evil.example',
    '/es//evil.example',
    '/./\\evil.example',
    '/%5Cevil.example',
    '/%2F%2Fevil.example',
    '/%2F/evil.example',
    '/%252F%252Fevil.example',
    '/\r\n/evil.example',
    '/%0D%0ALocation:%20https://evil.example',
    '/\t/evil.example',
    '/\u00a0/evil.example',
    '/%E0%A4%A',
  ])('sends `to=%j` home instead of off the site', async (to) => {
    const { GET } = await import('@/app/api/preview/exit/route');
    const res = await GET(new Request(`http://localhost/api/preview/exit?to=${encodeURIComponent(to)}`));
    expect(res.headers.get('location')).toBe('/');
  });

  it('keeps the locale and the query of a site path', async () => {
    const { GET } = await import('@/app/api/preview/exit/route');
    for (const [to, location] of [
      ['/fr/events?page=2', '/fr/events?page=2'],
      ['/blog/caf%C3%A9', '/blog/caf%C3%A9'],
      ['/', '/'],
      ['/pt', '/pt'],
    ]) {
      const res = await GET(new Request(`http://localhost/api/preview/exit?to=${encodeURIComponent(to!)}`));
      expect(res.headers.get('location'), to).toBe(location);
    }
  });
});

describe('GET /api/preview refusals (no WordPress needed)', () => {
  beforeEach(() => {
    draft.enabled = false;
    vi.resetModules();
    vi.stubEnv('WORDPRESS_URL', 'http://127.0.0.1:9');
    vi.stubEnv('WORDPRESS_PREVIEW_USER', 'editor');
    vi.stubEnv('WORDPRESS_APPLICATION_PASSWORD', 'abcd efgh ijkl mnop');
    vi.stubEnv('REVALIDATE_SECRET', SECRET);
  });

  const url = (q: Record<string, string | number>) =>
    `http://localhost/api/preview?${new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)]))}`;

  it('answers 503 while previews are not configured', async () => {
    vi.stubEnv('WORDPRESS_APPLICATION_PASSWORD', '');
    const { GET } = await import('@/app/api/preview/route');
    const res = await GET(new Request(url({ type: 'posts', id: 1, exp: 1, sig: 'a'.repeat(64) })));
    expect(res.status).toBe(503);
    expect(draft.enabled).toBe(false);
  });

  it('answers 400 to a malformed link and 401 to a wrong or expired signature, private and noindex', async () => {
    const { GET } = await import('@/app/api/preview/route');
    const bad = await GET(new Request(url({ type: 'users', id: 1, exp: 1, sig: 'x' })));
    expect(bad.status).toBe(400);

    const exp = Math.floor(Date.now() / 1000) + 300;
    const wrong = await GET(new Request(url({ type: 'posts', id: 5, exp, sig: 'b'.repeat(64) })));
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('x-robots-tag')).toContain('noindex');
    expect(wrong.headers.get('cache-control')).toBe('private, no-store');

    const old = Math.floor(Date.now() / 1000) - 1;
    const sig = signPreviewLink(SECRET, { type: 'posts', id: 5, exp: old });
    const expired = await GET(new Request(url({ type: 'posts', id: 5, exp: old, sig })));
    expect(expired.status).toBe(401);
    expect(await expired.text()).toContain('expired');
    expect(draft.enabled).toBe(false);
  });
});
