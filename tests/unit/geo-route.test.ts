import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { SOCKET_ADDRESS_HEADER } from '@/lib/screening/socket-address';

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
});
