import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { classifyRequest, isStaticAsset } from '@/lib/screening/classify';
import { listAppIcons, listPublicFiles } from '@/lib/screening/public-files';

const none = new URLSearchParams();
const rsc = new URLSearchParams('_rsc=abc12');
const publicFiles = new Set(['/images/hero-default.jpg', '/icon.svg']);

describe('isStaticAsset', () => {
  it.each([
    '/_next/static/x.js',
    '/_next/static/chunks/app.css',
    '/_next/image?url=x',
    '/content-media/2024/05/photo.jpg',
    '/uploads/1700000000_notes.pdf',
    '/images/hero-default.jpg',
    '/icon.svg',
  ])('%s is static', (p) => {
    expect(isStaticAsset(p, publicFiles)).toBe(true);
  });

  // Security review H2: an extension proved nothing; these are pages (or 404s) that were never counted.
  it.each([
    '/',
    '/about',
    '/es/events',
    '/blog/svg-tips',
    '/api/contact',
    '/en/blog/audit-probe-1.txt',
    '/en/blog/audit-probe-2.pdf',
    '/en/blog/audit-probe-3.xml',
    '/blog/x.js',
    '/images/not-there.jpg',
    '/fonts/a.woff2',
    '/robots.txt',
  ])('%s is not static', (p) => {
    expect(isStaticAsset(p, publicFiles)).toBe(false);
  });
});

describe('classifyRequest', () => {
  it('real static files are exempt, whatever headers they carry', () => {
    for (const p of ['/_next/static/x.js', '/icon.svg', '/images/hero-default.jpg', '/uploads/a.pdf']) {
      expect(classifyRequest(p, rsc, new Headers({ RSC: '1' }), { publicFiles })).toBe('exempt');
    }
  });

  it('a path ending in a static extension counts as a page (H2)', () => {
    for (const p of ['/en/blog/x.txt', '/en/blog/x.pdf', '/blog/x.js', '/es/reports/y.mp4']) {
      expect(classifyRequest(p, none, new Headers(), { publicFiles })).toBe('page');
    }
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

  it('a client-router request for a page (GET, RSC: 1 and _rsc) is framework, prefetch or not', () => {
    expect(classifyRequest('/about', rsc, new Headers({ RSC: '1' }))).toBe('framework');
    expect(
      classifyRequest('/es/events', rsc, new Headers({ RSC: '1', 'Next-Router-Prefetch': '1' }), {
        method: 'GET',
      }),
    ).toBe('framework');
  });

  // Security review M2: each of these alone moved a request to the 20x budget, and `?_rsc` alone returns HTML.
  it('?_rsc without the RSC header is a page (Next answers it with HTML)', () => {
    expect(classifyRequest('/', new URLSearchParams('_rsc=x'), new Headers())).toBe('page');
  });

  it('RSC: 1 without the _rsc query is a page', () => {
    expect(classifyRequest('/about', none, new Headers({ RSC: '1' }))).toBe('page');
  });

  it('prefetch headers alone are a page', () => {
    expect(classifyRequest('/about', none, new Headers({ 'next-router-prefetch': '1' }))).toBe('page');
    expect(classifyRequest('/about', none, new Headers({ 'Sec-Purpose': 'prefetch' }))).toBe('page');
    expect(classifyRequest('/about', none, new Headers({ Purpose: 'prefetch' }))).toBe('page');
  });

  it('RSC with another value is a page', () => {
    expect(classifyRequest('/about', rsc, new Headers({ RSC: '0' }))).toBe('page');
  });

  it('every /api/* request is a page, even with RSC and prefetch markers', () => {
    const headers = new Headers({ RSC: '1', 'Next-Router-Prefetch': '1', Purpose: 'prefetch' });
    expect(classifyRequest('/api/form-token', rsc, headers)).toBe('page');
    expect(classifyRequest('/api/geo', rsc, headers)).toBe('page');
    expect(classifyRequest('/api', rsc, headers)).toBe('page');
  });

  it('/api/revalidate with a signature header is a page too (the route screens bad signatures itself)', () => {
    expect(
      classifyRequest('/api/revalidate', none, new Headers({ 'x-webhook-signature': 'sha256=00' })),
    ).toBe('page');
  });

  it('only GET can be framework', () => {
    for (const method of ['POST', 'HEAD', 'PUT']) {
      expect(classifyRequest('/about', rsc, new Headers({ RSC: '1' }), { method })).toBe('page');
    }
  });

  it('a server action is a page even with RSC: 1 and _rsc', () => {
    expect(classifyRequest('/contact', rsc, new Headers({ 'next-action': 'abc123', RSC: '1' }))).toBe('page');
  });

  it('accepts any header reader', () => {
    const reader = { get: (name: string) => (name === 'rsc' ? '1' : null) };
    expect(classifyRequest('/about', rsc, reader)).toBe('framework');
  });
});

describe('public files', () => {
  it('lists the files under public/ as URL paths, recursively, and the app icons', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'public-files-'));
    mkdirSync(path.join(root, 'public', 'images', 'sub'), { recursive: true });
    writeFileSync(path.join(root, 'public', 'images', 'hero.jpg'), 'x');
    writeFileSync(path.join(root, 'public', 'images', 'sub', 'a b.png'), 'x');
    mkdirSync(path.join(root, 'app'));
    writeFileSync(path.join(root, 'app', 'icon.svg'), '<svg/>');
    writeFileSync(path.join(root, 'app', 'layout.tsx'), '');
    expect(listPublicFiles(path.join(root, 'public')).sort()).toEqual([
      '/images/hero.jpg',
      '/images/sub/a%20b.png',
    ]);
    expect(listAppIcons(path.join(root, 'app'))).toEqual(['/icon.svg']);
    expect(listPublicFiles(path.join(root, 'missing'))).toEqual([]);
  });

  it("this project's public/ holds the images the site uses", () => {
    expect(listPublicFiles(path.join(process.cwd(), 'public'))).toContain('/images/hero-default.jpg');
    expect(listAppIcons(path.join(process.cwd(), 'app'))).toContain('/icon.svg');
  });
});
