import { describe, expect, it } from 'vitest';

import type { CmsEvent } from '@/lib/cms';
import { reshapeEvent } from '@/lib/cms/reshape';
import {
  calendarEvent,
  eventErrorDetails,
  eventPeople,
  eventPhase,
  eventVideo,
  eventView,
  fallbackEventView,
  orderEvents,
  orderedEvents,
  scheduleStatus,
} from '@/lib/events/model';
import snapshot from '@/content/snapshot/events.json';

let nextId = 1;
function cmsEvent(fields: Record<string, unknown>, extra: Partial<CmsEvent> = {}): CmsEvent {
  const id = nextId++;
  return {
    id,
    slug: `event-${id}`,
    title: `Event ${id}`,
    excerpt: '',
    date: '2026-01-01T10:00:00',
    dateGmt: '2026-01-01T10:00:00',
    modified: '2026-01-01T10:00:00',
    image: null,
    html: '',
    fields,
    agenda: '',
    resources: '',
    followUp: '',
    videoUrl: null,
    startDate: null,
    endDate: null,
    ...extra,
  };
}

describe('eventView', () => {
  it('reads an in-person evening event in UK time with its place and registration link', () => {
    const view = eventView(
      cmsEvent(
        {
          event_date: '20270211',
          event_time: '6:00 pm',
          event_end_time: '8:30 pm',
          location_details: {
            venue_name: 'Weavers Rooms',
            address: '7 Call Lane',
            city: 'Leeds',
            postcode: 'LS1 7BT',
          },
          is_online: false,
          registration_details: { registration_url: ' https://www.eventbrite.co.uk/e/123 ' },
          event_type: 'workshop',
          event_status: 'upcoming',
        },
        { excerpt: 'A short summary.' },
      ),
    );
    expect(view.start?.toISOString()).toBe('2027-02-11T18:00:00.000Z');
    expect(view.end?.toISOString()).toBe('2027-02-11T20:30:00.000Z');
    expect(view.hasTime).toBe(true);
    expect(view.location).toBe('Weavers Rooms, 7 Call Lane, Leeds, LS1 7BT');
    expect(view.address).toEqual({
      name: 'Weavers Rooms',
      street: '7 Call Lane',
      city: 'Leeds',
      postcode: 'LS1 7BT',
    });
    expect(view.online).toBe(false);
    expect(view.attendance).toBe('offline');
    expect(view.registration).toEqual({ url: 'https://www.eventbrite.co.uk/e/123', label: 'Get Tickets' });
    expect(view.summary).toBe('A short summary.');
    expect(view.eventType).toBe('workshop');
    expect(view.status).toBe('scheduled');
  });

  it('gives Date TBA / Location TBA values and no link for an empty ACF record ([] from WordPress)', () => {
    const view = eventView(cmsEvent({}));
    expect(view.start).toBeNull();
    expect(view.end).toBeNull();
    expect(view.location).toBeNull();
    expect(view.registration).toBeNull();
    expect(view.speakers).toBeNull();
    expect(view.organizers).toBeNull();
    expect(view.video).toBeNull();
    expect(eventPhase(view, new Date())).toBe('unscheduled');
  });

  it('copes with null fields everywhere (ACF fields without values)', () => {
    const nulls = Object.fromEntries(
      [
        'event_date',
        'event_time',
        'event_end_time',
        'event_end_date',
        'location_details',
        'location',
        'post_code',
        'venue',
        'is_online',
        'registration_details',
        'event_type',
        'event_status',
        'speakers',
        'organizers',
        'agenda',
        'resources',
        'follow_up',
      ].map((k) => [k, null]),
    );
    const view = eventView(cmsEvent(nulls));
    expect(view).toMatchObject({
      start: null,
      location: null,
      online: false,
      registration: null,
      eventType: null,
    });
  });

  it('registration URL only when non-empty after trimming (docs/SPEC-NOTES.md §5), labelled by host (docs/SPEC-NOTES.md §9)', () => {
    expect(
      eventView(cmsEvent({ registration_details: { registration_url: '   ' } })).registration,
    ).toBeNull();
    expect(eventView(cmsEvent({ registration_details: { registration_url: '' } })).registration).toBeNull();
    expect(
      eventView(cmsEvent({ registration_details: { url: 'https://us02web.zoom.us/j/1' } })).registration,
    ).toEqual({ url: 'https://us02web.zoom.us/j/1', label: 'Join Zoom Meeting' });
  });

  it('online from the location text, the flag, or an organizer array (docs/SPEC-NOTES.md §3, §4); mixed with a venue', () => {
    expect(eventView(cmsEvent({ location: 'Online via Zoom' })).attendance).toBe('online');
    expect(eventView(cmsEvent({ location: 'A virtual gathering' })).online).toBe(true);
    expect(
      eventView(cmsEvent({ organizers: [{ ID: 4, post_title: 'Team', post_type: 'organizer' }] })).online,
    ).toBe(true);
    expect(
      eventView(cmsEvent({ is_online: true, location_details: { venue_name: 'Hall', city: 'Leeds' } }))
        .attendance,
    ).toBe('mixed');
    // A known physical place wins over the organizer-array rule.
    expect(
      eventView(
        cmsEvent({ location: 'Millennium Square, Leeds', organizers: [{ name: 'LRJN' }], is_online: null }),
      ).attendance,
    ).toBe('offline');
  });

  it('falls back to the top-level start_date/end_date of events plugins', () => {
    const view = eventView(
      cmsEvent({}, { startDate: '2027-07-03 18:30:00', endDate: '2027-07-03 20:00:00' }),
    );
    expect(view.start?.toISOString()).toBe('2027-07-03T17:30:00.000Z');
    expect(view.end?.toISOString()).toBe('2027-07-03T19:00:00.000Z');
  });

  it('cuts the About text at a word to 200 characters, from the excerpt or else the body', () => {
    const long = 'word '.repeat(100).trim();
    const view = eventView(cmsEvent({}, { excerpt: long }));
    expect(view.summary.length).toBeLessThanOrEqual(201);
    expect(view.summary.endsWith('…')).toBe(true);
    expect(eventView(cmsEvent({}, { html: '<p>Body <strong>text</strong></p><p>More.</p>' })).summary).toBe(
      'Body text More.',
    );
  });

  it('keeps all-day events current until midnight after their last day', () => {
    const view = eventView(cmsEvent({ event_date: '20270304', event_end_date: '20270305' }));
    expect(view.hasTime).toBe(false);
    expect(view.endsAt?.toISOString()).toBe('2027-03-06T00:00:00.000Z');
    expect(eventPhase(view, new Date('2027-03-05T23:00:00Z'))).toBe('ongoing');
    expect(eventPhase(view, new Date('2027-03-06T00:00:00Z'))).toBe('past');
  });
});

describe('eventPeople', () => {
  it('names objects with post_title or name, and only counts a plain list', () => {
    expect(
      eventPeople([
        { ID: 1, post_title: 'Grace Mensah', post_type: 'speaker' },
        { name: 'Marcus Bell', role: 'Facilitator' },
      ]),
    ).toEqual({
      named: [
        { name: 'Grace Mensah', role: null },
        { name: 'Marcus Bell', role: 'Facilitator' },
      ],
      count: 2,
    });
    expect(eventPeople([12, 15, 19])).toEqual({ named: [], count: 3 });
    expect(eventPeople(['7', '8'])).toEqual({ named: [], count: 2 });
    expect(eventPeople([])).toBeNull();
    expect(eventPeople(null)).toBeNull();
    expect(eventPeople(false)).toBeNull();
    expect(eventPeople('Jo Bloggs')).toEqual({ named: [{ name: 'Jo Bloggs', role: null }], count: 1 });
  });
});

describe('eventVideo', () => {
  it('takes YouTube ids of 11 characters with the hqdefault thumbnail', () => {
    expect(eventVideo('https://www.youtube.com/watch?v=dQw4w9WgXcQ')).toEqual({
      kind: 'youtube',
      id: 'dQw4w9WgXcQ',
      embedUrl: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
      thumbnailUrl: 'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg',
    });
    expect(eventVideo('https://youtu.be/dQw4w9WgXcQ')?.kind).toBe('youtube');
    expect(eventVideo('https://www.youtube.com/watch?v=tooShort')).toBeNull();
  });

  it('takes mp4, webm, ogg and mov files, nothing else', () => {
    expect(eventVideo('https://cms.example.org/wp-content/uploads/talk.mp4')).toEqual({
      kind: 'file',
      url: 'https://cms.example.org/wp-content/uploads/talk.mp4',
      mimeType: 'video/mp4',
    });
    expect(eventVideo('/content-media/clip.WEBM')?.kind).toBe('file');
    expect(eventVideo('/content-media/clip.ogg?v=2')).toMatchObject({ mimeType: 'video/ogg' });
    expect(eventVideo('/content-media/clip.mov')).toMatchObject({ mimeType: 'video/quicktime' });
    expect(eventVideo('/content-media/clip.avi')).toBeNull();
    expect(eventVideo('javascript:alert(1)//.mp4')).toBeNull();
    expect(eventVideo(null)).toBeNull();
  });
});

describe('scheduleStatus', () => {
  it('maps event_status to schema.org statuses', () => {
    expect(scheduleStatus('upcoming')).toBe('scheduled');
    expect(scheduleStatus('completed')).toBe('scheduled');
    expect(scheduleStatus('Cancelled')).toBe('cancelled');
    expect(scheduleStatus('canceled')).toBe('cancelled');
    expect(scheduleStatus('postponed')).toBe('postponed');
    expect(scheduleStatus('moved_online')).toBe('movedOnline');
    expect(scheduleStatus(undefined)).toBe('scheduled');
  });
});

describe('orderEvents', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  const past1 = cmsEvent({ event_date: '20251206', event_time: '10:30' });
  const past2 = cmsEvent({ event_date: '20260318', event_time: '12:30' });
  const soon = cmsEvent({ event_date: '2026-12-10', event_time: '18:30' });
  const later = cmsEvent({ event_date: '20270211', event_time: '18:00' });
  const ongoing = cmsEvent({ event_date: '20261122', event_time: '11:00', event_end_time: '13:00' });
  const tba = cmsEvent({ event_date: 'soon' });
  const tbaDone = cmsEvent({ event_date: '', event_status: 'completed' });

  it('puts upcoming events first, soonest first (ongoing, dated, then undated), then past, most recent first', () => {
    const { upcoming, past } = orderEvents([past1, later, tbaDone, soon, past2, tba, ongoing], now);
    expect(upcoming.map((i) => [i.view.id, i.phase])).toEqual([
      [ongoing.id, 'ongoing'],
      [soon.id, 'upcoming'],
      [later.id, 'upcoming'],
      [tba.id, 'unscheduled'],
    ]);
    expect(past.map((i) => i.view.id)).toEqual([past2.id, past1.id, tbaDone.id]);
  });

  it('moves an event to the past once it has ended, whatever the time', () => {
    const after = new Date('2026-12-10T21:00:00Z');
    const ids = orderedEvents([soon, later], after).map((v) => v.id);
    expect(ids).toEqual([later.id, soon.id]);
  });

  it('shows at most the page size, keeping upcoming events before past ones', () => {
    const many = Array.from({ length: 60 }, (_, i) =>
      cmsEvent({ event_date: `2025${String((i % 12) + 1).padStart(2, '0')}10` }),
    );
    const { upcoming, past } = orderEvents([soon, ...many], now, 50);
    expect(upcoming).toHaveLength(1);
    expect(past).toHaveLength(49);
  });

  it('orders the bundled snapshot: every upcoming event before every past one', () => {
    const ctx = {};
    const events = (snapshot as unknown[])
      .map((raw) => reshapeEvent(raw, ctx))
      .filter((e): e is CmsEvent => !!e);
    expect(events.length).toBeGreaterThan(0);
    const { upcoming, past } = orderEvents(events, now);
    expect(upcoming.length + past.length).toBe(events.length);
    const starts = upcoming.map((i) => i.view.start?.getTime() ?? Infinity);
    expect([...starts].sort((a, b) => a - b)).toEqual(starts);
    const pastStarts = past.map((i) => i.view.start?.getTime() ?? -Infinity);
    expect([...pastStarts].sort((a, b) => b - a)).toEqual(pastStarts);
    // Ongoing events may have started before past ones, but every upcoming one ends after now, every past one before.
    for (const u of upcoming)
      if (u.view.endsAt) expect(u.view.endsAt.getTime()).toBeGreaterThan(now.getTime());
    for (const p of past)
      if (p.view.endsAt) expect(p.view.endsAt.getTime()).toBeLessThanOrEqual(now.getTime());
    const winter = [...upcoming, ...past].find((i) => i.view.slug === 'winter-solidarity-social-2026');
    expect(winter?.phase).toBe('upcoming');
    expect(winter?.view.start?.toISOString()).toBe('2026-12-10T18:30:00.000Z');
    expect(past.some((i) => i.view.slug === 'annual-gathering-2025')).toBe(true);
  });
});

describe('calendarEvent, fallbackEventView and eventErrorDetails', () => {
  it('gives calendar link data only for dated events', () => {
    const view = eventView(cmsEvent({ event_date: '2026-12-10', event_time: '18:30', location: 'Hall' }));
    const before = new Date('2026-12-01T00:00:00Z');
    expect(calendarEvent(view, 'https://example.org/event/x', before)).toMatchObject({
      title: view.title,
      location: 'Hall',
      start: new Date('2026-12-10T18:30:00Z'),
      end: new Date('2026-12-10T19:30:00Z'),
      url: 'https://example.org/event/x',
    });
    expect(calendarEvent(eventView(cmsEvent({})), 'https://example.org/event/y', before)).toBeNull();
  });

  it("makes a generic 'Community Event' without date, place or actions", () => {
    const view = fallbackEventView('x', 'Community Event', 'Details could not be loaded.');
    expect(view).toMatchObject({
      slug: 'x',
      title: 'Community Event',
      start: null,
      location: null,
      registration: null,
      video: null,
    });
    expect(calendarEvent(view, 'https://example.org/event/x', new Date())).toBeNull();
  });

  it('shows the CMS layer’s messages but never other errors’ internals', () => {
    const cms = Object.assign(new Error('Failed to fetch event by slug: 502 Bad Gateway'), {
      name: 'CmsError',
    });
    expect(eventErrorDetails(cms)).toBe('Failed to fetch event by slug: 502 Bad Gateway');
    expect(eventErrorDetails(new TypeError("ENOENT: no such file '/srv/app/content'"))).toBe(
      'Unexpected error (TypeError)',
    );
    expect(eventErrorDetails('boom')).toBe('Unexpected error');
  });
});

describe('reshapeEvent: what lib/cms prepares for the events pages', () => {
  const ctx = { wordpressHost: 'cms.example.org', imageHost: 'images.example.org' };

  it('sanitises agenda, resources and follow-up, and drops ones that are empty after sanitising', () => {
    const event = reshapeEvent(
      {
        id: 1,
        slug: 'x',
        title: { rendered: 'X' },
        acf: {
          agenda: '<ul><li onclick="evil()">Doors open</li></ul><script>alert(1)</script>',
          resources: '<p> </p>',
          follow_up: 42,
        },
      },
      ctx,
    )!;
    expect(event.agenda).toBe('<ul><li>Doors open</li></ul>');
    expect(event.resources).toBe('');
    expect(event.followUp).toBe('');
  });

  it('takes acf.image or a top-level image.url (host-rewritten), a video URL, description and plugin dates', () => {
    const event = reshapeEvent(
      {
        id: 2,
        slug: 'y',
        title: { rendered: 'Y' },
        content: { rendered: '' },
        description: '<p>From the plugin</p><img src=x onerror=alert(1)>',
        start_date: '2027-07-03 18:30:00',
        end_date: '2027-07-03 20:00:00',
        image: { url: 'https://cms.example.org/wp-content/uploads/top.jpg?w=300' },
        acf: { video_url: 'https://cms.example.org/wp-content/uploads/talk.mp4' },
      },
      ctx,
    )!;
    expect(event.image?.url).toBe('https://images.example.org/wp-content/uploads/top.jpg');
    expect(event.videoUrl).toBe('https://images.example.org/wp-content/uploads/talk.mp4');
    expect(event.html).toContain('From the plugin');
    expect(event.html).not.toContain('onerror');
    expect(event.startDate).toBe('2027-07-03 18:30:00');
    expect(event.endDate).toBe('2027-07-03 20:00:00');
    const withAcfImage = reshapeEvent(
      { id: 3, slug: 'z', title: { rendered: 'Z' }, acf: { image: { url: '/content-media/a.jpg', ID: 9 } } },
      ctx,
    )!;
    expect(withAcfImage.image?.url).toBe('/content-media/a.jpg');
    expect(reshapeEvent({ id: 4, slug: 'w', acf: [] }, ctx)).toMatchObject({
      fields: {},
      agenda: '',
      videoUrl: null,
      image: null,
    });
  });
});
