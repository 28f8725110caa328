import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { SOCKET_ADDRESS_HEADER } from '@/lib/rate-limit/socket-address';

import { type GeoipServer, startGeoipServer } from '../helpers/geoip-server';

/** GET /api/geo: the visitor's address from the socket (or the trusted proxy header), never cached, always 200. */
describe('GET /api/geo', () => {
  let geo: GeoipServer;
  beforeAll(async () => {
    geo = await startGeoipServer();
    geo.responses.set('81.2.69.142', { country_name: 'United Kingdom', city: 'Leeds' });
  });
  afterAll(async () => {
    vi.unstubAllEnvs();
    await geo.close();
  });

  async function get(headers: Record<string, string>, envs: Record<string, string | undefined>) {
    vi.resetModules();
    vi.unstubAllEnvs();
    for (const [k, v] of Object.entries(envs)) vi.stubEnv(k, v);
    const { GET } = await import('@/app/api/geo/route');
    return GET(new Request('http://localhost/api/geo', { headers }));
  }

  it('answers the location of the socket address, uncached', async () => {
    const res = await get({ [SOCKET_ADDRESS_HEADER]: '81.2.69.142' }, { GEOIP_URL: geo.url });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('no-store');
    expect(await res.json()).toEqual({ country: 'GB', city: 'Leeds' });
  });

  it('believes a forwarded address only from the trusted header', async () => {
    const spoofed = await get(
      { 'x-forwarded-for': '81.2.69.142', [SOCKET_ADDRESS_HEADER]: '198.51.100.1' },
      { GEOIP_URL: geo.url },
    );
    expect(await spoofed.json()).toEqual({});
    const trusted = await get(
      { 'x-forwarded-for': '81.2.69.142', [SOCKET_ADDRESS_HEADER]: '10.0.0.2' },
      { GEOIP_URL: geo.url, TRUSTED_PROXY_HEADER: 'x-forwarded-for' },
    );
    expect(await trusted.json()).toEqual({ country: 'GB', city: 'Leeds' });
  });

  it('answers {} with 200 without GEOIP_URL', async () => {
    const res = await get({ [SOCKET_ADDRESS_HEADER]: '81.2.69.142' }, { GEOIP_URL: undefined });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({});
  });

  it('asks the provider once per network a day: the second call makes no upstream request (security review L15)', async () => {
    vi.resetModules();
    vi.unstubAllEnvs();
    vi.stubEnv('GEOIP_URL', geo.url);
    vi.stubEnv('FORM_RATE_LIMIT_MAX', '100');
    const { GET } = await import('@/app/api/geo/route');
    const call = (ip: string) =>
      GET(new Request('http://localhost/api/geo', { headers: { [SOCKET_ADDRESS_HEADER]: ip } }));
    geo.requests.length = 0;
    expect(await (await call('81.2.69.142')).json()).toEqual({ country: 'GB', city: 'Leeds' });
    expect(geo.requests).toHaveLength(1);
    // The same address, and a neighbour on the same /24, are answered from the cache.
    expect(await (await call('81.2.69.142')).json()).toEqual({ country: 'GB', city: 'Leeds' });
    expect(await (await call('81.2.69.7')).json()).toEqual({ country: 'GB', city: 'Leeds' });
    expect(geo.requests).toHaveLength(1);
    // Another network is looked up.
    await call('81.2.70.1');
    expect(geo.requests).toHaveLength(2);
    // An unknown address is cached too (for a shorter time): a loop of calls reaches the provider once.
    for (let i = 0; i < 5; i++) await call('81.2.70.1');
    expect(geo.requests).toHaveLength(2);
  });

  it('counts against the forms’ per-client budget: over it, 429 and no lookup (security review L15)', async () => {
    vi.resetModules();
    vi.unstubAllEnvs();
    vi.stubEnv('GEOIP_URL', geo.url);
    vi.stubEnv('FORM_RATE_LIMIT_MAX', '2');
    const { GET } = await import('@/app/api/geo/route');
    const call = () =>
      GET(new Request('http://localhost/api/geo', { headers: { [SOCKET_ADDRESS_HEADER]: '81.2.69.142' } }));
    expect((await call()).status).toBe(200);
    expect((await call()).status).toBe(200);
    const refused = await call();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toEqual({});
  });
});

describe('maskAddress and the geo cache', () => {
  it('masks IPv4 to /24 and IPv6 to /48 (IPv4-mapped as IPv4)', async () => {
    const { maskAddress } = await import('@/lib/geo/cache');
    expect(maskAddress('81.2.69.142')).toBe('81.2.69.0/24');
    expect(maskAddress('::ffff:81.2.69.142')).toBe('81.2.69.0/24');
    expect(maskAddress('::ffff:5102:458e')).toBe('81.2.69.0/24');
    expect(maskAddress('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1::/48');
    expect(maskAddress('2001:DB8:1::1')).toBe('2001:db8:1::/48');
    expect(maskAddress('2001:db8::1')).toBe('2001:db8:0::/48');
    expect(maskAddress('fe80::1%eth0')).toBe('fe80:0:0::/48');
    expect(maskAddress('not-an-ip')).toBe('not-an-ip');
  });

  it('expires known answers after a day and empty ones after ten minutes, and stays bounded', async () => {
    const { createGeoCache } = await import('@/lib/geo/cache');
    let t = 0;
    const cache = createGeoCache({ now: () => t, max: 2 });
    cache.set('81.2.69.1', { country: 'GB' });
    cache.set('198.51.100.1', {});
    t = 11 * 60_000;
    expect(cache.get('81.2.69.200')).toEqual({ country: 'GB' });
    expect(cache.get('198.51.100.1')).toBeUndefined();
    t = 24 * 3600_000 + 1;
    expect(cache.get('81.2.69.1')).toBeUndefined();
    for (const ip of ['1.1.1.1', '2.2.2.2', '3.3.3.3']) cache.set(ip, { country: 'FR' });
    expect(cache.size).toBe(2);
  });
});
