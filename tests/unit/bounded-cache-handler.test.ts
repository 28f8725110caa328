import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

/**
 * lib/cache/bounded-cache-handler.cjs against the installed Next (security review H2): pages rendered at run
 * time stay in a size-capped memory LRU and are never written to disk.
 */
const require = createRequire(import.meta.url);
const BoundedCacheHandler = require('../../lib/cache/bounded-cache-handler.cjs') as new (ctx: object) => {
  get(key: string, ctx: object): Promise<{ value: { html: string } } | null>;
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

describe('BoundedCacheHandler', () => {
  it('keeps what is rendered in memory only, and evicts past the size cap', async () => {
    const serverDistDir = mkdtempSync(path.join(tmpdir(), 'bounded-cache-'));
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
