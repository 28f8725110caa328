import http from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { unusedPort } from '../helpers/smtp-server';

/**
 * GET /api/health and GET /api/ready called directly (docs/ARCHITECTURE.md §6), on PGlite in memory; WordPress and Redis
 * that cannot be reached are closed ports on 127.0.0.1. Each case loads the modules afresh: env() is read once.
 */

type Ready = typeof import('@/app/api/ready/route');

async function loadReady(env: Record<string, string>): Promise<Ready> {
  vi.resetModules();
  vi.stubEnv('DATABASE_URL', '');
  vi.stubEnv('PGLITE_DIR', 'memory://');
  vi.stubEnv('REDIS_URL', '');
  vi.stubEnv('WORDPRESS_URL', '');
  for (const [key, value] of Object.entries(env)) vi.stubEnv(key, value);
  return import('@/app/api/ready/route');
}

let wordpress: http.Server;
let wordpressUrl: string;
beforeAll(async () => {
  // A WordPress stand-in: its REST index answers JSON (the check asks ?rest_route=/).
  wordpress = http.createServer((req, res) => {
    res.writeHead(req.url?.includes('rest_route=') ? 200 : 404, { 'content-type': 'application/json' });
    res.end('{"name":"cms"}');
  });
  await new Promise<void>((resolve) => wordpress.listen(0, '127.0.0.1', resolve));
  wordpressUrl = `http://127.0.0.1:${(wordpress.address() as AddressInfo).port}`;
});

afterEach(() => vi.unstubAllEnvs());

afterAll(async () => {
  const { closeDb } = await import('@/lib/db');
  await closeDb();
  const { resetShutdownFlag } = await import('@/lib/ops/state');
  resetShutdownFlag();
  await new Promise<void>((resolve) => wordpress.close(() => resolve()));
});

describe('GET /api/health', () => {
  it('answers 200 {status: ok}, never cached, without touching the database', async () => {
    const { GET } = await import('@/app/api/health/route');
    const response = await GET(new Request('http://localhost/api/health'));
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({ status: 'ok' });
  });
});

describe('GET /api/ready', () => {
  it('answers 200 when the database answers and nothing else is configured', async () => {
    const { GET } = await loadReady({});
    // A cold start opens and migrates PGlite (seconds, longer than a check may take): not ready until it is open.
    const { getDb } = await import('@/lib/db');
    await getDb();
    const response = await GET(new Request('http://localhost/api/ready'));
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({
      status: 'ok',
      checks: { database: 'ok', redis: 'not-configured', wordpress: 'not-configured' },
    });
  }, 120_000);

  it('checks a configured WordPress through its REST index', async () => {
    const { GET } = await loadReady({ WORDPRESS_URL: wordpressUrl });
    const response = await GET(new Request('http://localhost/api/ready'));
    expect(await response.json()).toMatchObject({ status: 'ok', checks: { wordpress: 'ok' } });
  }, 60_000);

  it('answers 503 with failing checks, and no host, port or error text, when WordPress and Redis are down', async () => {
    const wpPort = await unusedPort();
    const redisPort = await unusedPort();
    const { GET } = await loadReady({
      WORDPRESS_URL: `http://127.0.0.1:${wpPort}`,
      REDIS_URL: `redis://:redispassword@127.0.0.1:${redisPort}`,
    });
    const response = await GET(new Request('http://localhost/api/ready'));
    expect(response.status).toBe(503);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({
      status: 'failing',
      checks: { database: 'ok', redis: 'failing', wordpress: 'failing' },
    });
    for (const leak of ['127.0.0.1', String(wpPort), String(redisPort), 'redispassword', 'ECONNREFUSED'])
      expect(text).not.toContain(leak);
  }, 60_000);

  it.runIf(process.env.TEST_REDIS_URL)('reports a reachable Redis as ok', async () => {
    const { GET } = await loadReady({ REDIS_URL: process.env.TEST_REDIS_URL ?? '' });
    expect(await (await GET(new Request('http://localhost/api/ready'))).json()).toMatchObject({ checks: { redis: 'ok' } });
  });

  it('answers 503 shutting-down once the process has begun its graceful shutdown', async () => {
    const { GET } = await loadReady({});
    const { markShuttingDown, resetShutdownFlag } = await import('@/lib/ops/state');
    markShuttingDown();
    try {
      const response = await GET(new Request('http://localhost/api/ready'));
      expect(response.status).toBe(503);
      expect(await response.json()).toMatchObject({ status: 'shutting-down' });
    } finally {
      resetShutdownFlag();
    }
  }, 60_000);
});
