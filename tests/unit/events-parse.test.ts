import { describe, expect, it } from 'vitest';

import {
  addDays,
  eventTimes,
  icsLocalDateTime,
  londonIso,
  londonParts,
  londonToUtc,
  parseEventDate,
  parseEventTime,
} from '@/lib/events/parse';
import {
  eventLinkLabel,
  eventLocation,
  hasPhysicalLocation,
  isOnlineEvent,
  registrationUrl,
} from '@/lib/events/place';

describe('parseEventDate', () => {
  it('reads 8-digit YYYYMMDD and ISO and written dates', () => {
    expect(parseEventDate('20270115')).toEqual({ year: 2027, month: 1, day: 15 });
    expect(parseEventDate(20270115)).toEqual({ year: 2027, month: 1, day: 15 });
    expect(parseEventDate('2026-12-10')).toEqual({ year: 2026, month: 12, day: 10 });
    expect(parseEventDate('December 10, 2026')).toEqual({ year: 2026, month: 12, day: 10 });
  });

  it('gives null for unreadable or impossible dates (Date TBA)', () => {
    for (const v of ['', 'soon', '20271340', '20270230', null, undefined, {}, '2027-02-30']) {
      expect(parseEventDate(v)).toBeNull();
    }
  });
});

describe('parseEventTime', () => {
  it('reads H:MM and HH:MM with optional am/pm', () => {
    expect(parseEventTime('18:30')).toEqual({ hour: 18, minute: 30 });
    expect(parseEventTime('6:30 pm')).toEqual({ hour: 18, minute: 30 });
    expect(parseEventTime('6:30PM')).toEqual({ hour: 18, minute: 30 });
    expect(parseEventTime('12:00 am')).toEqual({ hour: 0, minute: 0 });
    expect(parseEventTime('12:15 pm')).toEqual({ hour: 12, minute: 15 });
    expect(parseEventTime('9:05 a.m.')).toEqual({ hour: 9, minute: 5 });
  });

  it('refuses the rest', () => {
    for (const v of ['25:00', '13:00 pm', '7', '7:5', 'noon', '', 1830]) expect(parseEventTime(v)).toBeNull();
  });
});

describe('londonToUtc', () => {
  it('applies GMT in winter and BST in summer, also on change-over days', () => {
    expect(londonToUtc({ year: 2027, month: 1, day: 15 }, { hour: 18, minute: 30 }).toISOString()).toBe(
      '2027-01-15T18:30:00.000Z',
    );
    expect(londonToUtc({ year: 2026, month: 7, day: 1 }, { hour: 18, minute: 30 }).toISOString()).toBe(
      '2026-07-01T17:30:00.000Z',
    );
    // 29 March 2026: clocks go forward at 01:00 GMT.
    expect(londonToUtc({ year: 2026, month: 3, day: 29 }, { hour: 12, minute: 0 }).toISOString()).toBe(
      '2026-03-29T11:00:00.000Z',
    );
    // 25 October 2026: clocks go back at 02:00 BST.
    expect(londonToUtc({ year: 2026, month: 10, day: 25 }, { hour: 12, minute: 0 }).toISOString()).toBe(
      '2026-10-25T12:00:00.000Z',
    );
  });
});

describe('eventTimes', () => {
  it('combines date and times, and defaults the end to one hour after the start', () => {
    const t = eventTimes({ event_date: '20270115', event_time: '18:30', event_end_time: '20:00' });
    expect(t.start?.toISOString()).toBe('2027-01-15T18:30:00.000Z');
    expect(t.end?.toISOString()).toBe('2027-01-15T20:00:00.000Z');
    expect(eventTimes({ event_date: '20270115', event_time: '18:30' }).end?.toISOString()).toBe(
      '2027-01-15T19:30:00.000Z',
    );
    expect(
      eventTimes({ event_date: '20270115', event_time: '18:30', event_end_time: '17:00' }).end?.toISOString(),
    ).toBe('2027-01-15T19:30:00.000Z');
  });

  it('spans days with event_end_date and says when there is no date or no time', () => {
    const t = eventTimes({
      event_date: '20270304',
      event_time: '10:00',
      event_end_date: '20270305',
      event_end_time: '16:00',
    });
    expect(t.end?.toISOString()).toBe('2027-03-05T16:00:00.000Z');
    expect(eventTimes({ event_date: 'soon' })).toEqual({ start: null, end: null, hasTime: false });
    expect(eventTimes({ event_date: '20270115' }).hasTime).toBe(false);
  });
});

describe('eventLocation', () => {
  it('prefers location_details, then location, then venue arrays, then the content', () => {
    expect(
      eventLocation({
        location_details: {
          venue_name: 'Chapeltown Hall',
          address: '1 Example Rd',
          city: 'Leeds',
          postcode: 'LS7 1AA',
        },
      }),
    ).toBe('Chapeltown Hall, 1 Example Rd, Leeds, LS7 1AA');
    expect(eventLocation({ location: 'Millennium Square', post_code: 'LS2 3AD' })).toBe(
      'Millennium Square, LS2 3AD',
    );
    expect(eventLocation({ venue: [{ venue: 'Library', city: 'Leeds', zip: 'LS1 3AB' }] })).toBe(
      'Library, Leeds, LS1 3AB',
    );
    expect(eventLocation({}, '<p>Join us.</p><p>Location: Kirkgate Market</p>')).toBe('Kirkgate Market');
  });

  it('ignores content locations outside 3 to 50 characters and gives null (Location TBA)', () => {
    expect(eventLocation({}, '<p>Venue: X</p>')).toBeNull();
    expect(eventLocation({}, `<p>Venue: ${'a'.repeat(51)}</p>`)).toBeNull();
    expect(eventLocation({ location: '  ' })).toBeNull();
  });
});

describe('isOnlineEvent and registrationUrl', () => {
  it('detects online events from the flag, the location text and organizer arrays', () => {
    expect(isOnlineEvent({ is_online: true }, null)).toBe(true);
    expect(isOnlineEvent({}, 'Online via Zoom')).toBe(true);
    expect(isOnlineEvent({}, 'A virtual gathering')).toBe(true);
    expect(isOnlineEvent({ organizers: [{ ID: 1, post_title: 'Team' }] }, null)).toBe(true);
    expect(isOnlineEvent({}, 'Leeds Central Library')).toBe(false);
  });

  it('uses the registration URL only when non-empty after trimming', () => {
    expect(registrationUrl({ registration_details: { registration_url: '  https://example.org/r  ' } })).toBe(
      'https://example.org/r',
    );
    expect(
      registrationUrl({ registration_details: { registration_url: '   ', url: 'https://zoom.us/j/1' } }),
    ).toBe('https://zoom.us/j/1');
    expect(registrationUrl({ registration_details: { url: 'javascript:alert(1)' } })).toBeNull();
    expect(registrationUrl({})).toBeNull();
  });
});

describe('eventLinkLabel', () => {
  it('chooses the spec label by host', () => {
    expect(eventLinkLabel('https://us02web.zoom.us/j/123')).toBe('Join Zoom Meeting');
    expect(eventLinkLabel('https://teams.microsoft.com/l/meetup-join/x')).toBe('Join Teams Meeting');
    expect(eventLinkLabel('https://meet.google.com/abc-defg-hij')).toBe('Join Google Meet');
    expect(eventLinkLabel('https://acme.webex.com/meet/x')).toBe('Join Webex Meeting');
    expect(eventLinkLabel('https://global.gotomeeting.com/join/1')).toBe('Join GoToMeeting');
    expect(eventLinkLabel('https://www.meetup.com/group/events/1')).toBe('View on Meetup');
    expect(eventLinkLabel('https://www.facebook.com/events/1')).toBe('View on Facebook');
    expect(eventLinkLabel('https://www.eventbrite.co.uk/e/1')).toBe('Get Tickets');
    expect(eventLinkLabel('https://forms.gle/abc')).toBe('Register for Event');
    expect(eventLinkLabel('https://example.org/register')).toBe('Join Event');
    expect(eventLinkLabel('not a url')).toBe('Join Event');
  });
});

describe('spec edge cases added with the events pages', () => {
  it('reads times with seconds (ACF time picker, events plugins)', () => {
    expect(parseEventTime('18:30:00')).toEqual({ hour: 18, minute: 30 });
    expect(parseEventTime('6:30:00 pm')).toEqual({ hour: 18, minute: 30 });
  });

  it('finds a content location per line, not across paragraphs', () => {
    expect(eventLocation({}, '<p><strong>Venue:</strong> Hope Street Hall</p><p>Bring food.</p>')).toBe(
      'Hope Street Hall',
    );
    expect(eventLocation({}, '<p>Where: St Aidan’s Church. Doors open at six.</p>')).toBe(
      'St Aidan’s Church',
    );
    expect(eventLocation({}, 'Location: Leeds Library<br>Free entry')).toBe('Leeds Library');
    expect(eventLocation({}, '<p>No place given here.</p>')).toBeNull();
  });

  it('reads a venue given as a plain string', () => {
    expect(eventLocation({ venue: 'Chapeltown Library' })).toBe('Chapeltown Library');
  });

  it('applies the organizer-array rule only when no place and no explicit is_online false are given', () => {
    const organizers = [{ ID: 3, post_title: 'LRJN', post_type: 'tribe_organizer' }];
    expect(isOnlineEvent({ organizers }, null)).toBe(true);
    expect(isOnlineEvent({ organizers, is_online: null }, null)).toBe(true);
    expect(isOnlineEvent({ organizers, is_online: false }, null)).toBe(false);
    expect(isOnlineEvent({ organizers }, 'Millennium Square, Leeds')).toBe(false);
    expect(isOnlineEvent({ organizers: [] }, null)).toBe(false);
    expect(isOnlineEvent({ is_online: '1' }, 'Hope Street Hall')).toBe(true);
    expect(isOnlineEvent({ is_online: false }, 'Online via Zoom')).toBe(true);
  });

  it('tells a physical place from an online-only location', () => {
    expect(hasPhysicalLocation({ location_details: { venue_name: 'Hall' } })).toBe(true);
    expect(hasPhysicalLocation({ venue: [{ venue: 'Library', city: 'Leeds' }] })).toBe(true);
    expect(hasPhysicalLocation({ location: 'Millennium Square' })).toBe(true);
    expect(hasPhysicalLocation({ location: 'Online via Zoom' })).toBe(false);
    expect(hasPhysicalLocation({ location_details: { venue_name: '' }, venue: null })).toBe(false);
  });

  it('accepts a registration URL stored as a plain string', () => {
    expect(registrationUrl({ registration_details: ' https://meet.google.com/abc ' })).toBe(
      'https://meet.google.com/abc',
    );
    expect(registrationUrl({ registration_details: '' })).toBeNull();
  });
});

describe('UK time helpers', () => {
  it('gives wall-clock parts, ISO with offset and iCalendar local times', () => {
    const summer = new Date('2027-07-03T17:30:00Z');
    const winter = new Date('2026-12-10T18:30:00Z');
    expect(londonParts(summer)).toEqual({ year: 2027, month: 7, day: 3, hour: 18, minute: 30 });
    expect(londonIso(summer)).toBe('2027-07-03T18:30:00+01:00');
    expect(londonIso(winter)).toBe('2026-12-10T18:30:00+00:00');
    expect(londonIso(winter, false)).toBe('2026-12-10');
    expect(icsLocalDateTime(summer)).toBe('20270703T183000');
    expect(icsLocalDateTime(winter)).toBe('20261210T183000');
    // 23:30Z on 30 June is already 1 July in London.
    expect(londonParts(new Date('2027-06-30T23:30:00Z')).day).toBe(1);
  });

  it('adds days across month and year ends', () => {
    expect(addDays({ year: 2026, month: 12, day: 31 }, 1)).toEqual({ year: 2027, month: 1, day: 1 });
    expect(addDays({ year: 2028, month: 2, day: 28 }, 1)).toEqual({ year: 2028, month: 2, day: 29 });
  });
});
