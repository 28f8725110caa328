import 'server-only';

import type { Metadata } from 'next';

import { OG_LOCALE, localizedPath } from '@/i18n/paths';
import { isLocale, routing, type Locale } from '@/i18n/routing';
import type { SeoFields } from '@/lib/cms';
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
  /**
   * What an SEO plugin in WordPress set for this content (lib/cms/seo.ts, already sanitised): its title,
   * description, Open Graph and Twitter values and noindex win over the ones above; its canonical path (only
   * ever one on this site) replaces the page's own, in the same locale. Pass it only where the content is in
   * the plugin's language.
   */
  seo?: SeoFields;
};

/** A site path without its locale prefix (`/es/blog/x` → `/blog/x`), for `localizedPath`. */
function withoutLocale(path: string): string {
  const first = path.split('/')[1];
  if (!isLocale(first)) return path;
  return path.slice(first.length + 1) || '/';
}

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
  seo,
}: PageMetadataInput): Metadata {
  const site = siteConfig();
  const real = routing.locales.filter((l) => l === routing.defaultLocale || locales.includes(l));
  // An SEO plugin's canonical path is on this site already (lib/cms/seo.ts); it keeps the page's canonical locale.
  const canonical = localizedPath(
    real.includes(locale) ? locale : routing.defaultLocale,
    seo?.canonicalPath ? withoutLocale(seo.canonicalPath) : path,
  );
  const languages: Record<string, string> = Object.fromEntries(real.map((l) => [l, localizedPath(l, path)]));
  languages['x-default'] = localizedPath(routing.defaultLocale, path);
  const withSuffix = (t: string | undefined) =>
    !t ? site.name : t.endsWith(` | ${site.name}`) ? t : `${t} | ${site.name}`;
  const fullTitle = withSuffix(seo?.title ?? title);
  const pageDescription = seo?.description ?? description;
  const ogTitle = seo?.ogTitle ? withSuffix(seo.ogTitle) : fullTitle;
  const ogDescription = seo?.ogDescription ?? pageDescription;
  const images = seo?.ogImage
    ? [seo.ogImage]
    : image
      ? [{ url: new URL(image, site.url).toString() }]
      : undefined;
  const twitterTitle = seo?.twitterTitle ? withSuffix(seo.twitterTitle) : ogTitle;
  const twitterDescription = seo?.twitterDescription ?? ogDescription;
  const twitterImages = seo?.twitterImage ? [{ url: seo.twitterImage }] : images;
  const hidden = noindex || seo?.noindex;

  return {
    // Absolute: the layout's `%s | {site name}` template reaches child segments only, not the home page beside it.
    title: { absolute: fullTitle },
    description: pageDescription,
    ...(keywords ? { keywords: [...new Set([...keywords.own, ...keywordList(keywords.site)])] } : {}),
    alternates: { canonical, languages, types: { 'application/rss+xml': '/feed.xml' } },
    openGraph: {
      type: ogType,
      siteName: site.name,
      title: ogTitle,
      description: ogDescription,
      url: canonical,
      locale: OG_LOCALE[locale],
      alternateLocale: real.filter((l) => l !== locale).map((l) => OG_LOCALE[l]),
      ...(images ? { images } : {}),
    },
    twitter: twitterImages
      ? {
          card: 'summary_large_image',
          title: twitterTitle,
          description: twitterDescription,
          images: twitterImages,
        }
      : { card: 'summary', title: twitterTitle, description: twitterDescription },
    robots: hidden ? { index: false, follow: false } : { index: true, follow: true },
  };
}
