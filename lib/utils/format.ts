import type { Locale } from '@/i18n/routing';

/**
 * The site's one formatter for dates, times and numbers shown to people (docs/SPEC-NOTES.md §9 event time format).
 * Everything is in the charity's time zone (Europe/London) and the visitor's locale: English reads
 * 'Month day, year' with 12-hour times ('March 14, 2025', '6:30 PM', 'March 14, 2025 @ 6:30 PM to 8:00 PM'),
 * the other locales use their own long dates and 24-hour clock. Numbers go through Intl.NumberFormat, so Spanish
 * shows '2.500' where English shows '2,500'. Pure and safe in the browser (no server imports). Machine formats
 * (ISO 8601, iCalendar) live beside the code that needs them and never go through here.
 */

/** The charity's time zone: every date and time on the site is shown in UK time. */
export const SITE_TIME_ZONE = 'Europe/London';

/** The Intl locale tag: English is written the spec's way ('March 14, 2025', 12-hour clock). */
function tag(locale: Locale | string): string {
  return locale === 'en' ? 'en-US' : locale;
}

const cache = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

function dateFormat(locale: Locale | string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `d|${locale}|${JSON.stringify(options)}`;
  let f = cache.get(key) as Intl.DateTimeFormat | undefined;
  if (!f) {
    f = new Intl.DateTimeFormat(tag(locale), options);
    cache.set(key, f);
  }
  return f;
}

function numberFormat(locale: Locale | string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `n|${locale}|${JSON.stringify(options)}`;
  let f = cache.get(key) as Intl.NumberFormat | undefined;
  if (!f) {
    f = new Intl.NumberFormat(tag(locale), options);
    cache.set(key, f);
  }
  return f;
}

/** `2025-03-14T10:00:00` (GMT, as WordPress's `date_gmt`; an offset or Z is honoured) → Date; null when unreadable. */
export function parseGmt(value: string): Date | null {
  if (!value) return null;
  const iso = /[zZ]|[+-]\d\d:?\d\d$/.test(value) ? value : `${value}Z`;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

function toDate(value: string | Date): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  return parseGmt(value);
}

/** ISO 8601 with offset for machines (`<time dateTime>`, JSON-LD, feeds). */
export function isoDate(dateGmt: string): string | undefined {
  return parseGmt(dateGmt)?.toISOString();
}

/**
 * The day of an instant (a Date, or a WordPress GMT string) in UK time: 'March 14, 2025' in English, '14 de marzo
 * de 2025' in Spanish. Returns '' when unreadable.
 */
export function formatDate(value: string | Date, locale: Locale | string): string {
  const date = toDate(value);
  return date ? dateFormat(locale, { dateStyle: 'long', timeZone: SITE_TIME_ZONE }).format(date) : '';
}

/** The clock time of an instant in UK time: '6:30 PM' in English, '18:30' elsewhere. '' when unreadable. */
export function formatTime(value: string | Date, locale: Locale | string): string {
  const date = toDate(value);
  if (!date) return '';
  return dateFormat(locale, {
    hour: 'numeric',
    minute: '2-digit',
    hour12: locale === 'en',
    timeZone: SITE_TIME_ZONE,
  }).format(date);
}

/**
 * The clock time as UK prose writes it: `10am`, `6:30pm` in English; 24-hour `10:00` in the other locales. UK
 * time. For running text (the Get help page's drop-in line), not for event dates, which use formatTime.
 */
export function formatClockShort(date: Date, locale: Locale | string): string {
  if (locale !== 'en') {
    return dateFormat(locale, {
      hour: '2-digit',
      minute: '2-digit',
      hour12: false,
      timeZone: SITE_TIME_ZONE,
    }).format(date);
  }
  const text = dateFormat('en-GB', {
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
    timeZone: SITE_TIME_ZONE,
  }).format(date);
  return text.replace(':00', '').replace(/\s+/g, '').toLowerCase();
}

/** The weekday of an instant in the locale's words (`Wednesday`, `miércoles`), UK time. */
export function formatWeekday(date: Date, locale: Locale | string): string {
  return dateFormat(locale, { weekday: 'long', timeZone: SITE_TIME_ZONE }).format(date);
}

/** Day and time: 'May 3, 2026 @ 2:05 PM' (the spec's ' @ '). '' when unreadable. */
export function formatDateTime(value: string | Date, locale: Locale | string): string {
  const date = toDate(value);
  return date ? `${formatDate(date, locale)} @ ${formatTime(date, locale)}` : '';
}

/**
 * A calendar date with no time (`YYYY-MM-DD`, e.g. a vacancy's closing day) in the locale's long form. Formatted
 * as the UTC day, so no time zone can move it to another day. '' for anything that is not a real date.
 */
export function formatCalendarDate(day: string, locale: Locale | string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return '';
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return '';
  return dateFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}

/** Europe/London's offset from UTC at an instant, in milliseconds (0 in winter, 3,600,000 in summer). */
export function londonOffsetMs(instant: number): number {
  const parts = dateFormat('en-GB', {
    timeZone: SITE_TIME_ZONE,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'));
  return asUtc - Math.floor(instant / 60_000) * 60_000;
}

/** Today's date in the UK at `now`, as `YYYY-MM-DD` (for comparisons, not display). */
export function londonDay(now: Date): string {
  const local = new Date(now.getTime() + londonOffsetMs(now.getTime()));
  return local.toISOString().slice(0, 10);
}

/** A number with the locale's digits and grouping: 2,500 (en), 2.500 (es), 2 500 (fr). */
export function formatNumber(
  value: number,
  locale: Locale | string,
  options?: Intl.NumberFormatOptions,
): string {
  return numberFormat(locale, options).format(value);
}

/** An amount of money (pounds by default): '£25' for whole amounts, '£12.50' otherwise; '12,50 £' in French. */
export function formatMoney(amount: number, locale: Locale | string, currency = 'GBP'): string {
  const whole = Number.isInteger(amount);
  return numberFormat(locale, {
    style: 'currency',
    currency,
    // '£', not French CLDR's '£GB': the site only deals in pounds.
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(amount);
}

/** A share (0–1) as a whole percent: '40%' (en), '40 %' (fr). */
export function formatPercent(fraction: number, locale: Locale | string): string {
  return numberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(fraction);
}

/** How an event repeats, as far as its wording needs: every `interval` days or weeks (on `weekday`, 0 = Sunday). */
export type RepeatPattern = { freq: 'daily' | 'weekly'; interval: number; weekday: number };

export type EventWhen = {
  /** UTC instants of the (first) session; null start means 'Date TBA'. */
  start: Date | null;
  end: Date | null;
  /** False for date-only (all-day) events. */
  hasTime: boolean;
  /** Set for a series: then `start`/`end` are one session and the phrase says how it repeats. */
  repeat?: RepeatPattern | null;
};

export type EventWhenWords = {
  /** ' to ' between start and end, translated ('to', 'a', 'à', 'às'). */
  to: string;
  /** The translated 'Every Wednesday' / 'Every other Friday' / 'Every day' phrase of a series. */
  repeat?: (pattern: RepeatPattern) => string;
};

/**
 * How an event's time reads (docs/SPEC-NOTES.md §9, spec §9: time after ' @ ', end date after ' - ', end time after
 * ' to '), in UK time: the date ('Month day, year' in English), the time after ' @ ' and the end time after ' to ' —
 * 'January 15, 2027 @ 6:30 PM to 8:00 PM'. An event over several days puts its end date after ' - ':
 * 'March 4, 2027 @ 10:00 AM - March 5, 2027 to 4:00 PM' (date-only: 'March 4, 2027 - March 5, 2027').
 * A series reads as its pattern and one session's times: 'Every Wednesday @ 10:00 AM to 1:00 PM', never as
 * one block from its first to its last day. Other locales use their own date and 24-hour forms.
 * Returns null when there is no start (the page shows 'Date TBA').
 */
export function formatEventWhen(
  when: EventWhen,
  locale: Locale | string,
  words: EventWhenWords,
): string | null {
  const { start, end, hasTime, repeat } = when;
  if (!start) return null;
  const to = words.to;
  if (repeat && words.repeat) {
    const phrase = words.repeat(repeat);
    if (!hasTime) return phrase;
    return end
      ? `${phrase} @ ${formatTime(start, locale)} ${to} ${formatTime(end, locale)}`
      : `${phrase} @ ${formatTime(start, locale)}`;
  }
  const startDay = formatDate(start, locale);
  const sameDay = !end || formatDate(end, locale) === startDay;
  if (!hasTime) return sameDay ? startDay : `${startDay} - ${formatDate(end, locale)}`;
  const startText = `${startDay} @ ${formatTime(start, locale)}`;
  if (!end) return startText;
  return sameDay
    ? `${startText} ${to} ${formatTime(end, locale)}`
    : `${startText} - ${formatDate(end, locale)} ${to} ${formatTime(end, locale)}`;
}

/** A file size for people, in the locale's digits: '820 kB', '1.4 MB' (decimal units, as file managers show). */
export function formatFileSize(bytes: number, locale: string): string {
  const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: units[unit],
    unitDisplay: unit === 0 ? 'long' : 'short',
    maximumFractionDigits: unit <= 1 ? 0 : 1,
  }).format(value);
}
