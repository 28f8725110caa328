import { defineRouting } from 'next-intl/routing';

/**
 * Locales of the site (docs/ARCHITECTURE.md §3): English unprefixed (`/about`), the others prefixed (`/es/about`).
 *
 * Locale detection is off on purpose: a URL always shows the same language, so pages stay cacheable by a
 * CDN without `Vary` on cookies or Accept-Language, and a shared link opens in the language it was shared in.
 */
export const routing = defineRouting({
  locales: ['en', 'es', 'fr', 'pt'],
  defaultLocale: 'en',
  localePrefix: 'as-needed',
  localeDetection: false,
  // No NEXT_LOCALE cookie: with detection off nothing reads it, and a Set-Cookie on a public page keeps CDNs
  // from caching it (or makes them cache the cookie) (security review finding L9).
  localeCookie: false,
  // No `Link` header listing every locale on every page: CMS content exists only in English plus its real
  // translations, and each page's metadata lists exactly those (lib/seo/metadata.ts `locales`).
  alternateLinks: false,
});

export type Locale = (typeof routing.locales)[number];

/** Whether `value` is one of the site's locales. */
export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (routing.locales as readonly string[]).includes(value);
}

/**
 * `value` as a locale of the site, or the default locale ('en') for anything else (missing, unknown, not a
 * string): for locales that arrive in form fields, query strings and stored rows.
 */
export function toLocale(value: unknown): Locale {
  return isLocale(value) ? value : routing.defaultLocale;
}
