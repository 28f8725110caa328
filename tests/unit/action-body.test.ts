import { describe, expect, it } from 'vitest';

import { MAX_ACTION_BODY_BYTES, checkActionBody, checkActionLength } from '@/lib/security/action-body';

describe('server-action body gate', () => {
  it('lets through the JSON arguments our forms send', () => {
    expect(checkActionBody('[{"email":"a@example.org","formToken":"1.x"}]')).toEqual({ ok: true });
    expect(checkActionBody('[{"name":"Ada","skills":["a","b"],"age":3,"ok":true,"x":null}]')).toEqual({
      ok: true,
    });
    // React's encodings of plain values, and a user string that starts with '$' (escaped as '$$').
    expect(
      checkActionBody('[{"a":"$undefined","b":"$NaN","c":"$D2026-11-22T10:00:00.000Z","d":"$$5 off"}]'),
    ).toEqual({
      ok: true,
    });
  });

  it('refuses what Next would answer with a 500', () => {
    for (const body of [
      'garbage',
      '{"a":',
      '',
      '{"email":"x"}',
      '"text"',
      '["$@1"]',
      '[{"a":"$Q2"}]',
      '[{"$a":1}]',
      '[{"a":"$F1"}]',
    ]) {
      expect(checkActionBody(body)).toEqual({ ok: false, status: 400 });
    }
    const deep = `${'['.repeat(100)}${']'.repeat(100)}`;
    expect(checkActionBody(deep)).toEqual({ ok: false, status: 400 });
  });

  it('refuses bodies over the limit, by header or by measure', () => {
    expect(checkActionLength(String(MAX_ACTION_BODY_BYTES + 1))).toEqual({ ok: false, status: 413 });
    expect(checkActionLength('512')).toEqual({ ok: true });
    expect(checkActionLength(null)).toEqual({ ok: true });
    expect(checkActionBody(`["${'a'.repeat(MAX_ACTION_BODY_BYTES)}"]`)).toEqual({ ok: false, status: 413 });
  });
});
