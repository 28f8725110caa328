import 'server-only';

import type { Metadata } from 'next';

import { OG_LOCALE, localizedPath } from '@/i18n/paths';
import { routing, type Locale } from '@/i18n/routing';
import { siteConfig } from '@/lib/config/site';

export type PageMetadataInput = {
  locale: Locale;
  /** The path without locale, e.g. `/about`. */
  path: string;
  /** The page's own title; ` | {site name}` is added (`{page} | {site name}`). Omit for the site name alone. */
  title?: string;
  description: string;
  /** Keep the page out of search results (robots noindex, nofollow). */
  noindex?: boolean;
  ogType?: 'website' | 'article';
  /**
   * This page's own keywords (e.g. a post's categories), put before the site's. Without them the page keeps
   * the site keywords the layout sets (app/[locale]/layout.tsx, `Metadata.keywords` in messages).
   */
  keywords?: { own: string[]; site: string };
  /** An image for link previews: a site path or URL, made absolute from `SITE_URL` (no redirect on the way). */
  image?: string;
  /**
   * CMS content: the locales with a real page (the default locale plus its translations). hreflang lists only
   * these, and a locale without one (English-only content under the translated interface) points its canonical
   * at the English URL. Omitted: every locale is real (site pages whose text is all in messages/).
   */
  locales?: readonly Locale[];
};

/** The site's keywords message (a comma list) as a list. */
export function keywordList(text: string): string[] {
  return text
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean);
}

/**
 * Metadata for one page (docs/SPEC-NOTES.md §2 "Page metadata"): `{page} | {site name}` title, description, canonical URL,
 * hreflang alternates for every locale with a real page (`locales`) plus x-default, Open Graph and Twitter card, robots.
 * Absolute URLs come from `SITE_URL` via the site config.
 */
export function pageMetadata({
  locale,
  path,
  title,
  description,
  noindex,
  ogType = 'website',
  keywords,
  image,
  locales = routing.locales,
}: PageMetadataInput): Metadata {
  const site = siteConfig();
  const real = routing.locales.filter((l) => l === routing.defaultLocale || locales.includes(l));
  const canonical = localizedPath(real.includes(locale) ? locale : routing.defaultLocale, path);
  const languages: Record<string, string> = Object.fromEntries(real.map((l) => [l, localizedPath(l, path)]));
  languages['x-default'] = localizedPath(routing.defaultLocale, path);
  const fullTitle = title ? `${title} | ${site.name}` : site.name;
  const images = image ? [{ url: new URL(image, site.url).toString() }] : undefined;

  return {
    // Absolute: the layout's `%s | {site name}` template reaches child segments only, not the home page beside it.
    title: { absolute: fullTitle },
    description,
    ...(keywords ? { keywords: [...new Set([...keywords.own, ...keywordList(keywords.site)])] } : {}),
    alternates: { canonical, languages, types: { 'application/rss+xml': '/feed.xml' } },
    openGraph: {
      type: ogType,
      siteName: site.name,
      title: fullTitle,
      description,
      url: canonical,
      locale: OG_LOCALE[locale],
      alternateLocale: real.filter((l) => l !== locale).map((l) => OG_LOCALE[l]),
      ...(images ? { images } : {}),
    },
    twitter: images
      ? { card: 'summary_large_image', title: fullTitle, description, images }
      : { card: 'summary', title: fullTitle, description },
    robots: noindex ? { index: false, follow: false } : { index: true, follow: true },
  };
}
