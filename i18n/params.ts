import { hasLocale } from 'next-intl';
import { notFound } from 'next/navigation';

import { routing, type Locale } from './routing';

/** The `[locale]` param of a page or layout, narrowed to a site locale; an unknown locale is a 404. */
export async function localeParam(params: Promise<{ locale: string }>): Promise<Locale> {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  return locale;
}

/**
 * The `[slug]` param of a content route, URL-decoded (WordPress slugs may be percent-encoded non-Latin text).
 * A malformed encoding is returned as it came, which then simply finds no content (404).
 */
export async function slugParam(params: Promise<{ slug: string }>): Promise<string> {
  const { slug } = await params;
  try {
    return decodeURIComponent(slug);
  } catch {
    return slug;
  }
}
