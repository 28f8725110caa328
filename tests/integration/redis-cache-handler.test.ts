import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

import { Redis } from '@/lib/cache/ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * lib/cache/redis-cache-handler.cjs with a real Redis (TEST_REDIS_URL, set by scripts/run-tests.sh): each cache
 * operation runs in a process of its own (tests/helpers/cache-peer.cjs, Next's IncrementalCache driving the
 * handler as `next start` does), so "instance A" and "instance B" share nothing but Redis.
 */
const run = promisify(execFile);
const peerScript = path.join(__dirname, '../helpers/cache-peer.cjs');
const handlerScript = path.join(__dirname, '../../lib/cache/cache-handler.cjs');

type Seen = { isStale: boolean | number; html: string; rsc: string; segment: string } | null;

function distDir(buildId: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'redis-cache-'));
  mkdirSync(path.join(dir, 'server'));
  writeFileSync(path.join(dir, 'BUILD_ID'), buildId);
  return path.join(dir, 'server');
}

async function peer(redisUrl: string, args: Record<string, unknown>): Promise<Seen> {
  const { stdout } = await run(process.execPath, [peerScript, JSON.stringify(args)], {
    env: { ...process.env, REDIS_URL: redisUrl },
  });
  return JSON.parse(stdout) as Seen;
}

// Each operation is a Node process of its own (about 0.3 s, more on a busy machine).
describe.runIf(!!process.env.TEST_REDIS_URL)(
  'Redis cache handler across instances (TEST_REDIS_URL)',
  { timeout: 60_000 },
  () => {
    const redisUrl = process.env.TEST_REDIS_URL!;
    // A unique build per run, so entries from an earlier run in the same Redis do not answer.
    const buildId = `test-${process.pid}-${Date.now()}`;
    const serverDistDir = distDir(buildId);
    const tag = `post:probe-${process.pid}-${Date.now()}`;
    const a = (args: Record<string, unknown>) => peer(redisUrl, { serverDistDir, ...args });
    const b = a;
    let redis: Redis;

    beforeAll(() => {
      redis = new Redis(redisUrl);
    });
    afterAll(async () => {
      await redis.quit();
    });

    it('stores one ETag with the page, computed when A writes it, which B serves (issue 20 item 3)', async () => {
      await a({ op: 'set', pathname: '/en/blog/tagged', tags: [tag], html: 'tagged v1' });
      const { generateETag } = createRequire(import.meta.url)('next/dist/server/lib/etag') as {
        generateETag(payload: string, weak?: boolean): string;
      };
      const etag = generateETag('tagged v1', true);
      // In the stored entry itself: no instance hashes the page again to serve it.
      const [key] = await redis.keys(`lrjn:isr:entry:b-${buildId}:*/en/blog/tagged`);
      expect(await redis.get(key!)).toContain(JSON.stringify(etag));
      expect(await b({ op: 'get', pathname: '/en/blog/tagged', withEtag: true })).toMatchObject({
        html: 'tagged v1',
        etag,
      });
    });

    it('serves on instance B the page rendered on instance A', async () => {
      await a({ op: 'set', pathname: '/en/blog/shared', tags: [tag], html: 'v1' });
      expect(await b({ op: 'get', pathname: '/en/blog/shared' })).toEqual({
        isStale: false,
        html: 'v1',
        rsc: 'rsc:v1',
        segment: 'tree:v1',
      });
    });

    it('a revalidateTag on A makes the page stale on B (served once, re-rendered in the background)', async () => {
      await a({ op: 'set', pathname: '/en/blog/edited', tags: [tag], html: 'before edit' });
      await a({ op: 'revalidateTag', tags: [tag], durations: { expire: 31_536_000 } }); // 'max'
      const seen = await b({ op: 'get', pathname: '/en/blog/edited' });
      expect(seen).toMatchObject({ isStale: true, html: 'before edit' });
      // The re-render (on B) is then fresh for A too.
      await b({ op: 'set', pathname: '/en/blog/edited', tags: [tag], html: 'after edit' });
      expect(await a({ op: 'get', pathname: '/en/blog/edited' })).toMatchObject({
        isStale: false,
        html: 'after edit',
      });
    });

    it('a takedown on A (expire: 0) expires the page on B at once, and a later edit does not bring it back', async () => {
      const takedownTag = `${tag}-takedown`;
      await a({ op: 'set', pathname: '/en/blog/removed', tags: [takedownTag], html: 'unsafe' });
      await a({ op: 'revalidateTag', tags: [takedownTag], durations: { expire: 0 } });
      expect(await b({ op: 'get', pathname: '/en/blog/removed' })).toBeNull();
      // A stale-while-revalidate call on the same tag afterwards must not turn the expired copy back into a stale one.
      await a({ op: 'revalidateTag', tags: [takedownTag], durations: { expire: 31_536_000 } });
      expect(await b({ op: 'get', pathname: '/en/blog/removed' })).toBeNull();
      // What is rendered after the takedown is served normally.
      await b({ op: 'set', pathname: '/en/blog/removed', tags: [takedownTag], html: 'gone notice' });
      expect(await a({ op: 'get', pathname: '/en/blog/removed' })).toMatchObject({
        isStale: false,
        html: 'gone notice',
      });
    });

    it('keeps builds apart and stores entries with an expiry', async () => {
      await a({ op: 'set', pathname: '/en/blog/build-scoped', tags: [tag], html: 'old build' });
      const otherBuild = distDir(`other-${process.pid}-${Date.now()}`);
      expect(
        await peer(redisUrl, { serverDistDir: otherBuild, op: 'get', pathname: '/en/blog/build-scoped' }),
      ).toBeNull();
      const keys = await redis.keys('lrjn:isr:entry:*build-scoped');
      expect(keys.length).toBeGreaterThan(0);
      const ttl = await redis.ttl(keys[0]!);
      expect(ttl).toBeGreaterThan(0);
    });
  },
);

describe('Redis cache handler when Redis is unreachable', { timeout: 30_000 }, () => {
  it('answers a miss (the page renders) and never fails a set or a revalidateTag', async () => {
    const serverDistDir = distDir('unreachable');
    const down = (args: Record<string, unknown>) => peer('redis://127.0.0.1:1', { serverDistDir, ...args });
    expect(await down({ op: 'set', pathname: '/en/blog/x', tags: ['post:x'], html: 'v1' })).toBeNull();
    expect(await down({ op: 'get', pathname: '/en/blog/x' })).toBeNull();
    expect(await down({ op: 'revalidateTag', tags: ['post:x'], durations: { expire: 0 } })).toBeNull();
  });
});

describe('cache handler choice', { timeout: 30_000 }, () => {
  it('uses the bounded memory handler without REDIS_URL or during next build, and the Redis one with it', async () => {
    const name = async (env: NodeJS.ProcessEnv) =>
      (
        await run(
          process.execPath,
          ['-e', `process.stdout.write(require(${JSON.stringify(handlerScript)}).name)`],
          {
            env,
          },
        )
      ).stdout;
    const withoutRedis = { ...process.env };
    delete withoutRedis.REDIS_URL;
    expect(await name(withoutRedis)).toBe('BoundedCacheHandler');
    expect(await name({ ...withoutRedis, REDIS_URL: 'redis://127.0.0.1:1' })).toBe('RedisCacheHandler');
    // `next build` never reads or writes the shared cache.
    expect(
      await name({ ...withoutRedis, REDIS_URL: 'redis://127.0.0.1:1', NEXT_PHASE: 'phase-production-build' }),
    ).toBe('BoundedCacheHandler');
  });
});
