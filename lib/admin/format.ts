import type { Locale } from '@/i18n/routing';
import { formatDateTime as siteDateTime } from '@/lib/utils/format';

/** A back-office timestamp in the site's one format ('November 25, 2026 @ 2:05 PM' in English), in UK time. */
export function formatDateTime(date: Date, locale: Locale): string {
  return siteDateTime(date, locale);
}
