import { randomUUID } from 'node:crypto';

import { afterEach, describe, expect, it } from 'vitest';

import { createLimiter, type Limiter } from '@/lib/rate-limit/limiter';

const opened: Limiter[] = [];
function limiter(options: Parameters<typeof createLimiter>[0]): Limiter {
  const l = createLimiter(options);
  opened.push(l);
  return l;
}

afterEach(async () => {
  await Promise.all(opened.splice(0).map((l) => l.close()));
});

describe('createLimiter (memory)', () => {
  it('allows `points` requests per window, then refuses with a retry time', async () => {
    const l = limiter({ points: 3, durationSeconds: 1, keyPrefix: 'test-x' });
    expect(await l.consume('a')).toEqual({ allowed: true, remaining: 2 });
    expect(await l.consume('a')).toEqual({ allowed: true, remaining: 1 });
    expect(await l.consume('a')).toEqual({ allowed: true, remaining: 0 });
    const fourth = await l.consume('a');
    expect(fourth.allowed).toBe(false);
    if (fourth.allowed) throw new Error('unreachable');
    expect(fourth.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(fourth.retryAfterSeconds).toBeLessThanOrEqual(1);
  });

  it('counts each key independently', async () => {
    const l = limiter({ points: 3, durationSeconds: 1, keyPrefix: 'test-y' });
    for (let i = 0; i < 4; i++) await l.consume('a');
    expect(await l.consume('b')).toEqual({ allowed: true, remaining: 2 });
    expect((await l.consume('a')).allowed).toBe(false);
  });

  it('reports the retry time in whole seconds for longer windows', async () => {
    const l = limiter({ points: 1, durationSeconds: 60, keyPrefix: 'test-long' });
    expect((await l.consume('a')).allowed).toBe(true);
    const second = await l.consume('a');
    expect(second).toMatchObject({ allowed: false });
    if (second.allowed) throw new Error('unreachable');
    expect(second.retryAfterSeconds).toBeGreaterThanOrEqual(59);
    expect(second.retryAfterSeconds).toBeLessThanOrEqual(60);
  });

  it('allows the key again after the window has passed', async () => {
    const l = limiter({ points: 3, durationSeconds: 1, keyPrefix: 'test-z' });
    for (let i = 0; i < 3; i++) expect((await l.consume('a')).allowed).toBe(true);
    expect((await l.consume('a')).allowed).toBe(false);
    await new Promise((r) => setTimeout(r, 1100));
    expect(await l.consume('a')).toEqual({ allowed: true, remaining: 2 });
  });
});

describe('createLimiter peek', () => {
  it('reports a used-up budget without counting', async () => {
    const l = createLimiter({ points: 2, durationSeconds: 60, keyPrefix: `test-peek-${randomUUID()}` });
    opened.push(l);
    expect(await l.peek('a')).toMatchObject({ allowed: true, remaining: 2 });
    expect(await l.peek('a')).toMatchObject({ allowed: true, remaining: 2 });
    await l.consume('a');
    await l.consume('a');
    const blocked = await l.peek('a');
    expect(blocked.allowed).toBe(false);
    expect(blocked.allowed === false && blocked.retryAfterSeconds).toBeGreaterThan(0);
    expect(await l.peek('b')).toMatchObject({ allowed: true });
  });
});

describe('createLimiter with an unreachable Redis', () => {
  it('enforces the limit through the insurance limiter and never throws', async () => {
    const l = limiter({
      points: 3,
      durationSeconds: 1,
      keyPrefix: 'test-down',
      redisUrl: 'redis://127.0.0.1:1',
    });
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await l.consume('a'));
    expect(results.slice(0, 3).map((r) => r.allowed)).toEqual([true, true, true]);
    expect(results[3]?.allowed).toBe(false);
    expect((await l.consume('b')).allowed).toBe(true);
    await expect(l.close()).resolves.toBeUndefined();
  });
});

describe.runIf(!!process.env.TEST_REDIS_URL)('createLimiter with Redis (TEST_REDIS_URL)', () => {
  it('shares one count between instances with the same keyPrefix', async () => {
    const redisUrl = process.env.TEST_REDIS_URL;
    const keyPrefix = `test-shared-${randomUUID()}`;
    const a = limiter({ points: 3, durationSeconds: 10, keyPrefix, redisUrl });
    const b = limiter({ points: 3, durationSeconds: 10, keyPrefix, redisUrl });
    // Give both clients a moment to connect: with rejectIfRedisNotReady a not-yet-ready client uses insurance.
    await new Promise((r) => setTimeout(r, 500));
    expect((await a.consume('k')).allowed).toBe(true);
    expect((await a.consume('k')).allowed).toBe(true);
    expect(await b.consume('k')).toEqual({ allowed: true, remaining: 0 });
    expect((await b.consume('k')).allowed).toBe(false);
  });
});
