/**
 * "Add to calendar" links (docs/SPEC-NOTES.md §2 Single event, §7): Google, Outlook and Yahoo, built with URLSearchParams from
 * UTC instants. Pure. (The ICS download for Apple and generic calendars is a route handler of issue #4.)
 */

export type CalendarEvent = {
  title: string;
  description: string;
  location: string;
  start: Date;
  end: Date;
  /** The event's page, added to the description. */
  url: string;
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
  const params = new URLSearchParams({
    action: 'TEMPLATE',
    text: event.title,
    dates: `${compactUtc(event.start)}/${compactUtc(event.end)}`,
    details: details(event),
    location: event.location,
    ctz: 'Europe/London',
  });
  return `https://calendar.google.com/calendar/render?${params.toString()}`;
}

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
  return `https://calendar.yahoo.com/?${params.toString()}`;
}
