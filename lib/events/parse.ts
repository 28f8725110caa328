/**
 * Pure parsing of the WordPress event fields (docs/SPEC-NOTES.md §3 Event, §5, §9), for the events pages (issue #4).
 * Wall-clock values from WordPress are UK local time; results are UTC `Date`s, computed for Europe/London
 * (so 18:30 on a summer date is 17:30Z and on a winter date 18:30Z).
 */

import { londonOffsetMs, SITE_TIME_ZONE } from '@/lib/utils/format';

export const EVENT_TIME_ZONE = SITE_TIME_ZONE;

export type CalendarDate = { year: number; month: number; day: number };
export type ClockTime = { hour: number; minute: number };

/**
 * `event_date`: an 8-digit `YYYYMMDD` (ACF's storage format) or any date string `Date` can read (`2026-12-10`,
 * `December 10, 2026`). Returns null when unreadable or not a real calendar day (the page shows 'Date TBA').
 */
export function parseEventDate(value: unknown): CalendarDate | null {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!text) return null;
  if (/^\d{8}$/.test(text)) {
    return validDate(Number(text.slice(0, 4)), Number(text.slice(4, 6)), Number(text.slice(6, 8)));
  }
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:$|[T\s])/.exec(text);
  if (iso) return validDate(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const parsed = new Date(text);
  if (Number.isNaN(parsed.getTime())) return null;
  return { year: parsed.getFullYear(), month: parsed.getMonth() + 1, day: parsed.getDate() };
}

function validDate(year: number, month: number, day: number): CalendarDate | null {
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day && year > 1900
    ? { year, month, day }
    : null;
}

/**
 * `event_time`: `H:MM` or `HH:MM`, optionally with am/pm (`6:30 pm`, `18:30`, `6:30PM`) or seconds (`18:30:00`, as
 * ACF's time picker and events plugins store it). Null when unreadable.
 */
export function parseEventTime(value: unknown): ClockTime | null {
  if (typeof value !== 'string') return null;
  const match = /^\s*(\d{1,2})[:.](\d{2})(?::\d{2})?\s*([ap])?\.?\s*m?\.?\s*$/i.exec(value);
  if (!match) return null;
  let hour = Number(match[1]);
  const minute = Number(match[2]);
  const meridiem = match[3]?.toLowerCase();
  if (minute > 59) return null;
  if (meridiem) {
    if (hour < 1 || hour > 12) return null;
    hour = (hour % 12) + (meridiem === 'p' ? 12 : 0);
  } else if (hour > 23) return null;
  return { hour, minute };
}

/** The UTC instant of a UK wall-clock time (handles GMT/BST, including the change-over days). */
export function londonToUtc(date: CalendarDate, time: ClockTime = { hour: 0, minute: 0 }): Date {
  const naive = Date.UTC(date.year, date.month - 1, date.day, time.hour, time.minute);
  // Two passes: the offset at the guessed instant, then at the corrected one (right across a change-over).
  let utc = naive - londonOffsetMs(naive);
  utc = naive - londonOffsetMs(utc);
  return new Date(utc);
}

/** Europe/London's offset from UTC at an instant, in milliseconds (from the site's formatter module). */
export { londonOffsetMs };

export type EventTimes = {
  /** Null when the date is unreadable ('Date TBA'). */
  start: Date | null;
  end: Date | null;
  /** False when only a date was given (an all-day listing). */
  hasTime: boolean;
};

/**
 * Start and end from the ACF fields: `event_date` + `event_time`, `event_end_date` (defaults to the start date) +
 * `event_end_time`; the end defaults to the start plus one hour (docs/SPEC-NOTES.md §9) and never precedes the start.
 */
export function eventTimes(fields: Record<string, unknown>): EventTimes {
  const date = parseEventDate(fields.event_date);
  if (!date) return { start: null, end: null, hasTime: false };
  const time = parseEventTime(fields.event_time);
  const start = londonToUtc(date, time ?? { hour: 0, minute: 0 });
  const endDate = parseEventDate(fields.event_end_date) ?? date;
  const endTime = parseEventTime(fields.event_end_time);
  let end =
    endTime || fields.event_end_date ? londonToUtc(endDate, endTime ?? time ?? { hour: 0, minute: 0 }) : null;
  if (!end || end.getTime() <= start.getTime()) end = new Date(start.getTime() + 3_600_000);
  return { start, end, hasTime: time !== null };
}

export type LondonParts = CalendarDate & ClockTime;

/** The UK wall-clock date and time of a UTC instant. */
export function londonParts(instant: Date): LondonParts {
  const local = new Date(instant.getTime() + londonOffsetMs(instant.getTime()));
  return {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
  };
}

/** The calendar day `days` after `date` (negative for before). */
export function addDays(date: CalendarDate, days: number): CalendarDate {
  const d = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `2026-12-10`. */
export function isoCalendarDate(date: CalendarDate): string {
  return `${date.year}-${pad(date.month)}-${pad(date.day)}`;
}

/**
 * ISO 8601 in UK time with its offset, for schema.org and `<time dateTime>`: `2026-07-01T18:30:00+01:00`, or the
 * date alone (`2026-07-01`) for an event without a time.
 */
export function londonIso(instant: Date, withTime = true): string {
  const p = londonParts(instant);
  if (!withTime) return isoCalendarDate(p);
  const offset = londonOffsetMs(instant.getTime()) / 60_000;
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return `${isoCalendarDate(p)}T${pad(p.hour)}:${pad(p.minute)}:00${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** iCalendar local date-time (`20261210T183000`), in UK time; pair it with `TZID=Europe/London`. */
export function icsLocalDateTime(instant: Date): string {
  const p = londonParts(instant);
  return `${p.year}${pad(p.month)}${pad(p.day)}T${pad(p.hour)}${pad(p.minute)}00`;
}
