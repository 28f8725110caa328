import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';

import { FORM_TOKEN_MAX_USES, MAX_TOKEN_AGE_MS, issueFormToken, verifyFormToken } from '@/lib/forms/token';

const SECRET = 'test-form-secret-0123456789abcdef0123456789';
process.env.FORM_SECRET = SECRET;

type ActionModule = typeof import('@/lib/safe-action');
let action: ActionModule;
beforeAll(async () => {
  action = await import('@/lib/safe-action');
});

describe('form tokens', () => {
  const t0 = 1_790_000_000_000;
  const contact = { form: 'contact' };
  it('accepts a token for its own form after the minimum fill time and within two hours', () => {
    const token = issueFormToken(SECRET, t0, 'contact');
    expect(verifyFormToken(SECRET, token, t0 + 3_000, contact).check).toBe('ok');
    expect(verifyFormToken(SECRET, token, t0 + 2 * 3600_000 - 1, contact).check).toBe('ok');
    expect(verifyFormToken(SECRET, token, t0 + 5_000, contact).id).toMatch(/^[\w-]{16}$/);
  });
  it('expires after two hours, not a day (security review L7)', () => {
    const token = issueFormToken(SECRET, t0, 'contact');
    expect(MAX_TOKEN_AGE_MS).toBe(2 * 3600_000);
    expect(verifyFormToken(SECRET, token, t0 + 2 * 3600_000 + 1, contact).check).toBe('expired');
    expect(verifyFormToken(SECRET, token, t0 + 23 * 3600_000, contact).check).toBe('expired');
  });
  it('is bound to the form it was issued for (security review L7)', () => {
    const token = issueFormToken(SECRET, t0, 'contact');
    expect(verifyFormToken(SECRET, token, t0 + 5_000, { form: 'sign-up' }).check).toBe('invalid');
    // Renaming the form inside the token breaks the signature.
    const renamed = token.replace(/^contact\./, 'sign-up.');
    expect(verifyFormToken(SECRET, renamed, t0 + 5_000, { form: 'sign-up' }).check).toBe('invalid');
    // Each token is unique, so its uses can be counted.
    expect(issueFormToken(SECRET, t0, 'contact')).not.toBe(token);
  });
  it('refuses one sent too soon, from the future, forged or malformed', () => {
    const token = issueFormToken(SECRET, t0, 'contact');
    expect(verifyFormToken(SECRET, token, t0 + 500, contact).check).toBe('too-fast');
    expect(verifyFormToken(SECRET, issueFormToken(SECRET, t0 + 3600_000, 'contact'), t0, contact).check).toBe(
      'expired',
    );
    expect(verifyFormToken('another-secret-0123456789abcdef0123', token, t0 + 5_000, contact).check).toBe(
      'invalid',
    );
    const [form, issued, nonce, sig] = token.split('.');
    expect(
      verifyFormToken(SECRET, `${form}.${Number(issued) - 60_000}.${nonce}.${sig}`, t0 + 5_000, contact)
        .check,
    ).toBe('invalid');
    // The old, unbound shape `{issuedAt}.{sig}` is refused.
    expect(verifyFormToken(SECRET, `${issued}.${sig}`, t0 + 5_000, contact).check).toBe('invalid');
    for (const bad of [undefined, null, 42, '', 'abc', `${form}.${issued}.`, `${token}x`, 'x'.repeat(5000)]) {
      expect(verifyFormToken(SECRET, bad, t0 + 5_000, contact).check).toBe('invalid');
    }
    expect(() => issueFormToken(SECRET, t0, 'Not A Name')).toThrow();
  });
});

describe('executeAction', () => {
  const schema = z.object({
    name: z.string({ error: 'nameMin' }).trim().min(2, { error: 'nameMin' }).max(100, { error: 'nameMax' }),
    age: z.number().int().optional(),
  });
  const now = Date.now();
  const ctx = (ip = '203.0.113.1') => ({ ip, locale: 'en' as const, now });
  const guard = (form: string) => ({
    formToken: issueFormToken(SECRET, now - 10_000, form),
    website_url: '',
  });

  function setup(name: string, points = 100) {
    const seen: unknown[] = [];
    const def = { name, schema, limit: { points, durationSeconds: 60 } };
    const handler = async (input: z.output<typeof schema>) => {
      seen.push(input);
      return { id: 7 };
    };
    return { seen, run: (raw: unknown, ip?: string) => action.executeAction(def, handler, raw, ctx(ip)) };
  }

  it('runs the handler with the parsed input (trimmed, extra keys dropped)', async () => {
    const { seen, run } = setup('ok');
    const result = await run({ ...guard('ok'), name: '  Ada ', isAdmin: true });
    expect(result).toEqual({ ok: true, data: { id: 7 } });
    expect(seen).toEqual([{ name: 'Ada' }]);
  });

  it('answers invalid input with 422 and message keys, and never runs the handler', async () => {
    const { seen, run } = setup('invalid');
    expect(await run({ ...guard('invalid'), name: 'A' })).toEqual({
      ok: false,
      status: 422,
      error: 'invalid',
      fieldErrors: { name: 'nameMin' },
    });
    expect(await run({ ...guard('invalid'), name: 'x'.repeat(100_000) })).toMatchObject({
      status: 422,
      fieldErrors: { name: 'nameMax' },
    });
    // zod's own English messages never reach the browser.
    expect(await run({ ...guard('invalid'), name: 'Ada', age: 'old' })).toMatchObject({
      status: 422,
      fieldErrors: { age: 'invalid' },
    });
    expect(await run({ ...guard('invalid'), name: { $gt: '' } })).toMatchObject({
      status: 422,
      fieldErrors: { name: 'nameMin' },
    });
    for (const raw of [null, undefined, 'name=Ada', 42, [guard('invalid')]]) {
      expect(await run(raw)).toEqual({ ok: false, status: 400, error: 'invalid' });
    }
    expect(seen).toEqual([]);
  });

  it('is not fooled by prototype keys', async () => {
    const { seen, run } = setup('proto');
    const raw = JSON.parse(
      `{"formToken":"${guard('proto').formToken}","name":"Ada","__proto__":{"polluted":true}}`,
    );
    expect(await run(raw)).toMatchObject({ ok: true });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(seen).toEqual([{ name: 'Ada' }]);
  });

  it('refuses a filled honeypot, a missing, early or forged token', async () => {
    const { seen, run } = setup('spam');
    expect(await run({ ...guard('spam'), website_url: 'http://spam.example', name: 'Ada' })).toMatchObject({
      status: 400,
      error: 'spam',
    });
    expect(await run({ name: 'Ada' })).toMatchObject({ status: 400, error: 'expired' });
    expect(await run({ formToken: issueFormToken(SECRET, now - 1_000, 'spam'), name: 'Ada' })).toMatchObject({
      status: 400,
      error: 'too-fast',
    });
    expect(
      await run({
        formToken: issueFormToken('wrong-secret-wrong-secret-wrong-secret', now - 10_000, 'spam'),
        name: 'Ada',
      }),
    ).toMatchObject({ error: 'expired' });
    expect(seen).toEqual([]);
  });

  it('accepts FormData as well as objects', async () => {
    const { seen, run } = setup('formdata');
    const data = new FormData();
    data.set('formToken', guard('formdata').formToken);
    data.set('name', 'Grace');
    expect(await run(data)).toMatchObject({ ok: true });
    expect(seen).toEqual([{ name: 'Grace' }]);
  });

  it('limits submissions per client and says when to retry', async () => {
    const { run } = setup('limited', 2);
    expect((await run({ ...guard('limited'), name: 'Ada' })).ok).toBe(true);
    expect((await run({ ...guard('limited'), name: 'A' })).ok).toBe(false);
    const third = await run({ ...guard('limited'), name: 'Ada' });
    expect(third).toMatchObject({ ok: false, status: 429, error: 'rate-limited' });
    expect(third.ok === false && third.retryAfterSeconds).toBeGreaterThan(0);
    // Another client has its own budget.
    expect((await run({ ...guard('limited'), name: 'Ada' }, '203.0.113.99')).ok).toBe(true);
  });

  it('maps a handler failure to a 500 without details, and passes a handler’s own failure through', async () => {
    const def = { name: 'boom', schema, limit: { points: 100, durationSeconds: 60 } };
    const boom = await action.executeAction(
      def,
      async () => {
        throw new Error('connection refused at 10.0.0.5');
      },
      { ...guard('boom'), name: 'Ada' },
      ctx(),
    );
    expect(boom).toEqual({ ok: false, status: 500, error: 'server' });
    const denied = await action.executeAction(
      def,
      async () => ({ ok: false as const, status: 403 as const, error: 'forbidden' as const }),
      { ...guard('boom'), name: 'Ada' },
      ctx(),
    );
    expect(denied).toEqual({ ok: false, status: 403, error: 'forbidden' });
  });

  it('lets one token carry only FORM_TOKEN_MAX_USES accepted submissions (security review L7)', async () => {
    const { seen, run } = setup('reuse');
    const token = guard('reuse');
    // Invalid input does not use the token up: a person correcting a field keeps it.
    expect(await run({ ...token, name: 'A' })).toMatchObject({ status: 422 });
    for (let i = 0; i < FORM_TOKEN_MAX_USES; i++)
      expect((await run({ ...token, name: 'Ada' })).ok).toBe(true);
    expect(await run({ ...token, name: 'Ada' })).toMatchObject({ ok: false, status: 400, error: 'expired' });
    expect(await run({ ...token, name: 'Ada' }, '198.51.100.7')).toMatchObject({ error: 'expired' });
    expect(seen).toHaveLength(FORM_TOKEN_MAX_USES);
    // A fresh token works again.
    expect((await run({ ...guard('reuse'), name: 'Ada' })).ok).toBe(true);
  });

  it('refuses a token issued for another form (security review L7)', async () => {
    const { seen, run } = setup('bound');
    expect(await run({ ...guard('contact'), name: 'Ada' })).toMatchObject({ status: 400, error: 'expired' });
    expect(seen).toEqual([]);
  });
});

describe('GET /api/form-token', () => {
  it('issues a token for the named form only, and refuses a missing or malformed name', async () => {
    const { GET } = await import('@/app/api/form-token/route');
    const res = await GET(new Request('http://localhost/api/form-token?form=newsletter'));
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const { token } = (await res.json()) as { token: string };
    const later = Date.now() + 5_000;
    expect(verifyFormToken(SECRET, token, later, { form: 'newsletter' }).check).toBe('ok');
    expect(verifyFormToken(SECRET, token, later, { form: 'contact' }).check).toBe('invalid');
    for (const url of ['http://localhost/api/form-token', 'http://localhost/api/form-token?form=<x>']) {
      expect((await GET(new Request(url))).status).toBe(400);
    }
  });
});
