import { describe, expect, it } from 'vitest';

import { classifyRequest, isStaticAsset } from '@/lib/screening/classify';

const none = new URLSearchParams();

describe('isStaticAsset', () => {
  it.each([
    '/_next/static/x.js',
    '/_next/static/chunks/app.css',
    '/_next/image?url=x',
    '/icon.svg',
    '/fonts/a.woff2',
    '/favicon.ico',
    '/robots.txt',
    '/images/Photo.JPG',
  ])('%s is static', (path) => {
    expect(isStaticAsset(path)).toBe(true);
  });

  it.each(['/', '/about', '/es/events', '/blog/svg-tips', '/api/contact'])('%s is not static', (path) => {
    expect(isStaticAsset(path)).toBe(false);
  });
});

describe('classifyRequest', () => {
  it.each(['/_next/static/x.js', '/icon.svg', '/fonts/a.woff2'])('%s is exempt', (path) => {
    expect(classifyRequest(path, none, new Headers({ RSC: '1' }))).toBe('exempt');
  });

  it('a document request is a page', () => {
    const headers = new Headers({
      Accept: 'text/html',
      'Sec-Fetch-Mode': 'navigate',
      'Sec-Fetch-Dest': 'document',
    });
    expect(classifyRequest('/about', none, headers)).toBe('page');
    expect(classifyRequest('/', none, new Headers())).toBe('page');
  });

  it('next-router-prefetch is framework', () => {
    expect(classifyRequest('/about', none, new Headers({ 'next-router-prefetch': '1' }))).toBe('framework');
  });

  it('Sec-Purpose: prefetch is framework', () => {
    expect(classifyRequest('/about', none, new Headers({ 'Sec-Purpose': 'prefetch' }))).toBe('framework');
    expect(classifyRequest('/about', none, new Headers({ 'Sec-Purpose': 'prefetch;prerender' }))).toBe(
      'framework',
    );
    expect(classifyRequest('/about', none, new Headers({ Purpose: 'Prefetch' }))).toBe('framework');
  });

  it('RSC: 1 is framework', () => {
    expect(classifyRequest('/about', none, new Headers({ RSC: '1' }))).toBe('framework');
  });

  it('RSC with another value is a page', () => {
    expect(classifyRequest('/about', none, new Headers({ RSC: '0' }))).toBe('page');
  });

  it('?_rsc= is framework', () => {
    expect(classifyRequest('/about', new URLSearchParams('_rsc=abc'), new Headers())).toBe('framework');
  });

  it('a server action is a page even with RSC: 1 or prefetch headers', () => {
    expect(classifyRequest('/contact', none, new Headers({ 'next-action': 'abc123', RSC: '1' }))).toBe(
      'page',
    );
    expect(
      classifyRequest(
        '/contact',
        new URLSearchParams('_rsc=1'),
        new Headers({ 'Next-Action': 'x', 'next-router-prefetch': '1' }),
      ),
    ).toBe('page');
  });

  it('accepts any header reader', () => {
    const reader = { get: (name: string) => (name === 'rsc' ? '1' : null) };
    expect(classifyRequest('/about', none, reader)).toBe('framework');
  });
});
