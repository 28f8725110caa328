import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';

import { issueFormToken, verifyFormToken } from '@/lib/forms/token';

const SECRET = 'test-form-secret-0123456789abcdef0123456789';
process.env.FORM_SECRET = SECRET;

type ActionModule = typeof import('@/lib/forms/action');
let action: ActionModule;
beforeAll(async () => {
  action = await import('@/lib/forms/action');
});

describe('form tokens', () => {
  const t0 = 1_790_000_000_000;
  it('accepts a token after the minimum fill time and within a day', () => {
    const token = issueFormToken(SECRET, t0);
    expect(verifyFormToken(SECRET, token, t0 + 3_000)).toBe('ok');
    expect(verifyFormToken(SECRET, token, t0 + 23 * 3600_000)).toBe('ok');
  });
  it('refuses one sent too soon, too late, from the future, forged or malformed', () => {
    const token = issueFormToken(SECRET, t0);
    expect(verifyFormToken(SECRET, token, t0 + 500)).toBe('too-fast');
    expect(verifyFormToken(SECRET, token, t0 + 25 * 3600_000)).toBe('expired');
    expect(verifyFormToken(SECRET, issueFormToken(SECRET, t0 + 3600_000), t0)).toBe('expired');
    expect(verifyFormToken('another-secret-0123456789abcdef0123', token, t0 + 5_000)).toBe('invalid');
    const [issued, sig] = token.split('.');
    expect(verifyFormToken(SECRET, `${Number(issued) - 60_000}.${sig}`, t0 + 5_000)).toBe('invalid');
    for (const bad of [undefined, null, 42, '', 'abc', `${issued}.`, `${issued}.${sig}x`, 'x'.repeat(5000)]) {
      expect(verifyFormToken(SECRET, bad, t0 + 5_000)).toBe('invalid');
    }
  });
});

describe('executeForm', () => {
  const schema = z.object({
    name: z.string({ error: 'nameMin' }).trim().min(2, { error: 'nameMin' }).max(100, { error: 'nameMax' }),
    age: z.number().int().optional(),
  });
  const now = Date.now();
  const ctx = (ip = '203.0.113.1') => ({ ip, locale: 'en' as const, now });
  const guard = () => ({ formToken: issueFormToken(SECRET, now - 10_000), website_url: '' });

  function setup(name: string, points = 100) {
    const seen: unknown[] = [];
    const def = { name, schema, limit: { points, durationSeconds: 60 } };
    const handler = async (input: z.output<typeof schema>) => {
      seen.push(input);
      return { id: 7 };
    };
    return { seen, run: (raw: unknown, ip?: string) => action.executeForm(def, handler, raw, ctx(ip)) };
  }

  it('runs the handler with the parsed input (trimmed, extra keys dropped)', async () => {
    const { seen, run } = setup('ok');
    const result = await run({ ...guard(), name: '  Ada ', isAdmin: true });
    expect(result).toEqual({ ok: true, data: { id: 7 } });
    expect(seen).toEqual([{ name: 'Ada' }]);
  });

  it('answers invalid input with 422 and message keys, and never runs the handler', async () => {
    const { seen, run } = setup('invalid');
    expect(await run({ ...guard(), name: 'A' })).toEqual({
      ok: false,
      status: 422,
      error: 'invalid',
      fieldErrors: { name: 'nameMin' },
    });
    expect(await run({ ...guard(), name: 'x'.repeat(100_000) })).toMatchObject({
      status: 422,
      fieldErrors: { name: 'nameMax' },
    });
    // zod's own English messages never reach the browser.
    expect(await run({ ...guard(), name: 'Ada', age: 'old' })).toMatchObject({
      status: 422,
      fieldErrors: { age: 'invalid' },
    });
    expect(await run({ ...guard(), name: { $gt: '' } })).toMatchObject({
      status: 422,
      fieldErrors: { name: 'nameMin' },
    });
    for (const raw of [null, undefined, 'name=Ada', 42, [guard()]]) {
      expect(await run(raw)).toEqual({ ok: false, status: 400, error: 'invalid' });
    }
    expect(seen).toEqual([]);
  });

  it('is not fooled by prototype keys', async () => {
    const { seen, run } = setup('proto');
    const raw = JSON.parse(`{"formToken":"${guard().formToken}","name":"Ada","__proto__":{"polluted":true}}`);
    expect(await run(raw)).toMatchObject({ ok: true });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(seen).toEqual([{ name: 'Ada' }]);
  });

  it('refuses a filled honeypot, a missing, early or forged token', async () => {
    const { seen, run } = setup('spam');
    expect(await run({ ...guard(), website_url: 'http://spam.example', name: 'Ada' })).toMatchObject({
      status: 400,
      error: 'spam',
    });
    expect(await run({ name: 'Ada' })).toMatchObject({ status: 400, error: 'expired' });
    expect(await run({ formToken: issueFormToken(SECRET, now - 1_000), name: 'Ada' })).toMatchObject({
      status: 400,
      error: 'too-fast',
    });
    expect(
      await run({
        formToken: issueFormToken('wrong-secret-wrong-secret-wrong-secret', now - 10_000),
        name: 'Ada',
      }),
    ).toMatchObject({ error: 'expired' });
    expect(seen).toEqual([]);
  });

  it('accepts FormData as well as objects', async () => {
    const { seen, run } = setup('formdata');
    const data = new FormData();
    data.set('formToken', guard().formToken);
    data.set('name', 'Grace');
    expect(await run(data)).toMatchObject({ ok: true });
    expect(seen).toEqual([{ name: 'Grace' }]);
  });

  it('limits submissions per client and says when to retry', async () => {
    const { run } = setup('limited', 2);
    expect((await run({ ...guard(), name: 'Ada' })).ok).toBe(true);
    expect((await run({ ...guard(), name: 'A' })).ok).toBe(false);
    const third = await run({ ...guard(), name: 'Ada' });
    expect(third).toMatchObject({ ok: false, status: 429, error: 'rate-limited' });
    expect(third.ok === false && third.retryAfterSeconds).toBeGreaterThan(0);
    // Another client has its own budget.
    expect((await run({ ...guard(), name: 'Ada' }, '203.0.113.99')).ok).toBe(true);
  });

  it('maps a handler failure to a 500 without details, and passes a handler’s own failure through', async () => {
    const def = { name: 'boom', schema, limit: { points: 100, durationSeconds: 60 } };
    const boom = await action.executeForm(
      def,
      async () => {
        throw new Error('connection refused at 10.0.0.5');
      },
      { ...guard(), name: 'Ada' },
      ctx(),
    );
    expect(boom).toEqual({ ok: false, status: 500, error: 'server' });
    const denied = await action.executeForm(
      def,
      async () => ({ ok: false as const, status: 403 as const, error: 'forbidden' as const }),
      { ...guard(), name: 'Ada' },
      ctx(),
    );
    expect(denied).toEqual({ ok: false, status: 403, error: 'forbidden' });
  });

  it('turns a result into an HTTP response for route handlers', async () => {
    const res = action.formResponse({ ok: false, status: 429, error: 'rate-limited', retryAfterSeconds: 30 });
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('30');
    expect(await res.json()).toEqual({ success: false, error: 'rate-limited' });
    const ok = action.formResponse({ ok: true, data: { id: 1 } });
    expect(await ok.json()).toEqual({ success: true, id: 1 });
  });
});
