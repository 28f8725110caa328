import { describe, expect, it } from 'vitest';

import snapshot from '@/content/snapshot/events.json';
import type { CmsEvent } from '@/lib/cms';
import { reshapeEvent } from '@/lib/cms/reshape';
import { googleCalendarUrl, outlookCalendarUrl, yahooCalendarUrl } from '@/lib/events/calendar';
import { buildIcsCalendar, icsEventFromView, type IcsEvent } from '@/lib/events/ics';
import { livePhase, nextPhaseChange } from '@/lib/events/live-phase';
import { calendarEvent, eventPhase, eventView, orderEvents, sessionWindows } from '@/lib/events/model';
import { sessions } from '@/lib/events/recurrence';
import { eventWhenText, type EventTimesTranslator } from '@/lib/events/when';
import en from '@/messages/en.json';
import es from '@/messages/es.json';

const ctx = { internalOrigins: [] } as never;
const events = (snapshot as unknown[]).map((raw) => reshapeEvent(raw, ctx)).filter((e) => e !== null);
const bySlug = (slug: string) => events.find((e) => e.slug === slug)!;
const DROP_IN = 'pastoral-support-drop-in-2025-2028';
const COHORT = 'unlearning-racism-online-cohort-january-2027';

const translator =
  (messages: typeof en): EventTimesTranslator =>
  (key, values) =>
    Object.entries(values ?? {}).reduce(
      (text, [k, v]) => text.replace(`{${k}}`, v),
      (messages.EventTimes as Record<string, string>)[key]!,
    );
const plain = (s: string | null) => s?.replace(/[\u202f\u00a0]/g, ' ') ?? null;

function withFields(
  base: CmsEvent,
  fields: Record<string, unknown>,
  extra: Partial<CmsEvent> = {},
): CmsEvent {
  return { ...base, fields: { ...base.fields, ...fields }, ...extra };
}

describe('a weekly series (issue 19 item 6): the pastoral drop-in', () => {
  const view = eventView(bySlug(DROP_IN));

  it('is one 10:00–13:00 session plus a weekly rule, not a block from 2025 to 2028', () => {
    expect(view.recurrence).toMatchObject({ freq: 'weekly', interval: 1, weekday: 3 });
    expect(view.start?.toISOString()).toBe('2025-09-03T09:00:00.000Z'); // 10:00 BST
    expect(view.end?.toISOString()).toBe('2025-09-03T12:00:00.000Z'); // 13:00 BST, same day
    expect(view.endsAt?.toISOString()).toBe('2028-07-26T12:00:00.000Z'); // the last session's end
  });

  it("reads 'Every Wednesday @ 10:00 AM to 1:00 PM' (and translated)", () => {
    expect(plain(eventWhenText(view, 'en', en.Events.to, translator(en)))).toBe(
      'Every Wednesday @ 10:00 AM to 1:00 PM',
    );
    expect(eventWhenText(view, 'es', es.Events.to, translator(es))).toBe(
      'Todos los miércoles @ 10:00 a 13:00',
    );
  });

  it("is 'Happening now' only during a session, in UK time (GMT and BST)", () => {
    // Wednesday 25 November 2026 (GMT): the review saw 'Happening now' at 09:07.
    expect(eventPhase(view, new Date('2026-11-25T09:07:00Z'))).toBe('upcoming');
    expect(eventPhase(view, new Date('2026-11-25T10:30:00Z'))).toBe('ongoing');
    expect(eventPhase(view, new Date('2026-11-25T13:00:00Z'))).toBe('upcoming');
    expect(eventPhase(view, new Date('2026-11-26T11:00:00Z'))).toBe('upcoming'); // a Thursday
    // Wednesday 2 June 2027 (BST): 09:30Z is 10:30 in Leeds, 12:30Z is 13:30.
    expect(eventPhase(view, new Date('2027-06-02T09:30:00Z'))).toBe('ongoing');
    expect(eventPhase(view, new Date('2027-06-02T12:30:00Z'))).toBe('upcoming');
    expect(eventPhase(view, new Date('2028-07-26T12:00:00Z'))).toBe('past');
  });

  it('keeps sessions at 10:00 UK time across the clock changes', () => {
    const all = sessions({ start: view.start!, end: view.end! }, view.recurrence!);
    expect(all).toHaveLength(152);
    expect(all.find((s) => s.start.toISOString().startsWith('2026-01-07'))?.start.toISOString()).toBe(
      '2026-01-07T10:00:00.000Z',
    );
    expect(all.at(-1)?.start.toISOString()).toBe('2028-07-26T09:00:00.000Z');
  });

  it('carries an RRULE in its ICS file and in the feed, with its first session as DTSTART/DTEND', () => {
    const entry = icsEventFromView(view, 'https://example.org')!;
    const ics = buildIcsCalendar([entry], { productId: '-//t//EN', now: new Date('2026-11-25T00:00:00Z') });
    const lines = ics.split('\r\n');
    expect(lines).toContain('DTSTART;TZID=Europe/London:20250903T100000');
    expect(lines).toContain('DTEND;TZID=Europe/London:20250903T130000');
    expect(lines).toContain('RRULE:FREQ=WEEKLY;INTERVAL=1;BYDAY=WE;UNTIL=20280726T090000Z');
    expect(ics).not.toContain('20280726T130000'); // never one block ending in 2028

    // The feed (app/events.ics) lists every upcoming event the same way.
    const { upcoming } = orderEvents(events, new Date('2026-11-25T14:00:00Z'), Number.POSITIVE_INFINITY);
    const feed = buildIcsCalendar(
      upcoming
        .map((i) => icsEventFromView(i.view, 'https://example.org'))
        .filter((e): e is IcsEvent => e !== null),
      { productId: '-//t//EN', now: new Date('2026-11-25T00:00:00Z') },
    );
    expect(feed).toContain('RRULE:FREQ=WEEKLY;INTERVAL=1;BYDAY=WE;UNTIL=20280726T090000Z');
    expect(feed).toContain('RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=FR;UNTIL=20270226T183000Z');
    expect(feed.match(/RRULE:FREQ=WEEKLY;INTERVAL/g)).toHaveLength(2);
  });

  it('adds the series to Google (recur=RRULE) and Yahoo (rpat/rend) from the next session; Outlook the next session', () => {
    const cal = calendarEvent(view, 'https://example.org/event/x', new Date('2026-11-25T14:00:00Z'))!;
    const google = new URL(googleCalendarUrl(cal));
    expect(google.searchParams.get('recur')).toBe(
      'RRULE:FREQ=WEEKLY;INTERVAL=1;BYDAY=WE;UNTIL=20280726T090000Z',
    );
    expect(google.searchParams.get('dates')).toBe('20261202T100000/20261202T130000');
    expect(google.searchParams.get('ctz')).toBe('Europe/London');
    const yahoo = new URL(yahooCalendarUrl(cal));
    expect(yahoo.searchParams.get('rpat')).toBe('01Wk');
    expect(yahoo.searchParams.get('rend')).toBe(String(Date.parse('2028-07-26T12:00:00Z') / 1000));
    expect(yahoo.searchParams.get('et')).toBe('20261202T130000Z');
    // Outlook's link cannot repeat: it opens Outlook with the next session (the page says so and offers the ICS).
    const outlook = new URL(outlookCalendarUrl(cal));
    expect(outlook.hostname).toBe('outlook.live.com');
    expect(outlook.searchParams.get('startdt')).toBe('2026-12-02T10:00:00.000Z');
    expect(outlook.searchParams.get('enddt')).toBe('2026-12-02T13:00:00.000Z');
    expect(outlook.searchParams.get('subject')).toBe(cal.title);
  });

  it('sorts by its next session among upcoming events', () => {
    const { upcoming } = orderEvents(events, new Date('2026-11-25T14:00:00Z'));
    expect(upcoming[0]?.view.slug).toBe(DROP_IN); // next session 2 December, before the 10 December social
  });
});

describe('how a series is recognised', () => {
  const base = bySlug(DROP_IN);

  it('reads event_recurrence (words or an RRULE) before the wording', () => {
    const plainTitle = { title: 'Drop-in', excerpt: '', html: '' };
    expect(
      eventView(withFields(base, { event_recurrence: 'fortnightly' }, plainTitle)).recurrence,
    ).toMatchObject({
      interval: 2,
    });
    expect(
      eventView(withFields(base, { event_recurrence: 'RRULE:FREQ=WEEKLY;INTERVAL=3;BYDAY=WE' }, plainTitle))
        .recurrence,
    ).toMatchObject({ freq: 'weekly', interval: 3 });
    // A rule on another weekday than the first session is not what the dates say: no series.
    expect(
      eventView(withFields(base, { event_recurrence: 'FREQ=WEEKLY;BYDAY=MO' }, plainTitle)).recurrence,
    ).toBeNull();
  });

  it('finds the fortnightly cohort from "alternate Fridays": four live sessions', () => {
    const view = eventView(bySlug(COHORT));
    expect(view.recurrence).toMatchObject({ freq: 'weekly', interval: 2, weekday: 5 });
    const all = sessions({ start: view.start!, end: view.end! }, view.recurrence!);
    expect(all.map((s) => s.start.toISOString().slice(0, 10))).toEqual([
      '2027-01-15',
      '2027-01-29',
      '2027-02-12',
      '2027-02-26',
    ]);
  });

  it('leaves a span of days without a pattern (or naming another weekday) as one continuous event', () => {
    // The drop-in's own recurrence field is cleared: only the words may make a series here.
    const noWords = eventView(
      withFields(
        base,
        { event_recurrence: null },
        { title: 'Festival', excerpt: '', html: '<p>Three days.</p>' },
      ),
    );
    expect(noWords.recurrence).toBeNull();
    expect(noWords.end?.toISOString()).toBe('2028-07-26T12:00:00.000Z');
    const otherDay = eventView(
      withFields(
        base,
        { event_recurrence: null },
        { title: 'Festival', excerpt: 'Every Monday too.', html: '' },
      ),
    );
    expect(otherDay.recurrence).toBeNull();
  });
});

describe('one-off events', () => {
  it('offer no calendar once over, and are happening now only between start and end (BST)', () => {
    const view = eventView(bySlug('heat-at-home-launch-discussion'));
    expect(calendarEvent(view, 'https://example.org/e', new Date('2026-11-25T12:00:00Z'))).toBeNull();
    const social = eventView(bySlug('winter-solidarity-social-2026'));
    expect(calendarEvent(social, 'https://example.org/e', new Date('2026-11-25T12:00:00Z'))).not.toBeNull();
    expect(
      outlookCalendarUrl(calendarEvent(social, 'https://example.org/e', new Date('2026-11-25T12:00:00Z'))!),
    ).toMatch(/^https:\/\/outlook\.live\.com\//);
    // 10 December 2026, 18:30–21:30 GMT.
    expect(eventPhase(social, new Date('2026-12-10T18:29:00Z'))).toBe('upcoming');
    expect(eventPhase(social, new Date('2026-12-10T18:30:00Z'))).toBe('ongoing');
    expect(eventPhase(social, new Date('2026-12-10T21:30:00Z'))).toBe('past');
  });
});

describe("the browser's 'Happening now' badge (components/events/phase-badge.tsx)", () => {
  const view = eventView(bySlug(DROP_IN));

  it('decides from the session windows with the injected clock, not the time the page was cached', () => {
    const renderedAt = new Date('2026-11-25T14:00:00Z');
    const windows = sessionWindows(view, renderedAt);
    const end = view.endsAt!.getTime();
    expect(livePhase(windows, end, Date.parse('2026-12-02T09:59:00Z'))).toBe('upcoming');
    expect(livePhase(windows, end, Date.parse('2026-12-02T10:00:00Z'))).toBe('ongoing');
    expect(livePhase(windows, end, Date.parse('2026-12-02T13:00:00Z'))).toBe('upcoming');
    // Beyond the listed windows the series is still upcoming until its last session ends.
    expect(livePhase(windows, end, Date.parse('2027-09-01T08:00:00Z'))).toBe('upcoming');
    expect(livePhase(windows, end, end)).toBe('past');
    expect(nextPhaseChange(windows, end, Date.parse('2026-12-02T09:00:00Z'))).toBe(
      Date.parse('2026-12-02T10:00:00Z'),
    );
  });
});
