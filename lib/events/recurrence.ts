import type { RepeatPattern } from '@/lib/utils/format';

import { addDays, londonParts, londonToUtc, type CalendarDate } from './parse';

/**
 * Repeating events (a weekly drop-in, a fortnightly online cohort). WordPress has no recurrence field of its own
 * here: a series is stored as its first session (`event_date`, `event_time`, `event_end_time`) plus the last day
 * (`event_end_date`), and says how it repeats either in the optional `event_recurrence` field ('weekly',
 * 'fortnightly', 'daily' or an RFC 5545 rule such as `FREQ=WEEKLY;INTERVAL=2`) or in its words ('every
 * Wednesday', 'alternate Fridays'). Without either, a span of days stays one continuous event. Pure: the current
 * time is always passed in.
 */

export type Recurrence = RepeatPattern & {
  /** The last day (UK) a session may fall on: `event_end_date`. */
  until: CalendarDate;
};

export type Session = { start: Date; end: Date };

const WEEKDAY_NAMES = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const RRULE_DAYS = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'];
const DAY = 86_400_000;
/** A safety bound on how many sessions are walked (daily for ten years). */
const MAX_SESSIONS = 4000;

type Pattern = Pick<RepeatPattern, 'freq' | 'interval'>;

/** Day of the week of a calendar date (0 = Sunday). */
export function weekdayOf(date: CalendarDate): number {
  return new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay();
}

function dayNumber(date: CalendarDate): number {
  return Math.round(Date.UTC(date.year, date.month - 1, date.day) / DAY);
}

/** `event_recurrence`: a word or an RFC 5545 rule (FREQ DAILY or WEEKLY, optional INTERVAL and BYDAY). */
function explicitPattern(value: unknown, weekday: number): Pattern | null {
  if (typeof value !== 'string') return null;
  const text = value.trim().toLowerCase();
  if (!text) return null;
  if (text === 'weekly' || text === 'every week') return { freq: 'weekly', interval: 1 };
  if (['fortnightly', 'biweekly', 'every other week', 'every two weeks'].includes(text)) {
    return { freq: 'weekly', interval: 2 };
  }
  if (text === 'daily' || text === 'every day') return { freq: 'daily', interval: 1 };
  const parts = Object.fromEntries(
    text
      .replace(/^rrule:/, '')
      .split(';')
      .map((p) => p.split('=').map((s) => s.trim().toUpperCase()) as [string, string]),
  );
  const freq = parts.FREQ === 'WEEKLY' ? 'weekly' : parts.FREQ === 'DAILY' ? 'daily' : null;
  if (!freq) return null;
  const interval = parts.INTERVAL ? Number(parts.INTERVAL) : 1;
  if (!Number.isInteger(interval) || interval < 1 || interval > 52) return null;
  // Only rules whose sessions fall on the first session's weekday: that is what the dates describe.
  if (parts.BYDAY && parts.BYDAY !== RRULE_DAYS[weekday]) return null;
  return { freq, interval };
}

const NAMES = WEEKDAY_NAMES.join('|');
const ALTERNATE = new RegExp(`\\b(?:alternate|every other)\\s+(${NAMES})s?\\b`);
const EVERY = new RegExp(`\\bevery\\s+(${NAMES})s?\\b`);

/**
 * A pattern named in words. 'Every Wednesday' and 'alternate Fridays' count anywhere, but only when the weekday
 * is the first session's (so a stray mention of another day cannot invent a series); the bare words 'weekly',
 * 'fortnightly' and 'daily' only in the title and excerpt, where they describe the event itself.
 */
function textPattern(
  texts: { title: string; excerpt: string; body: string },
  weekday: number,
): Pattern | null {
  const day = WEEKDAY_NAMES[weekday];
  for (const text of [texts.title, texts.excerpt, texts.body].map((t) => t.toLowerCase())) {
    const alternate = ALTERNATE.exec(text);
    if (alternate?.[1] === day) return { freq: 'weekly', interval: 2 };
    const every = EVERY.exec(text);
    if (every?.[1] === day) return { freq: 'weekly', interval: 1 };
  }
  const short = `${texts.title} ${texts.excerpt}`.toLowerCase();
  if (/\bfortnightly\b/.test(short)) return { freq: 'weekly', interval: 2 };
  if (/\b(weekly|every week)\b/.test(short)) return { freq: 'weekly', interval: 1 };
  if (/\b(daily|every day)\b/.test(short)) return { freq: 'daily', interval: 1 };
  return null;
}

/**
 * The recurrence of an event whose dates run from `first` to `last` (UK days), or null for a one-off. A series
 * needs a last day after the first, and a pattern: `event_recurrence` wins over the words; words count only for
 * timed events (an all-day span 'every day' is just a span).
 */
export function detectRecurrence(
  fields: Record<string, unknown>,
  texts: { title: string; excerpt: string; body: string },
  first: CalendarDate,
  last: CalendarDate | null,
  hasTime: boolean,
): Recurrence | null {
  if (!last || dayNumber(last) <= dayNumber(first)) return null;
  const weekday = weekdayOf(first);
  const pattern =
    explicitPattern(fields.event_recurrence ?? fields.recurrence, weekday) ??
    (hasTime ? textPattern(texts, weekday) : null);
  return pattern ? { ...pattern, weekday, until: last } : null;
}

function stepDays(rule: RepeatPattern): number {
  return rule.freq === 'daily' ? rule.interval : 7 * rule.interval;
}

/**
 * The sessions of a series whose first session is `first`, in order, that end after `from` (all of them when
 * `from` is omitted), at most `limit`. Each session keeps the first one's UK wall-clock times, so a 10:00
 * session stays at 10:00 across the clock changes.
 */
export function sessions(first: Session, rule: Recurrence, from?: Date, limit = MAX_SESSIONS): Session[] {
  const s = londonParts(first.start);
  const e = londonParts(first.end);
  const startDay: CalendarDate = { year: s.year, month: s.month, day: s.day };
  const span = dayNumber(e) - dayNumber(startDay);
  const step = stepDays(rule);
  const lastDay = dayNumber(rule.until);
  const out: Session[] = [];
  for (let i = 0; i < MAX_SESSIONS && out.length < limit; i++) {
    const day = addDays(startDay, i * step);
    if (dayNumber(day) > lastDay) break;
    const session = {
      start: londonToUtc(day, { hour: s.hour, minute: s.minute }),
      end: londonToUtc(addDays(day, span), { hour: e.hour, minute: e.minute }),
    };
    if (!from || session.end.getTime() > from.getTime()) out.push(session);
  }
  return out;
}

/** The last session of a series (null if the rule allows none, which `detectRecurrence` never returns). */
export function lastSession(first: Session, rule: Recurrence): Session | null {
  const all = sessions(first, rule);
  return all[all.length - 1] ?? null;
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The RFC 5545 RRULE value of a series (`FREQ=WEEKLY;INTERVAL=1;BYDAY=WE;UNTIL=20280726T090000Z`). With a
 * time-zoned DTSTART, UNTIL must be UTC: the last session's start. Date-only series give a date UNTIL.
 */
export function rrule(first: Session, rule: Recurrence, hasTime: boolean): string {
  const last = lastSession(first, rule) ?? first;
  let until: string;
  if (hasTime) {
    const d = last.start;
    until = `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}T${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}00Z`;
  } else {
    const p = londonParts(last.start);
    until = `${p.year}${pad(p.month)}${pad(p.day)}`;
  }
  const byDay = rule.freq === 'weekly' ? `;BYDAY=${RRULE_DAYS[rule.weekday]}` : '';
  return `FREQ=${rule.freq === 'weekly' ? 'WEEKLY' : 'DAILY'};INTERVAL=${rule.interval}${byDay};UNTIL=${until}`;
}
