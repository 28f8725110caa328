import { createEvents, type DateArray, type EventAttributes } from 'ics';

import type { EventView } from './model';
import { addDays, EVENT_TIME_ZONE, icsLocalDateTime, londonParts } from './parse';
import { rrule } from './recurrence';

/**
 * iCalendar (RFC 5545) files for events (docs/SPEC-NOTES.md §2 Single event "Apple and generic (ICS download)", §7 ICS fields:
 * title, description, location, start, end, url, status confirmed), built with the `ics` package. `ics` writes
 * times only as UTC or floating local time, so the output is post-processed: timed events get
 * `DTSTART;TZID=Europe/London` local times plus a VTIMEZONE for Europe/London (without it Outlook reads the
 * time as its own zone and shifts summer events by an hour), all-day events are `VALUE=DATE`, and lines are
 * folded at 75 octets (UTF-8) with CRLF endings. Pure: `now` stamps DTSTAMP.
 */

export type IcsEvent = {
  /** Globally unique and stable across downloads, so calendars update rather than duplicate. */
  uid: string;
  title: string;
  /** Plain text. */
  description: string;
  location: string | null;
  /** Absolute URL of the event page. */
  url: string;
  start: Date;
  end: Date;
  /** False for all-day events (dates only). */
  hasTime: boolean;
  cancelled?: boolean;
  /** Last change (UTC), written as LAST-MODIFIED. */
  modified?: Date | null;
  /** For a series: the RRULE value (`start`/`end` are then its first session). */
  recurrenceRule?: string | null;
};

export type IcsCalendarOptions = {
  /** `PRODID`, e.g. `-//Leeds Racial Justice Network//Events//EN`. */
  productId: string;
  /** `X-WR-CALNAME`: the name a subscribed calendar shows. */
  name?: string;
  now: Date;
};

/** Europe/London since 1996: BST from the last Sunday of March 01:00 UTC to the last Sunday of October 01:00 UTC. */
export const EUROPE_LONDON_VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  `TZID:${EVENT_TIME_ZONE}`,
  `X-LIC-LOCATION:${EVENT_TIME_ZONE}`,
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:+0000',
  'TZOFFSETTO:+0100',
  'TZNAME:BST',
  'DTSTART:19700329T010000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0000',
  'TZNAME:GMT',
  'DTSTART:19701025T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
];

function dateArray(instant: Date, plusDays = 0): DateArray {
  const d = addDays(londonParts(instant), plusDays);
  return [d.year, d.month, d.day];
}

function attributes(event: IcsEvent, now: Date): EventAttributes {
  // An all-day event's DTEND is the day after its last day (RFC 5545 3.6.1).
  const timing = event.hasTime
    ? { start: icsLocalDateTime(event.start), end: icsLocalDateTime(event.end) }
    : { start: dateArray(event.start), end: dateArray(event.end, 1) };
  return {
    ...timing,
    uid: event.uid,
    title: event.title,
    description: [event.description.trim(), event.url].filter(Boolean).join('\n\n'),
    ...(event.location ? { location: event.location } : {}),
    url: event.url,
    status: event.cancelled ? 'CANCELLED' : 'CONFIRMED',
    ...(event.recurrenceRule ? { recurrenceRule: event.recurrenceRule } : {}),
    ...(event.modified && !Number.isNaN(event.modified.getTime())
      ? { lastModified: event.modified.getTime() }
      : {}),
    // `timestamp` (DTSTAMP) is in the package's schema but not in its types.
    ...({ timestamp: now.getTime() } as object),
  };
}

/** Folds one content line into chunks of at most 75 octets, never splitting a UTF-8 character (RFC 5545 3.1). */
export function foldIcsLine(line: string): string {
  const encoder = new TextEncoder();
  const out: string[] = [];
  let current = '';
  let size = 0;
  for (const char of line) {
    const bytes = encoder.encode(char).length;
    // Continuation lines start with a space, which counts towards their 75 octets.
    if (size + bytes > 75) {
      out.push(current);
      current = ' ';
      size = 1;
    }
    current += char;
    size += bytes;
  }
  out.push(current);
  return out.join('\r\n');
}

/**
 * A VCALENDAR with one VEVENT per event (none is fine: an empty subscribed calendar). Throws when `ics` rejects
 * an event (e.g. a malformed URL), which callers treat as a server error.
 */
export function buildIcsCalendar(events: readonly IcsEvent[], options: IcsCalendarOptions): string {
  const { error, value } = createEvents(
    events.map((e) => attributes(e, options.now)),
    { productId: options.productId, method: 'PUBLISH', ...(options.name ? { calName: options.name } : {}) },
  );
  if (error || !value) throw error ?? new Error('ics produced no calendar');
  const lines = value
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .filter(Boolean)
    .map((line) => line.replace(/^(DTSTART|DTEND):(\d{8}T\d{6})$/, `$1;TZID=${EVENT_TIME_ZONE}:$2`));
  const at = lines.findIndex((l) => l === 'BEGIN:VEVENT' || l === 'END:VCALENDAR');
  lines.splice(
    at,
    0,
    `X-WR-TIMEZONE:${EVENT_TIME_ZONE}`,
    'REFRESH-INTERVAL;VALUE=DURATION:PT1H',
    ...EUROPE_LONDON_VTIMEZONE,
  );
  return `${lines.map(foldIcsLine).join('\r\n')}\r\n`;
}

/**
 * The ICS entry of an event view, or null when it has no date ('Date TBA' events cannot go in a calendar).
 * `siteUrl` is the site's absolute base URL; the UID uses its host so it is stable and globally unique.
 */
export function icsEventFromView(
  view: Pick<
    EventView,
    | 'id'
    | 'slug'
    | 'title'
    | 'summary'
    | 'location'
    | 'start'
    | 'end'
    | 'hasTime'
    | 'status'
    | 'modified'
    | 'recurrence'
  >,
  siteUrl: string,
): IcsEvent | null {
  if (!view.start || !view.end) return null;
  const base = new URL(siteUrl);
  const modified = view.modified
    ? new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(view.modified) ? view.modified : `${view.modified}Z`)
    : null;
  return {
    uid: `event-${view.id}@${base.hostname}`,
    title: view.title,
    description: view.summary,
    location: view.location,
    url: new URL(`/event/${encodeURIComponent(view.slug)}`, base).toString(),
    start: view.start,
    end: view.end,
    hasTime: view.hasTime,
    cancelled: view.status === 'cancelled',
    modified,
    // A series is its first session plus the rule, so calendars show each session, not one months-long block.
    recurrenceRule: view.recurrence
      ? rrule({ start: view.start, end: view.end }, view.recurrence, view.hasTime)
      : null,
  };
}

/** A safe download name for an event's file: its slug when plain ASCII, else `event`. */
export function icsFileName(slug: string): string {
  return /^[a-z0-9][a-z0-9-]{0,100}$/i.test(slug) ? `${slug}.ics` : 'event.ics';
}
