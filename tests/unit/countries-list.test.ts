import { describe, expect, it } from 'vitest';

import { countryCode, countryOptions, englishCountryName } from '@/lib/countries';

describe('country list (docs/SPEC-NOTES.md §3: about 200 countries)', () => {
  it('has about 200 inhabited countries and territories, unique codes, no Antarctica', async () => {
    const list = await countryOptions('en');
    expect(list.length).toBeGreaterThan(190);
    expect(list.length).toBeLessThan(250);
    expect(new Set(list.map((c) => c.code)).size).toBe(list.length);
    expect(list.some((c) => c.code === 'AQ')).toBe(false);
    expect(list.find((c) => c.code === 'GB')?.name).toBe('United Kingdom');
  });

  it.each([
    ['es', 'DE', 'Alemania'],
    ['fr', 'DE', 'Allemagne'],
    ['pt', 'DE', 'Alemanha'],
    ['fr', 'GB', 'Royaume-Uni'],
    ['es', 'GB', 'Reino Unido'],
  ] as const)('names countries in %s (%s → %s)', async (locale, code, name) => {
    const list = await countryOptions(locale);
    expect(list.find((c) => c.code === code)?.name).toBe(name);
  });

  it('uses the common short names, not the official long forms (issue 19 item 10)', async () => {
    const en = await countryOptions('en');
    const name = (code: string) => en.find((c) => c.code === code)?.name;
    expect(name('BO')).toBe('Bolivia');
    expect(name('VE')).toBe('Venezuela');
    expect(name('TZ')).toBe('Tanzania');
    expect(name('KR')).toBe('South Korea');
    expect(name('IR')).toBe('Iran');
    expect(en.some((c) => c.name.includes(','))).toBe(false);
    expect((await countryOptions('fr')).find((c) => c.code === 'BO')?.name).toBe('Bolivie');
  });

  it('puts the United Kingdom first in every language', async () => {
    for (const [locale, uk] of [
      ['en', 'United Kingdom'],
      ['es', 'Reino Unido'],
      ['fr', 'Royaume-Uni'],
      ['pt', 'Reino Unido'],
    ] as const) {
      expect((await countryOptions(locale))[0], locale).toEqual({ code: 'GB', name: uk });
    }
  });

  it('sorts the rest by the localized name with the locale’s collation', async () => {
    for (const locale of ['en', 'es', 'fr', 'pt'] as const) {
      const names = (await countryOptions(locale)).slice(1).map((c) => c.name);
      const collator = new Intl.Collator(locale, { sensitivity: 'base' });
      expect([...names].sort(collator.compare)).toEqual(names);
    }
    // Accented names sit with their letter, not after Z.
    const fr = (await countryOptions('fr')).map((c) => c.name);
    expect(fr.indexOf('Égypte')).toBeLessThan(fr.indexOf('Espagne'));
    expect(fr.indexOf('Égypte')).toBeGreaterThan(fr.indexOf('Danemark'));
  });

  it('maps codes and English names to our codes, and codes to the stored English name', async () => {
    expect(await countryCode('gb')).toBe('GB');
    expect(await countryCode('GBR')).toBe('GB');
    expect(await countryCode('China')).toBe('CN');
    expect(await countryCode('Germany')).toBe('DE');
    for (const bad of ['Atlantis', 'AQ', 'ZZ', '', 42, null, 'x'.repeat(500)])
      expect(await countryCode(bad)).toBeUndefined();
    expect(await englishCountryName('FR')).toBe('France');
    expect(await englishCountryName('Narnia')).toBeUndefined();
  });
});
