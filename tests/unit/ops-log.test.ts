import { Writable } from 'node:stream';

import { describe, expect, it } from 'vitest';

import { createLogger, errorFields } from '@/lib/log';
import { requestIdFrom, safeRequestId, tagRequestId } from '@/lib/log/request-id';

function capture() {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, log: createLogger({ level: 'info', destination }) };
}

describe('JSON logs (lib/log)', () => {
  it('writes one JSON object per line with level, time and message', () => {
    const { lines, log } = capture();
    log.info({ component: 'db', requestId: 'req-12345678' }, 'opened');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 'info',
      component: 'db',
      requestId: 'req-12345678',
      msg: 'opened',
    });
    expect(typeof lines[0]!.time).toBe('string');
  });

  it('redacts personal data and credentials at the top level and one level down', () => {
    const { lines, log } = capture();
    log.warn(
      {
        email: 'ada@example.org',
        name: 'Ada Lovelace',
        ip: '203.0.113.9',
        message: 'my private message',
        cookie: 'lrjn_session=abc',
        authorization: 'Bearer sk-secret',
        input: { email: 'bob@example.org', message: 'hello from bob', name: 'Bob' },
        headers: { cookie: 'a=b', authorization: 'Basic xyz', 'set-cookie': 'c=d', accept: 'text/html' },
        user: { email: 'carol@example.org', id: 'u1' },
        id: 'kept-id',
      },
      'submission',
    );
    const text = JSON.stringify(lines);
    for (const secret of [
      'ada@example.org',
      'Ada Lovelace',
      '203.0.113.9',
      'my private message',
      'lrjn_session',
      'sk-secret',
      'bob@example.org',
      'hello from bob',
      'Basic xyz',
      'c=d',
      'carol@example.org',
    ])
      expect(text).not.toContain(secret);
    expect(lines[0]).toMatchObject({
      email: '[redacted]',
      id: 'kept-id',
      headers: { accept: 'text/html', cookie: '[redacted]' },
      user: { id: 'u1', email: '[redacted]' },
    });
  });

  it("keeps an error's type and message (what an operator needs)", () => {
    const { lines, log } = capture();
    log.error({ component: 'outbox', ...errorFields(new TypeError('connection lost')) }, 'claim failed');
    expect(lines[0]!.err).toMatchObject({ type: 'TypeError', message: 'connection lost' });
  });
});

describe('request ids (lib/log/request-id.ts)', () => {
  it('keeps a short plain incoming id and replaces anything else with a UUID', () => {
    expect(safeRequestId('abc12345-DEF.6:7_8')).toBe('abc12345-DEF.6:7_8');
    expect(safeRequestId('short')).toBeUndefined();
    expect(safeRequestId('x'.repeat(129))).toBeUndefined();
    expect(safeRequestId('abc12345\n{"level":"fatal"}')).toBeUndefined();
    expect(safeRequestId('abc 12345 678')).toBeUndefined();
    expect(safeRequestId('"quoted-id-1"')).toBeUndefined();
    const forged = requestIdFrom(new Headers({ 'x-request-id': 'evil%0a{"level":60}-injected' }));
    expect(forged).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestIdFrom(new Headers({ 'x-request-id': 'lb-0123456789' }))).toBe('lb-0123456789');
  });

  it('tags a continuing response: response header, and the request header forwarded with every other header', () => {
    const request = new Request('http://site.test/api/x', {
      headers: { accept: 'text/html', 'x-request-id': 'bad id' },
    });
    const response = tagRequestId(request, new Response(null, { headers: { 'x-middleware-next': '1' } }));
    const id = response.headers.get('x-request-id')!;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.headers.get('x-middleware-request-x-request-id')).toBe(id);
    expect(response.headers.get('x-middleware-request-accept')).toBe('text/html');
    expect(response.headers.get('x-middleware-override-headers')!.split(',').sort()).toEqual([
      'accept',
      'x-request-id',
    ]);
  });

  it("extends an override list another step set (next-intl's) instead of replacing it", () => {
    const request = new Request('http://site.test/about', { headers: { 'x-request-id': 'nginx-abcdef12' } });
    const response = tagRequestId(
      request,
      new Response(null, {
        headers: {
          'x-middleware-next': '1',
          'x-middleware-override-headers': 'x-next-intl-locale,x-request-id',
          'x-middleware-request-x-next-intl-locale': 'en',
        },
      }),
    );
    expect(response.headers.get('x-middleware-override-headers')).toBe('x-next-intl-locale,x-request-id');
    expect(response.headers.get('x-middleware-request-x-request-id')).toBe('nginx-abcdef12');
    expect(response.headers.get('x-request-id')).toBe('nginx-abcdef12');
  });

  it("keeps the request's own safe id (nginx's) without overriding the request headers", () => {
    const request = new Request('http://site.test/about', { headers: { 'x-request-id': 'nginx-abcdef12' } });
    const response = tagRequestId(
      request,
      new Response(null, { headers: { 'x-middleware-rewrite': '/en/about' } }),
    );
    expect(response.headers.get('x-request-id')).toBe('nginx-abcdef12');
    expect(response.headers.has('x-middleware-override-headers')).toBe(false);
    expect(response.headers.has('x-middleware-request-x-request-id')).toBe(false);
  });

  it('gives refusals and redirects only the response header', () => {
    const response = tagRequestId(new Request('http://site.test/'), new Response('blocked', { status: 429 }));
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.headers.has('x-middleware-override-headers')).toBe(false);
  });
});
