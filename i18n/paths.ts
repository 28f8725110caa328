/**
 * Pure helpers for locale-prefixed paths under `localePrefix: 'as-needed'` (English unprefixed).
 * Paths are absolute paths without the locale (`/about`); results never end in a slash except `/`.
 */
import { routing, type Locale } from './routing';

/** `/about` → `/es/about` for es, `/about` for en; `/` → `/es` or `/`. */
export function localizedPath(locale: Locale, path: string): string {
  const clean = path === '' || path === '/' ? '' : `/${path.replace(/^\/+|\/+$/g, '')}`;
  if (locale === routing.defaultLocale) return clean || '/';
  return `/${locale}${clean}`;
}

/** Splits a public path into its locale and the path without it: `/fr/events` → `{ locale: 'fr', path: '/events' }`. */
export function splitLocale(pathname: string): { locale: Locale; path: string } {
  const [, first, ...rest] = pathname.split('/');
  const match = routing.locales.find((l) => l === first);
  if (match) return { locale: match, path: `/${rest.join('/')}`.replace(/\/+$/, '') || '/' };
  return { locale: routing.defaultLocale, path: pathname.replace(/\/+$/, '') || '/' };
}

/** Open Graph locale tags (`og:locale`) for each site locale. */
export const OG_LOCALE: Record<Locale, string> = { en: 'en_GB', es: 'es_ES', fr: 'fr_FR', pt: 'pt_PT' };
