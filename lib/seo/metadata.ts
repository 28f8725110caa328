import 'server-only';

import type { Metadata } from 'next';

import { OG_LOCALE, localizedPath } from '@/i18n/paths';
import { routing, type Locale } from '@/i18n/routing';
import { siteConfig } from '@/lib/config/site';

export type PageMetadataInput = {
  locale: Locale;
  /** The path without locale, e.g. `/about`. */
  path: string;
  /** The page's own title; the layout's template adds ` | {site name}`. Omit for the site name alone. */
  title?: string;
  description: string;
  /** Keep the page out of search results (robots noindex, nofollow). */
  noindex?: boolean;
  ogType?: 'website' | 'article';
};

/**
 * Metadata for one page (docs/SPEC-NOTES.md §2 "Page metadata"): `{page} | {site name}` title, description, canonical URL,
 * hreflang alternates for every locale plus x-default, Open Graph and Twitter card, robots.
 * Absolute URLs come from `SITE_URL` via the site config.
 */
export function pageMetadata({
  locale,
  path,
  title,
  description,
  noindex,
  ogType = 'website',
}: PageMetadataInput): Metadata {
  const site = siteConfig();
  const canonical = localizedPath(locale, path);
  const languages: Record<string, string> = Object.fromEntries(
    routing.locales.map((l) => [l, localizedPath(l, path)]),
  );
  languages['x-default'] = localizedPath(routing.defaultLocale, path);
  const fullTitle = title ? `${title} | ${site.name}` : site.name;

  return {
    title: title ? title : { absolute: site.name },
    description,
    alternates: { canonical, languages, types: { 'application/rss+xml': '/feed.xml' } },
    openGraph: {
      type: ogType,
      siteName: site.name,
      title: fullTitle,
      description,
      url: canonical,
      locale: OG_LOCALE[locale],
      alternateLocale: routing.locales.filter((l) => l !== locale).map((l) => OG_LOCALE[l]),
    },
    twitter: { card: 'summary', title: fullTitle, description },
    robots: noindex ? { index: false, follow: false } : { index: true, follow: true },
  };
}
