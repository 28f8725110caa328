import createIntlMiddleware from 'next-intl/middleware';
import { NextRequest } from 'next/server';
import { describe, expect, it } from 'vitest';

import { plainLocaleRouting } from '@/i18n/locale-rewrite';
import { routing } from '@/i18n/routing';

/**
 * i18n/locale-rewrite.ts answers the common page paths without next-intl's middleware (issue 20 item 3): wherever
 * it answers, the answer must be next-intl's own, header for header (the proxy's configuration of it), except for
 * the request headers next-intl hands on (its locale header, and with it a copy of every request header), which
 * the site does not read.
 */
const nextIntl = createIntlMiddleware({ ...routing, alternateLinks: false });
const SITE = 'http://localhost:3000';

const request = (path: string, headers: Record<string, string> = {}) =>
  new NextRequest(`${SITE}${path}`, { headers: { accept: 'text/html', ...headers } });
/** Next's request-header override: what next-intl adds to hand its locale header to the page. */
const REQUEST_OVERRIDE = /^x-middleware-(override-headers|request-)/;
const answer = (response: Response) => ({
  status: response.status,
  headers: [...response.headers].filter(([name]) => !REQUEST_OVERRIDE.test(name)),
});

describe('plainLocaleRouting', () => {
  it.each([
    '/',
    '/?page=2',
    '/blog',
    '/blog/faith-leaders-roundtable',
    '/blog?page=2&order=asc',
    '/events?_rsc=abc12',
    '/es',
    '/es/blog',
    '/fr/events?page=2',
    '/pt/about',
    '/espanol',
    '/es.txt',
    '/frames/x',
    "/a-b_c.d~e!f$g&h'i(j)k*l+m,n;o=p:q@r",
  ])('%s: the same answer as next-intl', (path) => {
    const headers = { 'accept-language': 'fr,es;q=0.8', rsc: '1', 'x-request-id': 'abcdefgh' };
    const ours = plainLocaleRouting(request(path, headers));
    expect(ours).not.toBeNull();
    expect(answer(ours!)).toEqual(answer(nextIntl(request(path, headers))));
  });

  it.each([
    '/en',
    '/en/blog',
    '/ES/blog',
    '/Fr',
    '/blog/',
    '/es/',
    '//blog',
    '/blog//x',
    '/blog/caf%C3%A9',
    '/blog/%5Cexample.org',
    '/es/blog/%E2%80%A6',
  ])('%s: left to next-intl (a redirect, or a path it decodes or normalises)', (path) => {
    expect(plainLocaleRouting(request(path))).toBeNull();
  });

  it('rewrites without touching the request headers (no override for Next to copy)', () => {
    const response = plainLocaleRouting(request('/blog?q=x', { cookie: 'theme=dark' }))!;
    expect(new URL(response.headers.get('x-middleware-rewrite')!).href).toBe(`${SITE}/en/blog?q=x`);
    expect([...response.headers.keys()].filter((name) => REQUEST_OVERRIDE.test(name))).toEqual([]);
    const prefixed = plainLocaleRouting(request('/es/blog', { cookie: 'theme=dark' }))!;
    expect(prefixed.headers.get('x-middleware-next')).toBe('1');
    expect([...prefixed.headers.keys()].filter((name) => REQUEST_OVERRIDE.test(name))).toEqual([]);
  });
});
