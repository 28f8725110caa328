import { hasLocale } from 'next-intl';
import { notFound } from 'next/navigation';

import { routing, type Locale } from './routing';

/** The `[locale]` param of a page or layout, narrowed to a site locale; an unknown locale is a 404. */
export async function localeParam(params: Promise<{ locale: string }>): Promise<Locale> {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  return locale;
}
