import { describe, expect, it } from 'vitest';

import { compactUtc, googleCalendarUrl, outlookCalendarUrl, yahooCalendarUrl } from '@/lib/events/calendar';
import { formatEventWhen as formatWhen, type EventWhen } from '@/lib/utils/format';

/** The old positional call shape, through the site's one formatter. */
const formatEventWhen = (start: Date | null, end: Date | null, hasTime: boolean, locale: string, to = 'to') =>
  formatWhen({ start, end, hasTime } satisfies EventWhen, locale, { to });

const event = {
  title: 'Vigil for Solidarity & Hope',
  description: 'Candles provided.',
  location: 'Millennium Square, Leeds',
  start: new Date('2027-01-15T18:30:00Z'),
  end: new Date('2027-01-15T20:00:00Z'),
  url: 'https://example.org/event/vigil',
};

describe('calendar links', () => {
  it('Google: template with compact UTC dates, details with the page URL, and the location', () => {
    const url = new URL(googleCalendarUrl(event));
    expect(url.origin + url.pathname).toBe('https://calendar.google.com/calendar/render');
    expect(url.searchParams.get('action')).toBe('TEMPLATE');
    expect(url.searchParams.get('text')).toBe(event.title);
    expect(url.searchParams.get('dates')).toBe('20270115T183000Z/20270115T200000Z');
    expect(url.searchParams.get('details')).toBe('Candles provided.\n\nhttps://example.org/event/vigil');
    expect(url.searchParams.get('location')).toBe(event.location);
  });

  it('Outlook and Yahoo carry the same event', () => {
    const outlook = new URL(outlookCalendarUrl(event));
    expect(outlook.hostname).toBe('outlook.live.com');
    expect(outlook.searchParams.get('subject')).toBe(event.title);
    expect(outlook.searchParams.get('startdt')).toBe('2027-01-15T18:30:00.000Z');
    expect(outlook.searchParams.get('enddt')).toBe('2027-01-15T20:00:00.000Z');
    const yahoo = new URL(yahooCalendarUrl(event));
    expect(yahoo.hostname).toBe('calendar.yahoo.com');
    expect(yahoo.searchParams.get('st')).toBe(compactUtc(event.start));
    expect(yahoo.searchParams.get('in_loc')).toBe(event.location);
  });
});

describe('formatEventWhen', () => {
  it("reads 'Month day, year @ time to time' in English, in UK time", () => {
    expect(formatEventWhen(event.start, event.end, true, 'en')).toBe('January 15, 2027 @ 6:30 PM to 8:00 PM');
    // A summer evening: 17:30Z is 6:30 PM BST.
    expect(
      formatEventWhen(new Date('2026-07-01T17:30:00Z'), new Date('2026-07-01T18:30:00Z'), true, 'en'),
    ).toBe('July 1, 2026 @ 6:30 PM to 7:30 PM');
  });

  it('puts the end date after " - " and the end time after " to " over several days (spec §9, audit E7)', () => {
    expect(
      formatEventWhen(new Date('2027-03-04T10:00:00Z'), new Date('2027-03-05T16:00:00Z'), true, 'en'),
    ).toBe('March 4, 2027 @ 10:00 AM - March 5, 2027 to 4:00 PM');
    expect(
      formatEventWhen(new Date('2027-03-04T10:00:00Z'), new Date('2027-03-05T16:00:00Z'), true, 'fr', 'à'),
    ).toBe('4 mars 2027 @ 10:00 - 5 mars 2027 à 16:00');
    expect(
      formatEventWhen(new Date('2027-03-04T00:00:00Z'), new Date('2027-03-06T01:00:00Z'), false, 'en'),
    ).toBe('March 4, 2027 - March 6, 2027');
    expect(
      formatEventWhen(new Date('2027-03-04T00:00:00Z'), new Date('2027-03-04T01:00:00Z'), false, 'en'),
    ).toBe('March 4, 2027');
  });

  it('uses the locale’s own forms elsewhere, and null without a start', () => {
    expect(formatEventWhen(event.start, event.end, true, 'es', 'a')).toBe(
      '15 de enero de 2027 @ 18:30 a 20:00',
    );
    expect(formatEventWhen(null, null, false, 'en')).toBeNull();
  });
});
