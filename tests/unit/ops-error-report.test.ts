import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { onRequestError } from '@/instrumentation';
import { parseDsn, reportError } from '@/lib/ops/error-report';

import { type EnvelopeServer, startEnvelopeServer } from '../helpers/envelope-server';

let service: EnvelopeServer;
beforeAll(async () => {
  service = await startEnvelopeServer();
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await service.close();
});

function lines(body: string) {
  return body.split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
}

describe('error reports to a Sentry-compatible DSN (lib/ops/error-report.ts)', () => {
  it("parses a DSN into the project's envelope endpoint and key", () => {
    expect(parseDsn('https://abc@o1.ingest.example.org/1234')).toMatchObject({
      envelopeUrl: 'https://o1.ingest.example.org/api/1234/envelope/',
      publicKey: 'abc',
    });
    expect(parseDsn('https://k@glitchtip.example.org/sub/path/7')?.envelopeUrl).toBe(
      'https://glitchtip.example.org/sub/path/api/7/envelope/',
    );
    expect(parseDsn('https://o1.ingest.example.org/1234')).toBeUndefined();
    expect(parseDsn('not a dsn')).toBeUndefined();
    expect(parseDsn(undefined)).toBeUndefined();
  });

  it('sends nothing without a DSN', async () => {
    vi.stubEnv('SENTRY_DSN', '');
    expect(await reportError({ error: new Error('x'), path: '/' })).toBe(false);
    expect(service.requests).toHaveLength(0);
  });

  it('onRequestError posts type, message, route path without query, request id: never cookies, headers or query', async () => {
    vi.stubEnv('NEXT_RUNTIME', 'nodejs');
    vi.stubEnv('SENTRY_DSN', service.dsn);
    const error = Object.assign(new RangeError('page 9999 out of range'), { digest: 'd1g3st' });
    await onRequestError(
      error,
      {
        path: '/blog?email=ada@example.org&page=9999',
        method: 'GET',
        headers: {
          cookie: 'lrjn_session=SESSIONSECRET',
          authorization: 'Bearer TOKENSECRET',
          'x-forwarded-for': '203.0.113.9',
          'x-request-id': 'nginx-req-000123',
        },
      },
      { routePath: '/[locale]/blog', routeType: 'render' },
    );
    expect(service.requests).toHaveLength(1);
    const [sent] = service.requests;
    expect(sent!.path).toBe('/api/42/envelope/');
    expect(sent!.headers['content-type']).toBe('application/x-sentry-envelope');
    expect(sent!.headers['x-sentry-auth']).toContain('sentry_key=publickey123');
    const [header, item, event] = lines(sent!.body);
    expect(header).toMatchObject({ dsn: service.dsn });
    expect(item).toMatchObject({ type: 'event' });
    expect(event).toMatchObject({
      level: 'error',
      transaction: '/[locale]/blog',
      exception: { values: [{ type: 'RangeError', value: 'page 9999 out of range' }] },
      tags: { route_type: 'render', request_id: 'nginx-req-000123' },
      extra: { path: '/blog', method: 'GET', digest: 'd1g3st' },
    });
    for (const secret of [
      'SESSIONSECRET',
      'TOKENSECRET',
      '203.0.113.9',
      'ada@example.org',
      'page=',
      'cookie',
    ])
      expect(sent!.body).not.toContain(secret);
    // The admin logs page's bounded record of recent errors got the same, and nothing more.
    const { recentServerErrors } = await import('@/lib/log/recent');
    const [recent] = recentServerErrors();
    expect(recent).toMatchObject({
      method: 'GET',
      path: '/blog',
      route: '/[locale]/blog',
      routeType: 'render',
      type: 'RangeError',
      message: 'page 9999 out of range',
      digest: 'd1g3st',
      requestId: 'nginx-req-000123',
    });
    for (const secret of ['SESSIONSECRET', 'TOKENSECRET', '203.0.113.9', 'ada@example.org'])
      expect(JSON.stringify(recent)).not.toContain(secret);
  });

  it('never throws when the service is down or refuses', async () => {
    service.status = 500;
    expect(await reportError({ error: 'plain string', path: '/x' }, { dsn: service.dsn })).toBe(false);
    service.status = 200;
    expect(
      await reportError(
        { error: new Error('x'), path: '/' },
        { dsn: 'http://k@127.0.0.1:9/1', timeoutMs: 500 },
      ),
    ).toBe(false);
  });
});
