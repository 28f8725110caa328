import { describe, expect, it } from 'vitest';

import { buildIcsCalendar, foldIcsLine, type IcsEvent } from '@/lib/events/ics';
import { eventTimes } from '@/lib/events/parse';

const NOW = new Date('2026-11-22T12:00:00Z');

function timed(fields: Record<string, unknown>): { start: Date; end: Date; hasTime: boolean } {
  const t = eventTimes(fields);
  return { start: t.start!, end: t.end!, hasTime: t.hasTime };
}

const winter: IcsEvent = {
  uid: 'event-3@example.org',
  title: 'Winter Solidarity Social',
  description: 'Food, music and good company; everyone is welcome, children too.',
  location: 'Hope Street Hall, 12 Chapeltown Road, Leeds, LS7 3AP',
  url: 'https://example.org/event/winter-solidarity-social-2026',
  ...timed({ event_date: '2026-12-10', event_time: '18:30', event_end_time: '21:30' }),
};

const summer: IcsEvent = {
  uid: 'event-9@example.org',
  title: 'Summer picnic',
  description: '',
  location: null,
  url: 'https://example.org/event/summer-picnic',
  ...timed({ event_date: '20270703', event_time: '6:30 pm' }),
};

const unfold = (ics: string) => ics.replace(/\r\n /g, '');

describe('buildIcsCalendar', () => {
  const ics = buildIcsCalendar([winter, summer], {
    productId: '-//Example//Events//EN',
    name: 'Example – Events',
    now: NOW,
  });
  const lines = unfold(ics).split('\r\n');

  it('is a VCALENDAR with CRLF line endings and the calendar name', () => {
    expect(ics.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(lines).toContain('X-WR-CALNAME:Example – Events');
    expect(lines).toContain('METHOD:PUBLISH');
    expect(lines.filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(2);
  });

  it('carries a Europe/London VTIMEZONE with BST and GMT rules, before the events', () => {
    const tz = lines.indexOf('BEGIN:VTIMEZONE');
    expect(tz).toBeGreaterThan(0);
    expect(tz).toBeLessThan(lines.indexOf('BEGIN:VEVENT'));
    expect(lines).toContain('TZID:Europe/London');
    expect(lines).toContain('TZNAME:BST');
    expect(lines).toContain('RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU');
    expect(lines).toContain('TZNAME:GMT');
    expect(lines).toContain('RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU');
  });

  it('writes UK local times with TZID: a GMT (winter) and a BST (summer) event', () => {
    // 18:30 in December is 18:30Z; 18:30 in July is 17:30Z, but the local time written is 18:30 in both.
    expect(winter.start.toISOString()).toBe('2026-12-10T18:30:00.000Z');
    expect(summer.start.toISOString()).toBe('2027-07-03T17:30:00.000Z');
    expect(lines).toContain('DTSTART;TZID=Europe/London:20261210T183000');
    expect(lines).toContain('DTEND;TZID=Europe/London:20261210T213000');
    expect(lines).toContain('DTSTART;TZID=Europe/London:20270703T183000');
    // The default end is the start plus one hour (docs/SPEC-NOTES.md §9).
    expect(lines).toContain('DTEND;TZID=Europe/London:20270703T193000');
    // Only the VTIMEZONE's own rules have untagged local times.
    const events = lines.slice(lines.indexOf('BEGIN:VEVENT'));
    expect(events.some((l) => /^DT(START|END):\d{8}T\d{6}Z?$/.test(l))).toBe(false);
  });

  it('has the spec fields: title, description with the page, location, url, status confirmed', () => {
    expect(lines).toContain('SUMMARY:Winter Solidarity Social');
    expect(lines).toContain(
      'DESCRIPTION:Food\\, music and good company\\; everyone is welcome\\, children too.\\n\\nhttps://example.org/event/winter-solidarity-social-2026',
    );
    expect(lines).toContain('LOCATION:Hope Street Hall\\, 12 Chapeltown Road\\, Leeds\\, LS7 3AP');
    expect(lines).toContain('URL:https://example.org/event/winter-solidarity-social-2026');
    expect(lines.filter((l) => l === 'STATUS:CONFIRMED')).toHaveLength(2);
    expect(lines).toContain('UID:event-3@example.org');
    expect(lines).toContain('DTSTAMP:20261122T120000Z');
  });

  it('folds every line at 75 octets, counting UTF-8 bytes', () => {
    const long = buildIcsCalendar([{ ...winter, description: 'Solidarité – ünïcödé '.repeat(20) }], {
      productId: 'x',
      now: NOW,
    });
    const raw = long.split('\r\n');
    expect(raw.some((l) => l.startsWith(' '))).toBe(true);
    for (const line of raw) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(unfold(long)).toContain(`DESCRIPTION:${'Solidarité – ünïcödé '.repeat(20).trim()}`);
  });

  it('writes all-day events as VALUE=DATE, ending the day after the last day', () => {
    const oneDay = { ...winter, uid: 'a', ...timed({ event_date: '20270304' }) };
    const twoDays = { ...winter, uid: 'b', ...timed({ event_date: '20270304', event_end_date: '20270305' }) };
    const out = unfold(buildIcsCalendar([oneDay, twoDays], { productId: 'x', now: NOW })).split('\r\n');
    expect(out.filter((l) => l === 'DTSTART;VALUE=DATE:20270304')).toHaveLength(2);
    expect(out).toContain('DTEND;VALUE=DATE:20270305');
    expect(out).toContain('DTEND;VALUE=DATE:20270306');
  });

  it('marks cancelled events and gives an empty calendar for no events', () => {
    const out = buildIcsCalendar([{ ...winter, cancelled: true }], { productId: 'x', now: NOW });
    expect(out).toContain('STATUS:CANCELLED');
    const empty = buildIcsCalendar([], { productId: 'x', name: 'Events', now: NOW });
    expect(empty).toContain('BEGIN:VTIMEZONE');
    expect(empty).not.toContain('BEGIN:VEVENT');
    expect(empty.endsWith('END:VTIMEZONE\r\nEND:VCALENDAR\r\n')).toBe(true);
  });
});

describe('foldIcsLine', () => {
  it('leaves short lines alone and never splits a multi-byte character', () => {
    expect(foldIcsLine('SUMMARY:Short')).toBe('SUMMARY:Short');
    const folded = foldIcsLine(`SUMMARY:${'€'.repeat(40)}`);
    for (const part of folded.split('\r\n')) {
      expect(new TextEncoder().encode(part).length).toBeLessThanOrEqual(75);
      expect(part).not.toContain('\uFFFD');
    }
    expect(folded.replace(/\r\n /g, '')).toBe(`SUMMARY:${'€'.repeat(40)}`);
  });
});
