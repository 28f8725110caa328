import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import { createEventDecoder, type AssistantEvent } from '@/lib/assistant/protocol';

/** POST /api/assistant called directly (route handler), on the embedded default: local answerer, snapshot content. */

function request(body: string, headers: Record<string, string> = {}) {
  return new Request('http://localhost/api/assistant', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-screening-socket-address': '203.0.113.9', ...headers },
    body,
  });
}

async function events(res: Response): Promise<AssistantEvent[]> {
  const text = await res.text();
  return createEventDecoder().push(`${text}\n`);
}

async function route() {
  return (await import('@/app/api/assistant/route')).POST;
}

// The first import transforms the route's whole module graph (about 2 s alone, over the 5 s test timeout on a
// loaded CI machine); done once here, the tests' own imports after vi.resetModules() reuse the transforms.
beforeAll(async () => {
  await import('@/app/api/assistant/route');
}, 60_000);

beforeEach(() => {
  vi.resetModules();
  vi.stubEnv('OPENAI_API_KEY', '');
  vi.stubEnv('ASSISTANT_MAX_CHARS', '');
});
afterEach(() => vi.unstubAllEnvs());

describe('POST /api/assistant: refusals', () => {
  it.each([
    ['malformed JSON', '{"message": "hi", ', 'invalid_json'],
    ['an array', '[1,2,3]', 'invalid_body'],
    ['a missing locale', JSON.stringify({ message: 'hi' }), 'invalid_body'],
    ['an unknown locale', JSON.stringify({ message: 'hi', locale: 'de' }), 'invalid_body'],
    ['a blank message', JSON.stringify({ message: '   ', locale: 'en' }), 'invalid_body'],
    ['a non-string message', JSON.stringify({ message: { $gt: '' }, locale: 'en' }), 'invalid_body'],
    [
      'a non-UUID conversation id',
      JSON.stringify({ message: 'hi', locale: 'en', conversationId: '../../etc/passwd' }),
      'invalid_body',
    ],
    [
      'a message over 2000 characters',
      JSON.stringify({ message: 'a'.repeat(2001), locale: 'en' }),
      'too_large',
    ],
    [
      'a body over 16 KB',
      JSON.stringify({ message: 'hi', locale: 'en', pad: 'x'.repeat(20_000) }),
      'too_large',
    ],
  ])('400 for %s, with an error code and no stack or echo', async (_, body, code) => {
    const res = await (await route())(request(body));
    expect(res.status).toBe(400);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ error: code });
    expect(text).not.toMatch(/at .*\.ts|Error:|stack/);
  });

  it('ignores prototype-pollution keys and hostile markup is answered as text', async () => {
    const POST = await route();
    const res = await POST(
      request(
        '{"__proto__":{"polluted":true},"constructor":{"prototype":{"x":1}},"message":"<script>alert(1)</script> donate","locale":"en"}',
      ),
    );
    expect(res.status).toBe(200);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const text = (await events(res))
      .filter((e) => e.type === 'delta')
      .map((e) => (e as { text: string }).text)
      .join('');
    expect(text).not.toContain('<script>');
    expect(text).toContain('](/donate)');
  });

  it('415 for a body that is not JSON', async () => {
    const res = await (
      await route()
    )(request('message=hi', { 'content-type': 'application/x-www-form-urlencoded' }));
    expect(res.status).toBe(415);
  });

  it('429 with Retry-After once a client is over its limit, per client', async () => {
    vi.stubEnv('ASSISTANT_RATE_LIMIT_MAX', '2');
    const POST = await route();
    const body = JSON.stringify({ message: 'hi', locale: 'en' });
    const ip = { 'x-screening-socket-address': '203.0.113.77' };
    expect((await POST(request(body, ip))).status).toBe(200);
    expect((await POST(request(body, ip))).status).toBe(200);
    const refused = await POST(request(body, ip));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.headers.get('cache-control')).toBe('no-store');
    expect(await refused.json()).toEqual({ error: 'rate_limited' });
    // Another client is not affected.
    expect((await POST(request(body, { 'x-screening-socket-address': '198.51.100.4' }))).status).toBe(200);
  });
});

describe('POST /api/assistant: streamed replies', () => {
  it('streams NDJSON: start with the conversation id, deltas, sources, done', async () => {
    const res = await (
      await route()
    )(request(JSON.stringify({ message: 'How can I volunteer at the climate assembly?', locale: 'en' })));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/x-ndjson; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const id = res.headers.get('x-conversation-id');
    expect(id).toMatch(/^[0-9a-f-]{36}\.[\w-]{43}$/);
    const all = await events(res);
    expect(all[0]).toEqual({ type: 'start', conversationId: id });
    expect(all.filter((e) => e.type === 'delta').length).toBeGreaterThan(3);
    expect(all.at(-1)).toEqual({ type: 'done' });
    const text = all.map((e) => (e.type === 'delta' ? e.text : '')).join('');
    expect(text).toContain('[Community page](/community#register)');
    const sources = all.find((e) => e.type === 'sources');
    expect(sources && sources.type === 'sources' && sources.sources.every((s) => s.url.startsWith('/'))).toBe(
      true,
    );
    if (sources?.type === 'sources') {
      expect(sources.sources.map((s) => s.url)).toContain(
        '/event/race-and-climate-justice-spring-assembly-2027',
      );
      expect(new Set(sources.sources.map((s) => s.url)).size).toBe(sources.sources.length);
    }
    expect(text.length).toBeLessThanOrEqual(1200);
  });

  it('keeps a conversation id it issued, answers in the locale and honours ASSISTANT_MAX_CHARS', async () => {
    vi.stubEnv('ASSISTANT_MAX_CHARS', '300');
    const post = await route();
    const conversationId = (
      await post(request(JSON.stringify({ message: 'hello', locale: 'fr' })))
    ).headers.get('x-conversation-id')!;
    const res = await post(
      request(
        JSON.stringify({ message: 'Je veux devenir bénévole et faire un don', locale: 'fr', conversationId }),
      ),
    );
    const all = await events(res);
    expect(all[0]).toEqual({ type: 'start', conversationId });
    const text = all.map((e) => (e.type === 'delta' ? e.text : '')).join('');
    expect(text).toContain('(/fr/community#register)');
    expect(text).toContain('bénévole');
    expect(text.length).toBeLessThanOrEqual(300);
  });

  it('never keeps a conversation id the client chose or forged (security review L12)', async () => {
    const post = await route();
    const issued = (await post(request(JSON.stringify({ message: 'hello', locale: 'en' })))).headers.get(
      'x-conversation-id',
    )!;
    const [, signature] = issued.split('.');
    for (const chosen of [
      '6f1c2b8e-3d4a-4b5c-9d8e-7f6a5b4c3d2e',
      `6f1c2b8e-3d4a-4b5c-9d8e-7f6a5b4c3d2e.${signature}`,
      // The issued id with its last signature character changed (never to itself).
      `${issued.slice(0, -1)}${issued.endsWith('A') ? 'B' : 'A'}`,
    ]) {
      const res = await post(
        request(JSON.stringify({ message: 'hello', locale: 'en', conversationId: chosen })),
      );
      expect(res.status).toBe(200);
      const id = res.headers.get('x-conversation-id')!;
      expect(id).not.toBe(chosen);
      expect(id).toMatch(/^[0-9a-f-]{36}\.[\w-]{43}$/);
      expect((await events(res))[0]).toEqual({ type: 'start', conversationId: id });
    }
  });

  it('cites content pages with locale-prefixed links', async () => {
    const res = await (
      await route()
    )(request(JSON.stringify({ message: 'Stop the Scan facial recognition', locale: 'pt' })));
    const all = await events(res);
    const sources = all.find((e) => e.type === 'sources');
    expect(sources?.type).toBe('sources');
    if (sources?.type === 'sources') {
      expect(sources.sources.length).toBeGreaterThan(0);
      for (const s of sources.sources)
        expect(s.url).toMatch(/^\/pt\/(blog|event|reports|causes|vacancies|stop-the-scan|about|our-work)/);
    }
  });

  it('leads with UK help for a hate incident, in Spanish', async () => {
    const res = await (
      await route()
    )(request(JSON.stringify({ message: 'Me han agredido en la calle por racismo', locale: 'es' })));
    const text = (await events(res)).map((e) => (e.type === 'delta' ? e.text : '')).join('');
    expect(text.startsWith('Si tú u otra persona')).toBe(true);
    expect(text).toContain('999');
    expect(text).toContain('report-it.org.uk');
    expect(text).toContain('Stop Hate UK');
    expect(text).toContain('(/es/contact)');
  });
});

describe('GET /api/assistant: which answerer replies (for the privacy line)', () => {
  it('says local without a key and openai with one, uncached', async () => {
    const { GET } = await import('@/app/api/assistant/route');
    const local = await GET(new Request('http://localhost/api/assistant'));
    expect(local.headers.get('cache-control')).toBe('no-store');
    expect(await local.json()).toEqual({ answerer: 'local' });

    vi.resetModules();
    vi.stubEnv('OPENAI_API_KEY', 'sk-test-not-a-real-key');
    const withKey = await (
      await import('@/app/api/assistant/route')
    ).GET(new Request('http://localhost/api/assistant'));
    const body = await withKey.text();
    expect(JSON.parse(body)).toEqual({ answerer: 'openai' });
    expect(body).not.toContain('sk-test');
  });
});
