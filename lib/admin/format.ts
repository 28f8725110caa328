import type { Locale } from '@/i18n/routing';
import { SITE_TIME_ZONE } from '@/lib/format';

/** A back-office timestamp ('25 Nov 2026, 14:05' style in the locale), in UK time like the rest of the site. */
export function formatDateTime(date: Date, locale: Locale): string {
  return new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: SITE_TIME_ZONE,
  }).format(date);
}
