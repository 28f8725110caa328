import { beforeEach, describe, expect, it, vi } from 'vitest';

import { signWebhook } from '@/lib/cms/webhook';

const revalidated: [string, unknown][] = [];
vi.mock('next/cache', () => ({
  revalidateTag: (tag: string, profile: unknown) => revalidated.push([tag, profile]),
}));

const SECRET = 'a-long-test-secret-of-32-characters!';
let sequence = 0;

async function post(body: string, at?: number) {
  // A distinct timestamp per call unless given: the replay guard refuses a signature it has seen.
  const timestamp = String(at ?? Math.floor(Date.now() / 1000) - sequence++);
  const { POST } = await import('@/app/api/revalidate/route');
  return POST(
    new Request('http://localhost/api/revalidate', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-webhook-timestamp': timestamp,
        'x-webhook-signature': signWebhook(SECRET, timestamp, body),
        'x-screening-socket-address': '192.0.2.30',
      },
      body,
    }),
  );
}

describe('POST /api/revalidate: menus and redirects (issue 18 items 4 and 5)', () => {
  beforeEach(async () => {
    revalidated.length = 0;
    vi.stubEnv('REVALIDATE_SECRET', SECRET);
    // A WordPress that does not answer: the redirects module keeps what the webhook told it.
    vi.stubEnv('WORDPRESS_URL', 'http://127.0.0.1:9');
    vi.resetModules();
    (await import('@/lib/cms/redirects')).resetRedirects();
  });

  it('refreshes the menus (every header and footer) on a menu change, as an edit', async () => {
    const res = await post(
      JSON.stringify({ kind: 'menu', action: 'save', slug: 'menus', sentAt: '2026-11-25T10:00:00Z' }),
    );
    expect(res.status).toBe(200);
    expect(revalidated).toEqual([['menus', 'max']]);
    expect((await post(JSON.stringify({ kind: 'menu', action: 'delete', slug: 'menus' }))).status).toBe(200);
    expect(revalidated.at(-1)).toEqual(['menus', 'max']);
  });

  it('refreshes the redirects tag on a redirects change', async () => {
    const res = await post(JSON.stringify({ kind: 'redirects', action: 'save', slug: 'redirects' }));
    expect(res.status).toBe(200);
    expect(revalidated).toEqual([['redirects', 'max']]);
  });

  it('two menu changes within one second are both accepted thanks to their nonces (not refused as a replay)', async () => {
    const now = Math.floor(Date.now() / 1000) - 100;
    const body = (nonce: string) => JSON.stringify({ kind: 'menu', action: 'save', slug: 'menus', nonce });
    expect((await post(body('0123456789abcdef'), now)).status).toBe(200);
    expect((await post(body('fedcba9876543210'), now)).status).toBe(200);
    // The very same signed body again is a replay.
    expect((await post(body('fedcba9876543210'), now)).status).toBe(401);
    expect(
      (await post(JSON.stringify({ kind: 'redirects', action: 'save', slug: 'redirects', nonce: 'NOT HEX' })))
        .status,
    ).toBe(422);
  });

  it('refuses malformed menu and redirects bodies with 422', async () => {
    expect((await post(JSON.stringify({ kind: 'menu', action: 'trash', slug: 'menus' }))).status).toBe(422);
    expect(
      (await post(JSON.stringify({ kind: 'redirects', action: 'delete', slug: 'redirects' }))).status,
    ).toBe(422);
    expect((await post(JSON.stringify({ kind: 'menu', action: 'save' }))).status).toBe(422);
  });

  it('a renamed post redirects from its old slug at once, even before WordPress is read again', async () => {
    const { renamedContentPath } = await import('@/lib/cms/redirects');
    expect(await renamedContentPath('/blog/old-title', 'posts', 'old-title')).toBeNull();
    const body = JSON.stringify({
      kind: 'post',
      action: 'save',
      postType: 'post',
      slug: 'new-title',
      previousSlug: 'old-title',
      status: 'publish',
    });
    expect((await post(body)).status).toBe(200);
    expect(await renamedContentPath('/blog/old-title', 'posts', 'old-title')).toBe('/blog/new-title');
    expect(await renamedContentPath('/blog/old-title/social-image', 'posts', 'old-title')).toBe(
      '/blog/new-title/social-image',
    );
    // Another post type's route is not affected.
    expect(await renamedContentPath('/event/old-title', 'events', 'old-title')).toBeNull();
  });

  it('an unpublished post under a new slug redirects nothing', async () => {
    const { renamedContentPath } = await import('@/lib/cms/redirects');
    const body = JSON.stringify({
      kind: 'post',
      action: 'unpublish',
      postType: 'post',
      slug: 'gone',
      previousSlug: 'was-here',
      status: 'draft',
    });
    expect((await post(body)).status).toBe(200);
    expect(await renamedContentPath('/blog/was-here', 'posts', 'was-here')).toBeNull();
  });
});
