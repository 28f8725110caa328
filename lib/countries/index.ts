import type { LocaleData } from 'i18n-iso-countries';

import type { Locale } from '@/i18n/routing';

/**
 * The registration form's country list (docs/SPEC-NOTES.md §3 "about 200 fixed countries"): ISO 3166-1 from the maintained
 * `i18n-iso-countries` package, without the uninhabited entries, names localized per site locale. Works in the
 * browser and on the server; every loader is a dynamic import, so the data stays out of the page until the
 * registration dialog asks for it, and the browser only receives the visitor's language.
 */

/** Uninhabited territories: no one registers from them. */
const UNINHABITED = new Set(['AQ', 'BV', 'HM', 'TF', 'UM', 'GS', 'IO']);

export type CountryOption = { code: string; name: string };

type Library = typeof import('i18n-iso-countries');

async function library(): Promise<Library> {
  const mod = (await import('i18n-iso-countries')) as Library & { default?: Library };
  return mod.default ?? mod;
}

/** One static import per locale: bundlers split each language into its own chunk. */
function languageData(locale: Locale): Promise<{ default: LocaleData } | LocaleData> {
  switch (locale) {
    case 'es':
      return import('i18n-iso-countries/langs/es.json');
    case 'fr':
      return import('i18n-iso-countries/langs/fr.json');
    case 'pt':
      return import('i18n-iso-countries/langs/pt.json');
    default:
      return import('i18n-iso-countries/langs/en.json');
  }
}

async function registered(locale: Locale): Promise<Library> {
  const [lib, data] = await Promise.all([library(), languageData(locale)]);
  lib.registerLocale('default' in data ? data.default : data);
  return lib;
}

/** The United Kingdom heads the list: most people registering live here. */
export const FIRST_COUNTRY = 'GB';

/**
 * The countries with their names in `locale` in the common short form people use ('Bolivia', not 'Bolivia,
 * Plurinational State of'): the runtime's `Intl.DisplayNames` where it knows the code, else the package's
 * short name. The United Kingdom first, then the rest sorted with the locale's collation (accents and case handled
 * as people expect, e.g. 'Égypte' next to 'Équateur').
 */
export async function countryOptions(locale: Locale): Promise<CountryOption[]> {
  const lib = await registered(locale);
  const names = lib.getNames(locale, { select: 'alias' });
  const display = displayNames(locale);
  const collator = new Intl.Collator(locale, { sensitivity: 'base' });
  const options = Object.entries(names)
    .filter(([code]) => !UNINHABITED.has(code))
    .map(([code, name]) => ({ code, name: shortName(display, code) ?? name }));
  const first = options.filter((o) => o.code === FIRST_COUNTRY);
  const rest = options
    .filter((o) => o.code !== FIRST_COUNTRY)
    .sort((a, b) => collator.compare(a.name, b.name));
  return [...first, ...rest];
}

function displayNames(locale: Locale): Intl.DisplayNames | null {
  try {
    return new Intl.DisplayNames([locale], { type: 'region', fallback: 'none' });
  } catch {
    return null;
  }
}

/** Intl's name for a region code, or undefined when it has none (it then echoes the code or returns nothing). */
function shortName(display: Intl.DisplayNames | null, code: string): string | undefined {
  const name = display?.of(code);
  return name && name !== code ? name : undefined;
}

/**
 * The alpha-2 code of a country on our list, from a code (alpha-2 or alpha-3, any case) or an English name in any
 * of its forms ('China', "People's Republic of China"). @returns undefined for anything else.
 */
export async function countryCode(value: unknown): Promise<string | undefined> {
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  if (text.length < 2 || text.length > 100) return undefined;
  const lib = await registered('en');
  let code: string | undefined;
  if (/^[A-Za-z]{2}$/.test(text)) code = lib.isValid(text.toUpperCase()) ? text.toUpperCase() : undefined;
  else if (/^[A-Za-z]{3}$/.test(text)) code = lib.alpha3ToAlpha2(text.toUpperCase());
  code ??= lib.getAlpha2Code(text, 'en') ?? lib.getSimpleAlpha2Code(text, 'en');
  return code && !UNINHABITED.has(code) ? code : undefined;
}

/** The English (official) name stored for a code on our list, or undefined. */
export async function englishCountryName(code: string): Promise<string | undefined> {
  const found = await countryCode(code);
  if (!found) return undefined;
  return (await registered('en')).getName(found, 'en', { select: 'official' });
}
