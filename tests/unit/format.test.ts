import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import {
  formatCalendarDate,
  formatDate,
  formatDateTime,
  formatEventWhen,
  formatMoney,
  formatNumber,
  formatPercent,
  formatTime,
  londonDay,
} from '@/lib/utils/format';

/** Intl may put a narrow no-break space before AM/PM; the site's strings read the same either way. */
const plain = (s: string | null) => s?.replace(/[\u202f\u00a0]/g, ' ') ?? null;

describe('lib/utils/format.ts: the one formatter (issue 19 item 5)', () => {
  it("writes English dates 'Month day, year' and times 12-hour, in UK time whatever the server's zone", () => {
    // 23:30 UTC on 31 March 2026 is 00:30 on 1 April in London (BST).
    const instant = new Date('2026-03-31T23:30:00Z');
    expect(formatDate(instant, 'en')).toBe('April 1, 2026');
    expect(plain(formatTime(instant, 'en'))).toBe('12:30 AM');
    expect(plain(formatDateTime(instant, 'en'))).toBe('April 1, 2026 @ 12:30 AM');
    // WordPress GMT strings without an offset are UTC.
    expect(formatDate('2025-03-14T10:00:00', 'en')).toBe('March 14, 2025');
    expect(formatDate('nonsense', 'en')).toBe('');
  });

  it('uses each locale’s own long date and the 24-hour clock elsewhere', () => {
    const instant = new Date('2026-07-01T17:30:00Z');
    expect(formatDate(instant, 'es')).toBe('1 de julio de 2026');
    expect(formatDate(instant, 'fr')).toBe('1 juillet 2026');
    expect(formatDate(instant, 'pt')).toBe('1 de julho de 2026');
    expect(formatTime(instant, 'fr')).toBe('18:30');
  });

  it('formats calendar days without letting a time zone move them', () => {
    expect(formatCalendarDate('2027-03-31', 'en')).toBe('March 31, 2027');
    expect(formatCalendarDate('2027-02-30', 'en')).toBe('');
    expect(londonDay(new Date('2026-06-30T23:30:00Z'))).toBe('2026-07-01');
  });

  it('formats numbers, money and percentages per locale (Intl.NumberFormat)', () => {
    expect(formatNumber(10000, 'en')).toBe('10,000');
    expect(formatNumber(10000, 'es')).toBe('10.000');
    expect(plain(formatNumber(10000, 'fr'))).toBe('10 000');
    expect(formatMoney(25, 'en')).toBe('£25');
    expect(formatMoney(12.5, 'en')).toBe('£12.50');
    expect(plain(formatMoney(12.5, 'pt'))).toBe('£ 12,50');
    expect(formatPercent(0.4, 'en')).toBe('40%');
    expect(plain(formatPercent(0.4, 'fr'))).toBe('40 %');
  });

  it("reads an event 'date @ time to time', several days 'start @ time to end @ time', a series by its pattern", () => {
    const to = { to: 'to', repeat: () => 'Every Wednesday' };
    const one = {
      start: new Date('2027-01-15T18:30:00Z'),
      end: new Date('2027-01-15T20:00:00Z'),
      hasTime: true,
    };
    expect(plain(formatEventWhen(one, 'en', to))).toBe('January 15, 2027 @ 6:30 PM to 8:00 PM');
    const series = {
      start: new Date('2025-09-03T09:00:00Z'),
      end: new Date('2025-09-03T12:00:00Z'),
      hasTime: true,
      repeat: { freq: 'weekly' as const, interval: 1, weekday: 3 },
    };
    expect(plain(formatEventWhen(series, 'en', to))).toBe('Every Wednesday @ 10:00 AM to 1:00 PM');
    expect(formatEventWhen({ start: null, end: null, hasTime: false }, 'en', to)).toBeNull();
  });

  it('is the only place that formats dates or numbers for people (no other Intl or toLocale* code paths)', () => {
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const file = path.join(dir, name);
        if (statSync(file).isDirectory()) walk(file);
        else if (/\.(ts|tsx)$/.test(name) && file !== path.join('lib', 'utils', 'format.ts')) {
          const text = readFileSync(file, 'utf8');
          if (/Intl\.(DateTimeFormat|NumberFormat)|toLocale(Date|Time)?String|from 'date-fns/.test(text)) {
            offenders.push(file);
          }
        }
      }
    };
    for (const dir of ['app', 'components', 'lib']) walk(dir);
    expect(offenders).toEqual([]);
  });
});
