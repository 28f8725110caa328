import type { Locale } from '@/i18n/routing';

import { EVENT_TIME_ZONE } from './parse';

/**
 * How an event's time reads (docs/SPEC-NOTES.md §9): in UK time, English as 'Month day, year' with 12-hour times, the time after
 * ' @ ', an end date after ' - ' and an end time after ' to ' (`to` is passed in translated) — e.g. 'January 15, 2027 @ 6:30 PM to 8:00 PM',
 * 'March 4, 2027 @ 10:00 AM - March 5, 2027 to 4:00 PM'. Other locales use their own date and 24-hour forms.
 * Pure; returns null when there is no start (the page shows 'Date TBA').
 */
export function formatEventWhen(
  start: Date | null,
  end: Date | null,
  hasTime: boolean,
  locale: Locale,
  to = 'to',
): string | null {
  if (!start) return null;
  const tag = locale === 'en' ? 'en-US' : locale;
  const date = new Intl.DateTimeFormat(tag, { dateStyle: 'long', timeZone: EVENT_TIME_ZONE });
  const time = new Intl.DateTimeFormat(tag, {
    hour: 'numeric',
    minute: '2-digit',
    hour12: locale === 'en',
    timeZone: EVENT_TIME_ZONE,
  });
  let text = date.format(start);
  if (hasTime) text += ` @ ${time.format(start)}`;
  if (end) {
    const sameDay = date.format(end) === date.format(start);
    if (!sameDay) text += ` - ${date.format(end)}`;
    if (hasTime) text += ` ${to} ${time.format(end)}`;
  }
  return text;
}
