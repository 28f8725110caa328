import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * Every rate limit counts an IPv6 client by its /64 (security review NL1): one host is handed a whole /64 and can
 * rotate through its addresses, so 40 addresses of one /64 must share one budget. IPv4 and IPv4-mapped IPv6 are
 * counted per address, as before.
 */

const ONE_64 = Array.from({ length: 40 }, (_, i) => `2001:db8:1:2:${(i + 1).toString(16)}:0:0:${i + 7}`);

beforeEach(() => {
  vi.resetModules();
  vi.stubEnv('OPENAI_API_KEY', '');
  vi.stubEnv('TRUSTED_PROXY_HEADER', '');
});
afterEach(() => vi.unstubAllEnvs());

describe('clientIp keys IPv6 by /64 (NL1)', () => {
  it('gives 40 addresses of one /64 one key, and another /64 another', async () => {
    const { clientIp } = await import('@/lib/rate-limit');
    const keys = new Set(ONE_64.map((ip) => clientIp(new Headers({ 'x-screening-socket-address': ip }))));
    expect([...keys]).toEqual(['2001:db8:1:2::']);
    expect(clientIp(new Headers({ 'x-screening-socket-address': '2001:db8:1:3::1' }))).toBe('2001:db8:1:3::');
  });

  it('reads the trusted proxy header the same way, and leaves IPv4 and mapped IPv4 per address', async () => {
    vi.stubEnv('TRUSTED_PROXY_HEADER', 'x-forwarded-for');
    const { clientIp } = await import('@/lib/rate-limit');
    const via = (value: string) => clientIp(new Headers({ 'x-forwarded-for': value }));
    expect(via('6.6.6.6, [2001:DB8:1:2::abcd]:443')).toBe('2001:db8:1:2::');
    expect(via('203.0.113.7')).toBe('203.0.113.7');
    expect(via('::ffff:203.0.113.8')).toBe('203.0.113.8');
    expect(via('::1')).toBe('::1');
  });

  it('one sign-in client budget for 40 addresses of one /64', async () => {
    const { clientIp, rateLimit, SIGN_IN_LIMITS } = await import('@/lib/rate-limit');
    const limiter = rateLimit('auth:signin:client');
    const decisions = [];
    for (const ip of ONE_64)
      decisions.push(await limiter.consume(clientIp(new Headers({ 'x-screening-socket-address': ip }))));
    const allowed = decisions.filter((d) => d.allowed).length;
    expect(allowed).toBe(SIGN_IN_LIMITS.client.points);
  });

  it('POST /api/assistant: 40 messages from 40 addresses of one /64 hit the one limit', async () => {
    vi.stubEnv('ASSISTANT_RATE_LIMIT_MAX', '5');
    const { POST } = await import('@/app/api/assistant/route');
    const statuses: number[] = [];
    for (const ip of ONE_64) {
      const res = await POST(
        new Request('http://localhost/api/assistant', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-screening-socket-address': ip },
          body: JSON.stringify({ message: 'hi', locale: 'en' }),
        }),
      );
      statuses.push(res.status);
      await res.body?.cancel();
    }
    expect(statuses.filter((s) => s === 200).length).toBe(5);
    expect(statuses.filter((s) => s === 429).length).toBe(35);
  }, 60_000);
});
