import { icsLocalDateTime } from './parse';

/**
 * "Add to calendar" links (docs/SPEC-NOTES.md §2 Single event, §7): Google, Outlook and Yahoo, built with URLSearchParams from
 * UTC instants. A series carries its rule: Google takes the RRULE itself (`recur`), Yahoo its simple repeat
 * pattern (`rpat`/`rend`); Outlook's link cannot repeat, so for a series it adds the next session (the page says
 * so in the link's text) and the page offers the ICS file with the RRULE beside it for the whole series. Pure. (The ICS download for Apple and generic calendars is app/event/[slug]/calendar.ics.)
 */

export type CalendarEvent = {
  title: string;
  description: string;
  location: string;
  start: Date;
  end: Date;
  /** The event's page, added to the description. */
  url: string;
  /** Set for a series: `start`/`end` are one session (the next one) and this says how it repeats. */
  repeat?: {
    /** RFC 5545 RRULE value, e.g. `FREQ=WEEKLY;INTERVAL=1;BYDAY=WE;UNTIL=20280726T090000Z`. */
    rrule: string;
    freq: 'daily' | 'weekly';
    interval: number;
    /** The end of the last session. */
    lastEnd: Date;
  };
};

/** `20270115T183000Z`: the compact UTC form Google and Yahoo expect. */
export function compactUtc(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

function details(event: CalendarEvent): string {
  return [event.description.trim(), event.url].filter(Boolean).join('\n\n');
}

export function googleCalendarUrl(event: CalendarEvent): string {
  // A series repeats in UK wall-clock time: give Google local times in ctz so 10:00 stays 10:00 after the clocks change.
  const dates = event.repeat
    ? `${icsLocalDateTime(event.start)}/${icsLocalDateTime(event.end)}`
    : `${compactUtc(event.start)}/${compactUtc(event.end)}`;
  const params = new URLSearchParams({
    action: 'TEMPLATE',
    text: event.title,
    dates,
    details: details(event),
    location: event.location,
    ctz: 'Europe/London',
  });
  if (event.repeat) params.set('recur', `RRULE:${event.repeat.rrule}`);
  return `https://calendar.google.com/calendar/render?${params.toString()}`;
}

/**
 * Outlook.com's compose link. For a series it is the next session only (`start`/`end`): the link has no way to
 * repeat, so the page labels it 'next session only' and offers the ICS file for every session.
 */
export function outlookCalendarUrl(event: CalendarEvent): string {
  const params = new URLSearchParams({
    path: '/calendar/action/compose',
    rru: 'addevent',
    subject: event.title,
    startdt: event.start.toISOString(),
    enddt: event.end.toISOString(),
    body: details(event),
    location: event.location,
  });
  return `https://outlook.live.com/calendar/0/deeplink/compose?${params.toString()}`;
}

export function yahooCalendarUrl(event: CalendarEvent): string {
  const params = new URLSearchParams({
    v: '60',
    title: event.title,
    st: compactUtc(event.start),
    et: compactUtc(event.end),
    desc: details(event),
    in_loc: event.location,
  });
  if (event.repeat) {
    // Yahoo's repeat pattern: two-digit interval plus unit ('01Wk', '02Wk', '01Dy'); `rend` in Unix seconds.
    const unit = event.repeat.freq === 'weekly' ? 'Wk' : 'Dy';
    params.set('rpat', `${String(event.repeat.interval).padStart(2, '0')}${unit}`);
    params.set('rend', String(Math.floor(event.repeat.lastEnd.getTime() / 1000)));
  }
  return `https://calendar.yahoo.com/?${params.toString()}`;
}
