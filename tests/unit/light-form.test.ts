import { describe, expect, it, vi } from 'vitest';

import { lazySchema } from '@/components/forms/light-form';
import { type ContactInput, type ContactValues, contactSchema } from '@/lib/enquiries/schema';

/** The public forms' schema check that loads zod and the schema on first use (components/forms/light-form.ts). */
describe('lazySchema', () => {
  it('validates with the schema once loaded, loading it once for preload and every later check', async () => {
    const load = vi.fn(async () => contactSchema);
    const check = lazySchema<ContactInput, ContactValues>(load);
    check.preload();
    expect(load).toHaveBeenCalledTimes(1);
    const bad = await check({ name: 'A', email: 'nope', message: 'short' });
    expect(bad.ok).toBe(false);
    expect(
      bad.ok ? {} : Object.fromEntries(Object.entries(bad.errors).map(([k, v]) => [k, v?.message])),
    ).toEqual({
      name: 'nameMin',
      email: 'emailInvalid',
      message: 'messageMin',
    });
    const good = await check({ name: '  Ada ', email: 'ada@example.org', message: 'I would like to help.' });
    expect(good).toEqual({
      ok: true,
      values: { name: 'Ada', email: 'ada@example.org', message: 'I would like to help.' },
    });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('keeps only the first message per field', async () => {
    const check = lazySchema<ContactInput, ContactValues>(async () => contactSchema);
    const bad = await check({ name: '', email: '', message: '' });
    expect(bad.ok).toBe(false);
    if (!bad.ok) for (const error of Object.values(bad.errors)) expect(typeof error?.message).toBe('string');
  });

  it('tries the download again after a failure (a flaky connection)', async () => {
    const load = vi
      .fn<() => Promise<typeof contactSchema>>()
      .mockRejectedValueOnce(new Error('network'))
      .mockResolvedValue(contactSchema);
    const check = lazySchema<ContactInput, ContactValues>(load);
    await expect(check({ name: 'Ada', email: 'ada@example.org', message: 'x' })).rejects.toThrow('network');
    const again = await check({ name: 'Ada', email: 'ada@example.org', message: 'x' });
    expect(again.ok ? [] : Object.keys(again.errors)).toEqual(['message']);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
