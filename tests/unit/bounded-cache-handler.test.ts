import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

/**
 * lib/cache/bounded-cache-handler.cjs against the installed Next (security review H2): pages rendered at run
 * time stay in a size-capped memory LRU and are never written to disk.
 */
const require = createRequire(import.meta.url);
const BoundedCacheHandler = require('../../lib/cache/bounded-cache-handler.cjs') as new (ctx: object) => {
  get(key: string, ctx: object): Promise<{ value: { html: string; headers: Record<string, string> } } | null>;
  set(key: string, data: object, ctx: object): Promise<void>;
};
const { nodeFs } = require('next/dist/server/lib/node-fs-methods') as { nodeFs: object };

const page = (html: string) => ({
  kind: 'APP_PAGE',
  html,
  rscData: Buffer.from('rsc'),
  headers: {},
  status: 404,
  postponed: undefined,
  segmentData: undefined,
});

/** A fresh serverDistDir under the OS temp dir, removed after the file's tests. */
const tempDirs: string[] = [];
const tempDistDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'bounded-cache-'));
  tempDirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

/** A handler as `next start` makes it without REDIS_URL: memory only, 1 MB, in a fresh serverDistDir. */
const memoryHandler = () =>
  new BoundedCacheHandler({
    fs: nodeFs,
    serverDistDir: tempDistDir(),
    flushToDisk: false,
    maxMemoryCacheSize: 1_000_000,
    revalidatedTags: [],
    _requestHeaders: {},
  });

describe('BoundedCacheHandler', () => {
  it('keeps what is rendered in memory only, and evicts past the size cap', async () => {
    const serverDistDir = tempDistDir();
    const cache = new BoundedCacheHandler({
      fs: nodeFs,
      serverDistDir,
      flushToDisk: true, // what `next start` passes; the handler must ignore it
      maxMemoryCacheSize: 200_000,
      revalidatedTags: [],
      _requestHeaders: {},
    });
    const ctx = { kind: 'APP_PAGE', isFallback: false, isRoutePPREnabled: false };
    const key = (i: number) => `/route-cache/APP_PAGE/${'0'.repeat(64)}/$/en/blog/probe-${i}`;
    const html = 'x'.repeat(10_000);
    for (let i = 0; i < 100; i += 1) {
      await cache.set(key(i), page(html), { cacheControl: { revalidate: 3600, expire: undefined } });
    }
    // Nothing on disk, whatever was cached.
    expect(existsSync(path.join(serverDistDir, 'route-cache'))).toBe(false);
    expect(readdirSync(serverDistDir)).toEqual([]);
    // The newest entries are served from memory; the oldest were evicted (100 × 10 KB > the 200 KB cap).
    expect((await cache.get(key(99), ctx))?.value.html).toBe(html);
    expect(await cache.get(key(0), ctx)).toBeNull();
  });
});

/**
 * Cached HTML is handed out as a one-byte string where it can be (issue 20 item 3): characters beyond Latin-1 are
 * written as escapes their context decodes to the same character, so the page a browser builds is unchanged.
 */
describe('BoundedCacheHandler: one byte a character', () => {
  const narrow = (BoundedCacheHandler as unknown as { narrowHtml(html: string): string }).narrowHtml;
  const beyondLatin1 = /[^\u0000-\u00ff]/;
  /** What an HTML parser makes of numeric character references in markup. */
  const decodeRefs = (text: string) =>
    text.replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)));
  const scripts = (html: string) =>
    [...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);

  const original =
    '<!DOCTYPE html><html lang="pt"><head><title>Ação… 😀</title>' +
    '<script type="application/ld+json">{"name":"Justiça racial…","emoji":"✊🏿"}</script></head>' +
    '<body><p title="Sending…">Leeds – “racial justice” 😀</p>' +
    '<script>self.__next_f.push([1,"Enviando…✊🏿"])</script></body></html>';

  it('escapes markup with character references and scripts with \\u escapes, to the same values', () => {
    const html = narrow(original);
    expect(beyondLatin1.test(html)).toBe(false);
    // Markup (text, attribute values, the title) reads back the same.
    expect(decodeRefs(html.replace(/<script\b[\s\S]*?<\/script>/g, ''))).toBe(
      original.replace(/<script\b[\s\S]*?<\/script>/g, ''),
    );
    // JSON and JavaScript read the same values.
    const [jsonLd, flight] = scripts(html);
    expect(JSON.parse(jsonLd!)).toEqual(JSON.parse(scripts(original)[0]!));
    const pushed: unknown[] = [];
    new Function('self', flight!)({ __next_f: { push: (x: unknown) => pushed.push(x) } });
    expect(pushed).toEqual([[1, 'Enviando…✊🏿']]);
  });

  it('leaves Latin-1 HTML as it is, and keeps the original when a stylesheet holds a wider character', () => {
    const latin1 = '<p title="Señora">Café, naïve, 25 °C</p><script>x("é")</script>';
    expect(narrow(latin1)).toBe(latin1);
    const styled = '<style>.x::after{content:"…"}</style><p>…</p>';
    expect(narrow(styled)).toBe(styled);
  });

  it('serves a cached page narrowed, and the same page on every later request', async () => {
    const cache = memoryHandler();
    const ctx = { kind: 'APP_PAGE', isFallback: false, isRoutePPREnabled: false };
    const key = `/route-cache/APP_PAGE/${'0'.repeat(64)}/$/en/contact`;
    await cache.set(key, page(original), { cacheControl: { revalidate: 3600, expire: undefined } });
    const first = (await cache.get(key, ctx))?.value.html;
    expect(first).toBe(narrow(original));
    expect((await cache.get(key, ctx))?.value.html).toBe(first);
  });
});

/**
 * Each cached page carries its ETag in the entry's headers, computed once (issue 20 item 3; next.config.ts turns
 * Next's per-response hash off): Next sends the entry's headers with every response built from it.
 */
describe('BoundedCacheHandler: one ETag per cached page', () => {
  const { generateETag } = require('next/dist/server/lib/etag') as {
    generateETag(payload: string, weak?: boolean): string;
  };
  const ctx = { kind: 'APP_PAGE', isFallback: false, isRoutePPREnabled: false };
  const key = `/route-cache/APP_PAGE/${'0'.repeat(64)}/$/en/about`;
  const revalidate = { cacheControl: { revalidate: 3600, expire: undefined } };
  const handler = memoryHandler;

  it('is the weak hash of the HTML as served, the same on every hit, and a new one for new content', async () => {
    const cache = handler();
    await cache.set(key, page('<p>Leeds – first</p>'), revalidate);
    const first = (await cache.get(key, ctx))!.value;
    // The hash of the bytes sent: the narrowed HTML (`–` written as `&#8211;`).
    expect(first.headers.etag).toBe(generateETag('<p>Leeds &#8211; first</p>', true));
    expect(first.headers.etag).toMatch(/^W\/"/);
    expect((await cache.get(key, ctx))!.value.headers.etag).toBe(first.headers.etag);

    await cache.set(key, page('<p>Leeds – second</p>'), revalidate);
    const second = (await cache.get(key, ctx))!.value.headers.etag;
    expect(second).toBe(generateETag('<p>Leeds &#8211; second</p>', true));
    expect(second).not.toBe(first.headers.etag);
  });

  it('keeps the other headers of the entry and gives no tag to a page a request completes (postponed)', async () => {
    const cache = handler();
    await cache.set(key, { ...page('<p>x</p>'), headers: { 'x-next-cache-tags': 'a,b' } }, revalidate);
    expect((await cache.get(key, ctx))!.value.headers).toEqual({
      'x-next-cache-tags': 'a,b',
      etag: generateETag('<p>x</p>', true),
    });
    const postponedKey = `${key}-postponed`;
    await cache.set(postponedKey, { ...page('<p>shell</p>'), postponed: 'state' }, revalidate);
    expect((await cache.get(postponedKey, ctx))!.value.headers.etag).toBeUndefined();
  });
});
