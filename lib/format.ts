import type { Locale } from '@/i18n/routing';

/** The charity's time zone: every date and time on the site is shown in UK time. */
export const SITE_TIME_ZONE = 'Europe/London';

/**
 * Formats a WordPress GMT date (`2025-03-14T10:00:00`, no offset) for display, in UK time and the visitor's
 * locale: English 'March 14, 2025' style per docs/SPEC-NOTES.md §9, the others their own long form. Returns '' when unreadable.
 */
export function formatDate(dateGmt: string, locale: Locale): string {
  const date = parseGmt(dateGmt);
  if (!date) return '';
  return new Intl.DateTimeFormat(locale === 'en' ? 'en-US' : locale, {
    dateStyle: 'long',
    timeZone: SITE_TIME_ZONE,
  }).format(date);
}

/** `2025-03-14T10:00:00` (GMT, as WordPress's `date_gmt`) → Date; null when unreadable. */
export function parseGmt(value: string): Date | null {
  if (!value) return null;
  const iso = /[zZ]|[+-]\d\d:?\d\d$/.test(value) ? value : `${value}Z`;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** ISO 8601 with offset for machines (`<time dateTime>`, JSON-LD, feeds). */
export function isoDate(dateGmt: string): string | undefined {
  return parseGmt(dateGmt)?.toISOString();
}
