import { NextRequest } from 'next/server';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * What the proxy spends per request (issue 20 item 3): an anonymous GET of a public page counts once against the
 * screening store and never reaches the session store; a Supabase session is refreshed, once, only when the request
 * carries one; a blocked client is still answered 429. Both stores are the real ones, wrapped to count calls.
 */
const counts = { consume: 0, sessionClients: 0, getClaims: 0 };

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
let proxy: (request: NextRequest) => Promise<Response>;

beforeAll(async () => {
  vi.stubEnv('SITE_URL', SITE);
  vi.stubEnv('SCREENING_MAX_REQUESTS', '3');
  vi.stubEnv('NEXT_PUBLIC_SUPABASE_URL', 'https://proj.supabase.co');
  vi.stubEnv('NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY', 'sb_publishable_test');
  proxy = (await import('@/proxy')).default;
});

beforeEach(() => {
  counts.consume = 0;
  counts.sessionClients = 0;
  counts.getClaims = 0;
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
