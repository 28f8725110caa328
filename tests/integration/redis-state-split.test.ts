import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

import { Redis } from '@/lib/cache/ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createSpendBudget } from '@/lib/assistant/budget';
import { stateRedisUrl } from '@/lib/cache/state-url';
import { createLimiter } from '@/lib/rate-limit/limiter';

/**
 * The page cache and the security state in separate Redis databases (security review NL4), with a real Redis
 * (TEST_REDIS_URL): the cache handler writes pages to REDIS_URL and the tag invalidations to REDIS_STATE_URL, so
 * evicting (here: flushing) the whole cache keeps a takedown; list views are short-lived and free-text searches
 * not stored; without REDIS_STATE_URL everything stays in REDIS_URL as before. Two databases of one server stand
 * for the two servers production uses (eviction policy is per server).
 */
const run = promisify(execFile);
const peerScript = path.join(__dirname, '../helpers/cache-peer.cjs');

function distDir(buildId: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'redis-split-'));
  mkdirSync(path.join(dir, 'server'));
  writeFileSync(path.join(dir, 'BUILD_ID'), buildId);
  return path.join(dir, 'server');
}

const b64 = (text: string) => Buffer.from(text).toString('base64url');

describe.runIf(!!process.env.TEST_REDIS_URL)(
  'Redis: cache and state apart (TEST_REDIS_URL)',
  { timeout: 60_000 },
  () => {
    const base = process.env.TEST_REDIS_URL!.replace(/\/\d*$/, '');
    const cacheUrl = `${base}/6`;
    const stateUrl = `${base}/7`;
    const buildId = `split-${process.pid}-${Date.now()}`;
    const serverDistDir = distDir(buildId);
    let cache: Redis;
    let state: Redis;

    async function peer(
      args: Record<string, unknown>,
      env: Record<string, string> = { REDIS_STATE_URL: stateUrl },
    ) {
      const { stdout } = await run(
        process.execPath,
        [peerScript, JSON.stringify({ serverDistDir, ...args })],
        {
          env: { ...process.env, REDIS_URL: cacheUrl, REDIS_STATE_URL: '', ...env },
        },
      );
      return JSON.parse(stdout) as { html: string } | null;
    }

    beforeAll(async () => {
      cache = new Redis(cacheUrl);
      state = new Redis(stateUrl);
      await Promise.all([cache.flushdb(), state.flushdb()]);
    });
    afterAll(async () => {
      await Promise.all([cache.quit(), state.quit()]);
    });

    it('pages go to REDIS_URL, tag invalidations to REDIS_STATE_URL; a flushed cache keeps the takedown', async () => {
      const tag = `post:split-${Date.now()}`;
      await peer({ op: 'set', pathname: '/en/blog/down', tags: [tag], html: 'secret v1' });
      expect(await cache.keys('lrjn:isr:entry:*/en/blog/down')).toHaveLength(1);
      expect(await state.keys('lrjn:isr:entry:*')).toHaveLength(0);

      await peer({ op: 'revalidateTag', tags: [tag], durations: { expire: 0 } });
      expect(await state.hexists('lrjn:isr:tags', `e:${tag}`)).toBe(1);
      expect(await cache.exists('lrjn:isr:tags')).toBe(0);
      expect(await peer({ op: 'get', pathname: '/en/blog/down' })).toBeNull();

      // Cache pressure evicts every page (allkeys-lru may take any key of the cache server): the invalidation stays.
      await cache.flushdb();
      expect(await state.hget('lrjn:isr:tags', `e:${tag}`)).not.toBeNull();
    });

    it('a free-text search state is not stored; another list state lives at most an hour', async () => {
      await peer({
        op: 'set',
        pathname: `/en/archive/view/${b64('q=climate+justice')}`,
        tags: ['posts'],
        html: 'hits',
      });
      await peer({
        op: 'set',
        pathname: `/en/blog/filtered/${b64('q=anything&page=2')}`,
        tags: ['posts'],
        html: 'hits',
      });
      expect(await cache.keys('lrjn:isr:entry:*/archive/view/*')).toHaveLength(0);
      expect(await cache.keys('lrjn:isr:entry:*/blog/filtered/*')).toHaveLength(0);

      const listed = `/en/blog/filtered/${b64('category=3&page=2')}`;
      await peer({ op: 'set', pathname: listed, tags: ['posts'], html: 'page two' });
      const [key] = await cache.keys(`lrjn:isr:entry:*${listed}`);
      const ttl = await cache.ttl(key!);
      expect(ttl).toBeGreaterThan(3500);
      expect(ttl).toBeLessThanOrEqual(3600);
      // A plain page keeps its own (longer) lifetime.
      await peer({ op: 'set', pathname: '/en/blog/plain', tags: ['posts'], html: 'plain' });
      const [plain] = await cache.keys('lrjn:isr:entry:*/en/blog/plain');
      expect(await cache.ttl(plain!)).toBeGreaterThan(3600);
    });

    it('without REDIS_STATE_URL the invalidations stay in REDIS_URL, as in existing deployments', async () => {
      const tag = `post:compat-${Date.now()}`;
      await peer({ op: 'set', pathname: '/en/blog/compat', tags: [tag], html: 'v1' }, {});
      await peer({ op: 'revalidateTag', tags: [tag], durations: { expire: 0 } }, {});
      expect(await cache.hexists('lrjn:isr:tags', `e:${tag}`)).toBe(1);
      expect(await peer({ op: 'get', pathname: '/en/blog/compat' }, {})).toBeNull();
    });

    it('rate limits and the assistant budget use the state Redis', async () => {
      const url = stateRedisUrl({ REDIS_URL: cacheUrl, REDIS_STATE_URL: stateUrl });
      expect(url).toBe(stateUrl);
      const limiter = createLimiter({
        points: 2,
        durationSeconds: 60,
        keyPrefix: 'split-test',
        redisUrl: url,
      });
      // The limiter counts in memory until its connection is ready (rejectIfRedisNotReady): wait for the key.
      for (let i = 0; i < 20 && (await state.keys('split-test:*')).length === 0; i++) {
        await limiter.consume('2001:db8:1:2::');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(await state.keys('split-test:*')).toHaveLength(1);
      expect(await cache.keys('split-test:*')).toHaveLength(0);
      await limiter.close();

      // Two instances share one day's count: the one reply that crosses the budget alerts, once.
      const alerts: number[] = [];
      const prefix = `split-spend-${Date.now()}`;
      const a = createSpendBudget({
        limit: 100,
        redisUrl: url,
        keyPrefix: prefix,
        onSpent: (_, n) => void alerts.push(n),
      });
      const b = createSpendBudget({
        limit: 100,
        redisUrl: url,
        keyPrefix: prefix,
        onSpent: (_, n) => void alerts.push(n),
      });
      await a.record(60);
      expect(await b.exhausted()).toBe(false);
      await b.record(60);
      await a.record(60);
      expect(await a.exhausted()).toBe(true);
      expect(await b.exhausted()).toBe(true);
      expect(alerts).toEqual([120]);
      expect(await state.keys(`${prefix}:*`)).toHaveLength(1);
      await Promise.all([a.close(), b.close()]);
    });
  },
);
