import { describe, expect, it, vi } from 'vitest';

import { lazyZodResolver } from '@/components/forms/lazy-resolver';
import { type ContactInput, type ContactValues, contactSchema } from '@/lib/forms/contact';

/** The forms' resolver that loads zod and the schema on first use (components/forms/lazy-resolver.ts). */
describe('lazyZodResolver', () => {
  const options = { fields: {}, shouldUseNativeValidation: false } as never;

  it('validates with the schema once loaded, loading it once for preload and every later validation', async () => {
    const load = vi.fn(async () => contactSchema);
    const resolver = lazyZodResolver<ContactInput, ContactValues>(load);
    resolver.preload();
    const bad = await resolver({ name: 'A', email: 'nope', message: 'short' }, undefined, options);
    expect(bad.values).toEqual({});
    expect(
      Object.fromEntries(Object.entries(bad.errors).map(([k, v]) => [k, (v as { message: string }).message])),
    ).toEqual({
      name: 'nameMin',
      email: 'emailInvalid',
      message: 'messageMin',
    });
    const good = await resolver(
      { name: '  Ada ', email: 'ada@example.org', message: 'I would like to help.' },
      undefined,
      options,
    );
    expect(good).toEqual({
      values: { name: 'Ada', email: 'ada@example.org', message: 'I would like to help.' },
      errors: {},
    });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries the download again after a failure (a flaky connection)', async () => {
    const load = vi
      .fn<() => Promise<typeof contactSchema>>()
      .mockRejectedValueOnce(new Error('network'))
      .mockResolvedValue(contactSchema);
    const resolver = lazyZodResolver<ContactInput, ContactValues>(load);
    await expect(
      resolver({ name: 'Ada', email: 'ada@example.org', message: 'x' }, undefined, options),
    ).rejects.toThrow('network');
    const again = await resolver({ name: 'Ada', email: 'ada@example.org', message: 'x' }, undefined, options);
    expect(Object.keys(again.errors)).toEqual(['message']);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
