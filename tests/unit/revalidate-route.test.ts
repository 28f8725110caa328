import { beforeEach, describe, expect, it, vi } from 'vitest';

import { signWebhook, verifyWebhook } from '@/lib/cms/webhook';

const revalidated: [string, unknown][] = [];
vi.mock('next/cache', () => ({
  revalidateTag: (tag: string, profile: unknown) => revalidated.push([tag, profile]),
}));

const SECRET = 'a-long-test-secret-of-32-characters!';

async function post(body: string, opts: { secret?: string; timestamp?: number; signature?: string } = {}) {
  const timestamp = String(opts.timestamp ?? Math.floor(Date.now() / 1000));
  const signature = opts.signature ?? signWebhook(opts.secret ?? SECRET, timestamp, body);
  const { POST } = await import('@/app/api/revalidate/route');
  return POST(
    new Request('http://localhost/api/revalidate', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-webhook-timestamp': timestamp,
        'x-webhook-signature': signature,
      },
      body,
    }),
  );
}

describe('verifyWebhook', () => {
  const now = 1_800_000_000;
  it('accepts a fresh, correctly signed body', () => {
    const sig = signWebhook(SECRET, String(now), '{"a":1}');
    expect(verifyWebhook(SECRET, { signature: sig, timestamp: String(now) }, '{"a":1}', now + 10)).toEqual({
      ok: true,
    });
  });
  it('refuses missing, stale, tampered and wrong-secret signatures', () => {
    const sig = signWebhook(SECRET, String(now), '{"a":1}');
    expect(verifyWebhook(SECRET, { signature: null, timestamp: String(now) }, '{"a":1}', now)).toMatchObject({
      reason: 'missing',
    });
    expect(
      verifyWebhook(SECRET, { signature: sig, timestamp: String(now) }, '{"a":1}', now + 301),
    ).toMatchObject({ reason: 'stale' });
    expect(verifyWebhook(SECRET, { signature: sig, timestamp: String(now) }, '{"a":2}', now)).toMatchObject({
      reason: 'mismatch',
    });
    const other = signWebhook('another-secret-entirely-000000', String(now), '{"a":1}');
    expect(verifyWebhook(SECRET, { signature: other, timestamp: String(now) }, '{"a":1}', now)).toMatchObject(
      { reason: 'mismatch' },
    );
  });
});

describe('POST /api/revalidate', () => {
  beforeEach(() => {
    revalidated.length = 0;
    vi.stubEnv('REVALIDATE_SECRET', SECRET);
    vi.resetModules();
  });

  it('maps a post update to its tags with the max profile', async () => {
    const res = await post(
      JSON.stringify({
        kind: 'post',
        action: 'save',
        postType: 'post',
        id: 5,
        slug: 'new-title',
        previousSlug: 'old-title',
      }),
    );
    expect(res.status).toBe(200);
    expect(revalidated.map(([t]) => t).sort()).toEqual(
      ['causes', 'post:new-title', 'post:old-title', 'posts'].sort(),
    );
    expect(revalidated.every(([, p]) => p === 'max')).toBe(true);
  });

  it('maps a term change to the lists it filters', async () => {
    const res = await post(
      JSON.stringify({ kind: 'term', action: 'save', taxonomy: 'category', id: 3, slug: 'news' }),
    );
    expect(res.status).toBe(200);
    expect(revalidated.map(([t]) => t)).toEqual(['categories', 'posts', 'causes']);
  });

  it('answers 401 to a bad signature, a replay and a stale timestamp, and revalidates nothing', async () => {
    const body = JSON.stringify({ kind: 'post', action: 'save', postType: 'page', slug: 'about' });
    expect((await post(body, { secret: 'wrong-secret-wrong-secret-wrong' })).status).toBe(401);
    expect((await post(body, { timestamp: Math.floor(Date.now() / 1000) - 3600 })).status).toBe(401);
    const ts = Math.floor(Date.now() / 1000);
    expect((await post(body, { timestamp: ts })).status).toBe(200);
    revalidated.length = 0;
    expect((await post(body, { timestamp: ts })).status).toBe(401);
    expect(revalidated).toEqual([]);
  });

  it('answers 422 to a signed body that is not a valid change', async () => {
    expect((await post('not json')).status).toBe(422);
    const res = await post(JSON.stringify({ kind: 'post', action: 'explode', postType: 'post', slug: 'x' }));
    expect(res.status).toBe(422);
    expect(revalidated).toEqual([]);
  });

  it('answers 503 when no secret is configured', async () => {
    vi.stubEnv('REVALIDATE_SECRET', '');
    expect((await post('{}')).status).toBe(503);
  });
});
