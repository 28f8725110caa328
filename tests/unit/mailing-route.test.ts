import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { POST } from '@/app/api/mailchimp/subscribe/route';
import { env } from '@/lib/config/env';
import { closeDb } from '@/lib/db';

/**
 * POST /api/mailchimp/subscribe called directly: every rejected request is a small JSON 4xx, counted against the
 * per-client limit, and never reaches the database (the accepted path is covered with a database in
 * tests/integration/mailing-providers.test.ts).
 */

const URL_ = 'http://localhost/api/mailchimp/subscribe';
let nextIp = 1;
const freshIp = () => `203.0.113.${nextIp++}`;

function post(body: BodyInit | null, init: { ip?: string; headers?: Record<string, string> } = {}) {
  return POST(
    new Request(URL_, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-screening-socket-address': init.ip ?? freshIp(),
        ...init.headers,
      },
      body,
      // A ReadableStream body needs this in Node's fetch implementation.
      ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
    } as RequestInit),
  );
}

async function expectJsonError(response: Response, status: number, error: string) {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  const text = await response.text();
  expect(text).not.toMatch(/\bat .+:\d+|Error:|node_modules|\/work\//);
  const json = JSON.parse(text) as { success: boolean; error: string; fields?: string[] };
  expect(json).toMatchObject({ success: false, error });
  return json;
}

// No request here should reach the database; if one did, it must not open the on-disk default (.data/pglite).
beforeAll(() => {
  vi.stubEnv('PGLITE_DIR', 'memory://');
});
afterAll(async () => {
  await closeDb();
  vi.unstubAllEnvs();
});

describe('POST /api/mailchimp/subscribe rejections', () => {
  it('rejects malformed JSON with 400 invalid_json', async () => {
    await expectJsonError(await post('{"email": '), 400, 'invalid_json');
  });

  it('rejects bodies that are not the schema with 400 invalid_body and the offending fields', async () => {
    const cases: [unknown, string[]][] = [
      [{}, ['email']],
      [null, ['body']],
      [['a@example.org'], ['body']],
      [{ email: 'not-an-email' }, ['email']],
      [{ email: `${'a'.repeat(250)}@example.org` }, ['email']],
      [{ email: 'a@example.org', firstName: 'x'.repeat(101) }, ['firstName']],
      [{ email: 'a@example.org', tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }, ['tags']],
      [{ email: 'a@example.org', tags: ['x'.repeat(51)] }, ['tags']],
      [{ email: 'a@example.org', tags: 'newsletter' }, ['tags']],
      [{ email: 'a@example.org', mergeFields: { ROLE: 'x'.repeat(201) } }, ['mergeFields']],
      [{ email: 'a@example.org', mergeFields: { 'BAD KEY': 'x' } }, ['mergeFields']],
      [
        {
          email: 'a@example.org',
          mergeFields: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`F${i}`, 'v'])),
        },
        ['mergeFields'],
      ],
      [{ email: 'a@example.org', mergeFields: { ROLE: 7 } }, ['mergeFields']],
      [{ email: 'a@example.org', locale: 'de' }, ['locale']],
      [
        { email: '<script>alert(1)</script>@x', firstName: "'; drop table newsletter_subscribers; --" },
        ['email'],
      ],
    ];
    for (const [body, fields] of cases) {
      const json = await expectJsonError(await post(JSON.stringify(body)), 400, 'invalid_body');
      expect(json.fields, JSON.stringify(body).slice(0, 80)).toEqual(fields);
    }
  });

  it('refuses tags and merge fields outside the allow-list, saying which and what is allowed', async () => {
    const json = await expectJsonError(
      await post(
        JSON.stringify({
          email: 'victim@example.org',
          tags: ['newsletter', 'donor', 'vip', 'staff'],
          mergeFields: { MMERGE9: 'x', CITY: 'Leeds' },
        }),
      ),
      400,
      'invalid_body',
    );
    expect(json.fields).toEqual(['tags', 'mergeFields']);
    const { messages } = json as unknown as { messages: string[] };
    expect(messages).toEqual([
      expect.stringMatching(/^unknown tag "donor"; allowed tags: newsletter, website, home, community, /),
      expect.stringMatching(/^unknown tag "vip"/),
      expect.stringMatching(/^unknown tag "staff"/),
      'unknown merge field "MMERGE9"; allowed merge fields: COUNTRY, CITY',
    ]);
    for (const body of [
      { email: 'a@example.org', tags: ['volunteer'] },
      { email: 'a@example.org', tags: ['Newsletter'] },
      { email: 'a@example.org', mergeFields: { SOURCE: 'staff-import' } },
      { email: 'a@example.org', mergeFields: { FNAME: 'x' } },
    ]) {
      await expectJsonError(await post(JSON.stringify(body)), 400, 'invalid_body');
    }
  });

  it('answers 413 for a body over 16 KB, declared or streamed', async () => {
    const big = JSON.stringify({ email: 'a@example.org', firstName: 'x'.repeat(17 * 1024) });
    await expectJsonError(await post(big), 413, 'payload_too_large');
    const encoder = new TextEncoder();
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 20; i++) controller.enqueue(encoder.encode('x'.repeat(1024)));
        controller.close();
      },
    });
    await expectJsonError(await post(stream), 413, 'payload_too_large');
  });

  it('accepts JSON only (415), so a plain cross-site form post cannot subscribe anyone', async () => {
    await expectJsonError(
      await post('email=a%40example.org', {
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }),
      415,
      'unsupported_media_type',
    );
    await expectJsonError(
      await post('{"email":"a@example.org"}', { headers: { 'content-type': 'text/plain' } }),
      415,
      'unsupported_media_type',
    );
  });

  it('limits each client to FORM_RATE_LIMIT_MAX requests per window (429 with Retry-After), others unaffected', async () => {
    const ip = '198.51.100.77';
    for (let i = 0; i < env().FORM_RATE_LIMIT_MAX; i++) {
      expect((await post('{', { ip })).status).toBe(400);
    }
    const limited = await post(JSON.stringify({ email: 'a@example.org' }), { ip });
    await expectJsonError(limited, 429, 'rate_limited');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await post('{', { ip: '198.51.100.78' })).status).toBe(400);
  });
});
