import { routing, type Locale } from '@/i18n/routing';

/**
 * Translated content from a multilingual WordPress (Polylang's REST shape: every post, page and event carries
 * `lang`, its language slug, and `translations`, `{ en: 12, es: 34 }` with the ids of every linked translation,
 * itself included; collections accept `?lang=es`). A WordPress without Polylang, and the bundled snapshot, send
 * neither field: everything is then English (the default locale) with no translations. Pure.
 *
 * URLs: a translated item keeps the English item's address with the locale prefix (`/es/blog/{english slug}`),
 * whatever its own slug is; the translation is found through the English item's `translations`.
 */

/** Post types whose items may have translations; every read of them asks for the default language. */
export const TRANSLATABLE_ENDPOINTS = ['posts', 'pages', 'events'] as const;

/** The language slug WordPress gives an item, or null when it gives none (no Polylang). */
export function languageOf(raw: unknown): string | null {
  const lang = (raw as { lang?: unknown } | null)?.lang;
  return typeof lang === 'string' && lang !== '' ? lang : null;
}

/**
 * The id of the item's translation into `locale`, or null when it has none. Ids may come as numbers or numeric
 * strings; the item's own id (its own language) is not a translation.
 */
export function translationId(raw: unknown, locale: Locale): number | null {
  const item = raw as { id?: unknown; translations?: unknown } | null;
  const map = item?.translations;
  if (typeof map !== 'object' || map === null || Array.isArray(map)) return null;
  const id = Number((map as Record<string, unknown>)[locale]);
  if (!Number.isInteger(id) || id <= 0 || id === Number(item?.id)) return null;
  return id;
}

/**
 * The site locales an English item really exists in: the default locale, then every other locale it has a
 * translation for, in the site's locale order. `['en']` for an item without `translations`.
 */
export function availableLocales(raw: unknown): Locale[] {
  return routing.locales.filter((l) => l === routing.defaultLocale || translationId(raw, l) !== null);
}

/** One item as a locale's page shows it. */
export type Localized<T> = {
  /** What the page shows: the translation, or the English item when there is none. */
  item: T;
  /** The English item (its slug is the page's address; related content and tags follow it). */
  source: T;
  /** The language of `item`'s text: the page's locale, or the default locale for the English-only fallback. */
  contentLocale: Locale;
  /** Locales with a real page for this item (the default locale first): hreflang, sitemap. */
  locales: Locale[];
};
