import { describe, expect, it } from 'vitest';

import { formRecord, formText } from '@/lib/forms/fields';

/** lib/forms/fields.ts: the one reader of submitted fields (the action pipeline and the back office's own reads). */

const form = (entries: [string, string | Blob][]) => {
  const data = new FormData();
  for (const [key, value] of entries) data.append(key, value);
  return data;
};

describe('formRecord', () => {
  it('reads FormData as entries, a field sent twice as the array of its values', () => {
    expect({ ...formRecord(form([['a', '1'], ['b', '2'], ['b', '3']])) }).toEqual({ a: '1', b: ['2', '3'] });
  });

  it('takes a plain object as it is and refuses anything else with null', () => {
    const object = { email: 'a@example.org' };
    expect(formRecord(object)).toBe(object);
    for (const raw of [null, undefined, 42, 'email=a', ['a'], true]) expect(formRecord(raw)).toBeNull();
  });

  it('gives FormData entries no prototype, so "__proto__" is a field like any other', () => {
    const record = formRecord(form([['__proto__', 'x']]))!;
    expect(Object.getPrototypeOf(record)).toBeNull();
    expect(record.__proto__).toBe('x');
  });
});

describe('formText', () => {
  it('answers a field sent once as text, from FormData or a plain object', () => {
    expect(formText(form([['locale', 'fr']]), 'locale')).toBe('fr');
    expect(formText({ locale: 'es' }, 'locale')).toBe('es');
  });

  it("answers '' for a field missing, sent twice, not text, or from input that is not a form", () => {
    expect(formText(form([['id', 'a'], ['id', 'b']]), 'id')).toBe('');
    expect(formText(form([['file', new Blob(['x'])]]), 'file')).toBe('');
    expect(formText(form([]), 'id')).toBe('');
    expect(formText({ id: 7 }, 'id')).toBe('');
    expect(formText({ id: ['a'] }, 'id')).toBe('');
    expect(formText(null, 'id')).toBe('');
    expect(formText('id=a', 'id')).toBe('');
  });
});
