import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { isLocalEndpoint, isPrivateAddress, lookupLocation, parseGeoResponse } from '@/lib/geo/lookup';

import { type GeoipServer, startGeoipServer } from '../helpers/geoip-server';

describe('isPrivateAddress', () => {
  it('recognises loopback, private, link-local, CGNAT and non-addresses', () => {
    for (const ip of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.1.1',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fd00::1',
      'fe80::1',
      'unknown',
      '',
    ])
      expect(isPrivateAddress(ip), ip).toBe(true);
    for (const ip of ['81.2.69.142', '172.32.0.1', '8.8.8.8', '2a00:1450:4009::1'])
      expect(isPrivateAddress(ip), ip).toBe(false);
  });
  it('knows a local endpoint', () => {
    expect(isLocalEndpoint('http://127.0.0.1:9/{ip}')).toBe(true);
    expect(isLocalEndpoint('http://localhost/{ip}')).toBe(true);
    expect(isLocalEndpoint('https://ipapi.co/{ip}/json/')).toBe(false);
    expect(isLocalEndpoint('not a url')).toBe(false);
  });
});

describe('parseGeoResponse', () => {
  it('reads ipapi, ip-api and ipinfo shapes into our country code and a city', async () => {
    expect(await parseGeoResponse({ country_name: 'United Kingdom', city: 'Leeds' })).toEqual({
      country: 'GB',
      city: 'Leeds',
    });
    expect(await parseGeoResponse({ country_code: 'fr', country_name: 'France', city: ' Lyon ' })).toEqual({
      country: 'FR',
      city: 'Lyon',
    });
    expect(await parseGeoResponse({ country: 'Portugal', countryCode: 'PT', city: 'Porto' })).toEqual({
      country: 'PT',
      city: 'Porto',
    });
    expect(await parseGeoResponse({ country: 'ES' })).toEqual({ country: 'ES' });
  });
  it('drops what is not on our list or not text', async () => {
    expect(await parseGeoResponse({ country_name: 'Atlantis', city: 42 })).toEqual({});
    expect(await parseGeoResponse({ country_code: 'AQ', city: 'x'.repeat(500) })).toEqual({});
    for (const body of [null, 'text', [], 7]) expect(await parseGeoResponse(body)).toEqual({});
  });
});

describe('lookupLocation against a local geoip server', () => {
  let geo: GeoipServer;
  beforeAll(async () => {
    geo = await startGeoipServer();
  });
  afterAll(async () => geo.close());
  beforeEach(() => {
    geo.responses.clear();
    geo.requests.length = 0;
    geo.delayMs = 0;
    geo.status = null;
    geo.raw = null;
  });

  it('prefills country and city for the address', async () => {
    geo.responses.set('81.2.69.142', {
      ip: '81.2.69.142',
      country_name: 'United Kingdom',
      country_code: 'GB',
      city: 'Leeds',
    });
    expect(await lookupLocation('81.2.69.142', { url: geo.url })).toEqual({ country: 'GB', city: 'Leeds' });
    expect(geo.requests).toEqual(['/81.2.69.142/json/']);
  });

  it('asks a local server even for a loopback client (tests and development)', async () => {
    geo.responses.set('127.0.0.1', { country_name: 'France', city: 'Paris' });
    expect(await lookupLocation('127.0.0.1', { url: geo.url })).toEqual({ country: 'FR', city: 'Paris' });
  });

  it('never asks a remote service about a private address, nor anything without an endpoint', async () => {
    let called = false;
    const fetchImpl = (async () => {
      called = true;
      return new Response('{}');
    }) as typeof fetch;
    expect(await lookupLocation('192.168.1.5', { url: 'https://geo.example/{ip}', fetchImpl })).toEqual({});
    expect(await lookupLocation('81.2.69.142', { url: undefined, fetchImpl })).toEqual({});
    expect(called).toBe(false);
  });

  it('gives {} on an error status, unreadable JSON, a refused connection or a timeout', async () => {
    geo.status = 500;
    expect(await lookupLocation('81.2.69.142', { url: geo.url })).toEqual({});
    geo.status = null;
    geo.raw = '<html>rate limited</html>';
    geo.responses.set('81.2.69.142', {});
    expect(await lookupLocation('81.2.69.142', { url: geo.url })).toEqual({});
    geo.raw = null;
    expect(await lookupLocation('203.0.113.9', { url: geo.url })).toEqual({}); // 404
    expect(await lookupLocation('81.2.69.142', { url: 'http://127.0.0.1:1/{ip}' })).toEqual({});
    geo.delayMs = 2_000;
    geo.responses.set('81.2.69.142', { country_name: 'Spain', city: 'Madrid' });
    const started = Date.now();
    expect(await lookupLocation('81.2.69.142', { url: geo.url, timeoutMs: 200 })).toEqual({});
    expect(Date.now() - started).toBeLessThan(1_500);
  });
});
