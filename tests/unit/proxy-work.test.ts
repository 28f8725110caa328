import { NextRequest } from 'next/server';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * What the proxy spends per request (issue 20 item 3): an anonymous GET of a public page counts once against the
 * screening store and never reaches the session store; a Supabase session is refreshed, once, only when the request
 * carries one; an editor's preview cookie is checked once; a blocked client is still answered 429. Both stores are the real ones, wrapped to count calls.
 */
const counts = { consume: 0, sessionClients: 0, getClaims: 0, previewReads: 0 };

vi.mock('@/lib/cms/preview-token', async (importOriginal) => {
  const real = await importOriginal<typeof import('@/lib/cms/preview-token')>();
  return {
    ...real,
    previewOfCookies: (...args: Parameters<typeof real.previewOfCookies>) => {
      counts.previewReads += 1;
      return real.previewOfCookies(...args);
    },
  };
});

vi.mock('@/lib/rate-limit/limiter', async (importOriginal) => {
  const real = await importOriginal<typeof import('@/lib/rate-limit/limiter')>();
  return {
    ...real,
    createLimiter: (options: Parameters<typeof real.createLimiter>[0]) => {
      const limiter = real.createLimiter(options);
      return {
        ...limiter,
        consume: (key: string) => {
          counts.consume += 1;
          return limiter.consume(key);
        },
      };
    },
  };
});

vi.mock('@/lib/auth/supabase', async (importOriginal) => {
  const real = await importOriginal<typeof import('@/lib/auth/supabase')>();
  return {
    ...real,
    supabaseServerClient: (options: Parameters<typeof real.supabaseServerClient>[0]) => {
      counts.sessionClients += 1;
      return {
        auth: {
          getClaims: async () => {
            counts.getClaims += 1;
            // What supabase-js does on a refresh: store the new tokens, then answer.
            options.cookies.set('sb-proj-auth-token', 'fresh', { path: '/' });
            return { data: { claims: { sub: 'u1' } }, error: null };
          },
        },
      } as unknown as ReturnType<typeof real.supabaseServerClient>;
    },
  };
});

const SITE = 'http://localhost:3000';
const PREVIEW_SECRET = 'preview-secret-for-tests-0123456789abcdef';
let proxy: (request: NextRequest) => Promise<Response>;

beforeAll(async () => {
  vi.stubEnv('SITE_URL', SITE);
  vi.stubEnv('SCREENING_MAX_REQUESTS', '3');
  vi.stubEnv('NEXT_PUBLIC_SUPABASE_URL', 'https://proj.supabase.co');
  vi.stubEnv('NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY', 'sb_publishable_test');
  vi.stubEnv('REVALIDATE_SECRET', PREVIEW_SECRET);
  proxy = (await import('@/proxy')).default;
});

beforeEach(() => {
  counts.consume = 0;
  counts.sessionClients = 0;
  counts.getClaims = 0;
  counts.previewReads = 0;
});

let client = 0;
/** Each test is its own client (its own screening budget), by the socket address screening reads. */
const call = (path: string, headers: Record<string, string> = {}) =>
  proxy(
    new NextRequest(new URL(path, SITE), {
      headers: { 'x-screening-socket-address': `192.0.2.${client}`, ...headers },
    }),
  );

describe('proxy: the work each request pays (issue 20 item 3)', () => {
  beforeEach(() => {
    client += 1;
  });

  it.each([
    '/',
    '/about',
    '/es/events',
    '/blog/faith-leaders-roundtable',
    '/blog?page=2',
    '/archive?q=climate',
  ])(
    'an anonymous GET of %s counts once against screening and never touches the session store',
    async (path) => {
      const response = await call(path, { cookie: 'gdpr-consent=accepted' });
      expect(response.status).toBe(200);
      expect(counts.consume).toBe(1);
      expect(counts.sessionClients).toBe(0);
      expect(counts.getClaims).toBe(0);
      expect(response.headers.getSetCookie()).toEqual([]);
    },
  );

  it('a request with a Supabase session is refreshed once, and its response is private', async () => {
    const response = await call('/dashboard', { cookie: 'sb-proj-auth-token=old' });
    expect(counts.consume).toBe(1);
    expect(counts.sessionClients).toBe(1);
    expect(counts.getClaims).toBe(1);
    expect(response.headers.getSetCookie().join('\n')).toContain('sb-proj-auth-token=fresh');
    expect(response.headers.get('cache-control')).toBe('private, no-store');
  });

  it("an editor's draft preview is read from its cookies once per request, and still marks the answer private", async () => {
    const { DRAFT_MODE_COOKIE, PREVIEW_COOKIE, signPreviewCookie } = await import('@/lib/cms/preview-token');
    const path = '/blog/draft-not-yet-published';
    const cookie = signPreviewCookie(PREVIEW_SECRET, {
      type: 'posts',
      id: 7,
      slug: 'draft-not-yet-published',
      path,
      exp: Math.floor(Date.now() / 1000) + 600,
    });
    const response = await call(path, { cookie: `${DRAFT_MODE_COOKIE}=1; ${PREVIEW_COOKIE}=${cookie}` });
    // The draft has no published slug: the preview lets it through to its route instead of the 404 page.
    expect(response.status).toBe(200);
    expect(response.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(counts.previewReads).toBe(1);
  });

  it('static files cost nothing; a client over budget is still refused before anything else runs', async () => {
    await call('/icon.svg');
    expect(counts.consume).toBe(0);
    for (let i = 0; i < 3; i++) expect((await call('/about')).status).toBe(200);
    const blocked = await call('/blog?page=2', { cookie: 'sb-proj-auth-token=old' });
    expect(blocked.status).toBe(429);
    expect(counts.consume).toBe(4);
    expect(counts.sessionClients).toBe(0);
  });
});
