import { beforeAll, describe, expect, it } from 'vitest';

import { EMPTY_FORM_STATE, stateList, stateText } from '@/lib/forms/form-state';
import { issueFormToken, verifyFormToken } from '@/lib/forms/token';

const SECRET = 'test-form-secret-0123456789abcdef0123456789';
process.env.FORM_SECRET = SECRET;

type Progressive = typeof import('@/lib/forms/progressive');
let progressive: Progressive;
let contactSchema: typeof import('@/lib/enquiries/schema').contactSchema;
beforeAll(async () => {
  progressive = await import('@/lib/forms/progressive');
  contactSchema = (await import('@/lib/enquiries/schema')).contactSchema;
});

const FIELDS = { fields: ['name', 'email', 'message'] } as const;

function posted(values: Record<string, string | string[]>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(values))
    for (const one of Array.isArray(value) ? value : [value]) data.append(name, one);
  return data;
}

/** The no-JavaScript answer of the public forms (backoffice review D1): what it echoes and which token it hands out. */
describe('refusedFormState', () => {
  const contact = () => ({ name: 'contact', schema: contactSchema });

  it('answers a first post without a token with sendAgain, the schema errors, the values and a fresh token', () => {
    const data = posted({
      name: 'A',
      email: 'x@example.org',
      message: 'short',
      website_url: '',
      formLocale: 'es',
    });
    const state = progressive.refusedFormState(
      contact(),
      { ok: false, status: 400, error: 'expired' },
      data,
      FIELDS,
    );
    expect(state.status).toBe('refused');
    expect(state.formError).toBe('sendAgain');
    expect(state.fieldErrors).toEqual({ name: 'nameMin', message: 'messageMin' });
    expect(state.values).toEqual({ name: 'A', email: 'x@example.org', message: 'short' });
    // Issued now for this form: refused as too fast at once, accepted after the minimum fill time.
    const now = Date.now();
    expect(verifyFormToken(SECRET, state.token, now, { form: 'contact' }).check).toBe('too-fast');
    expect(verifyFormToken(SECRET, state.token, now + 3_500, { form: 'contact' }).check).toBe('ok');
    expect(verifyFormToken(SECRET, state.token, now + 3_500, { form: 'sign-up' }).check).toBe('invalid');
  });

  it('keeps a still valid token for a correction, and replaces a used-up or stale one', () => {
    const token = issueFormToken(SECRET, Date.now() - 10_000, 'contact');
    const data = posted({ name: 'Al', email: 'bad', message: 'long enough text', formToken: token });
    const invalid = progressive.refusedFormState(
      contact(),
      { ok: false, status: 422, error: 'invalid', fieldErrors: { email: 'emailInvalid', other: 'x' } },
      data,
      FIELDS,
    );
    expect(invalid.token).toBe(token);
    expect(invalid.formError).toBe('invalid');
    expect(invalid.fieldErrors).toEqual({ email: 'emailInvalid' });

    const usedUp = progressive.refusedFormState(
      contact(),
      { ok: false, status: 400, error: 'expired' },
      data,
      FIELDS,
    );
    expect(usedUp.formError).toBe('expired');
    expect(usedUp.token).not.toBe(token);
    expect(verifyFormToken(SECRET, usedUp.token, Date.now() + 3_500, { form: 'contact' }).check).toBe('ok');

    const tooFast = issueFormToken(SECRET, Date.now(), 'contact');
    const quick = progressive.refusedFormState(
      contact(),
      { ok: false, status: 400, error: 'too-fast' },
      posted({ name: 'Al', formToken: tooFast }),
      FIELDS,
    );
    expect(quick.token).toBe(tooFast);
    expect(quick.formError).toBe('tooFast');
  });

  it('gives no token after a filled honeypot, and keeps the rate limit message and the values', () => {
    const data = posted({ name: 'Bot', website_url: 'http://spam.example' });
    const spam = progressive.refusedFormState(
      contact(),
      { ok: false, status: 400, error: 'spam' },
      data,
      FIELDS,
    );
    expect(spam.token).toBeNull();
    expect(spam.formError).toBe('spam');
    expect(spam.values).not.toHaveProperty('website_url');
    const limited = progressive.refusedFormState(
      contact(),
      { ok: false, status: 429, error: 'rate-limited', retryAfterSeconds: 60 },
      posted({ name: 'Ann', message: 'hello there friend' }),
      FIELDS,
    );
    expect(limited.formError).toBe('rateLimited');
    expect(stateText(limited, 'message')).toBe('hello there friend');
  });

  it('echoes checkbox groups as lists, a text field sent twice as empty, and clips huge values', () => {
    const data = posted({ interests: ['events', 'research'], name: ['a', 'b'], message: 'x'.repeat(50_000) });
    const values = progressive.echoValues(data, {
      fields: ['interests', 'name', 'message', 'city'],
      lists: ['interests'],
    });
    expect(values.interests).toEqual(['events', 'research']);
    expect(values.name).toBe('');
    expect(values.city).toBe('');
    expect((values.message as string).length).toBe(20_000);
    expect(stateList({ ...EMPTY_FORM_STATE, values }, 'interests')).toEqual(['events', 'research']);
  });

  it('refuses input that is not a record with nothing echoed and no token', () => {
    expect(
      progressive.refusedFormState(
        contact(),
        { ok: false, status: 400, error: 'invalid' },
        'nonsense',
        FIELDS,
      ),
    ).toEqual({ ...EMPTY_FORM_STATE, status: 'refused', formError: 'invalid' });
  });
});
