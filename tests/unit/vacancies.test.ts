import { describe, expect, it } from 'vitest';

import {
  closingDateEnd,
  employmentTypes,
  formatClosingDate,
  isVacancyOpen,
  londonDate,
  parseSalary,
  partitionVacancies,
  workplace,
} from '@/lib/cms/vacancies';

describe('londonDate', () => {
  it('is the UK calendar date, not the UTC one', () => {
    // 23:30 UTC on 30 June is 00:30 on 1 July in British Summer Time.
    expect(londonDate(new Date('2026-06-30T23:30:00Z'))).toBe('2026-07-01');
    // In winter the UK is on UTC.
    expect(londonDate(new Date('2026-01-15T23:30:00Z'))).toBe('2026-01-15');
  });
});

describe('isVacancyOpen', () => {
  const vacancy = { closingDate: '2026-07-01' };

  it('is open up to the end of the closing day, UK time', () => {
    expect(isVacancyOpen(vacancy, new Date('2026-06-30T12:00:00Z'))).toBe(true);
    expect(isVacancyOpen(vacancy, new Date('2026-07-01T00:00:00+01:00'))).toBe(true);
    expect(isVacancyOpen(vacancy, new Date('2026-07-01T23:59:59+01:00'))).toBe(true);
  });

  it('is closed from midnight after the closing day, UK time', () => {
    expect(isVacancyOpen(vacancy, new Date('2026-07-02T00:00:00+01:00'))).toBe(false);
    // 23:30 UTC on 1 July is already 2 July in London.
    expect(isVacancyOpen(vacancy, new Date('2026-07-01T23:30:00Z'))).toBe(false);
    expect(isVacancyOpen(vacancy, new Date('2027-01-01T00:00:00Z'))).toBe(false);
  });

  it('is open without a closing date', () => {
    expect(isVacancyOpen({ closingDate: null }, new Date('2030-01-01T00:00:00Z'))).toBe(true);
  });
});

describe('partitionVacancies', () => {
  it('lists open ones by soonest closing (undated last) and closed ones by latest closing', () => {
    const now = new Date('2026-05-10T09:00:00Z');
    const items = [
      { slug: 'a', closingDate: '2026-04-01' },
      { slug: 'b', closingDate: null },
      { slug: 'c', closingDate: '2026-09-01' },
      { slug: 'd', closingDate: '2026-05-10' },
      { slug: 'e', closingDate: '2026-05-09' },
    ];
    const { open, closed } = partitionVacancies(items, now);
    expect(open.map((v) => v.slug)).toEqual(['d', 'c', 'b']);
    expect(closed.map((v) => v.slug)).toEqual(['e', 'a']);
    expect(items.map((v) => v.slug)).toEqual(['a', 'b', 'c', 'd', 'e']);
  });
});

describe('formatClosingDate', () => {
  it('formats the calendar date per locale, never shifting the day', () => {
    expect(formatClosingDate('2027-03-31', 'en')).toBe('March 31, 2027');
    expect(formatClosingDate('2027-03-31', 'es')).toBe('31 de marzo de 2027');
    expect(formatClosingDate('2027-03-31', 'fr')).toBe('31 mars 2027');
    expect(formatClosingDate('2027-03-31', 'pt')).toBe('31 de março de 2027');
    expect(formatClosingDate('2027-01-01', 'en')).toBe('January 1, 2027');
  });

  it('gives an empty string for an invalid date', () => {
    expect(formatClosingDate('2027-02-30', 'en')).toBe('');
    expect(formatClosingDate('soon', 'en')).toBe('');
  });
});

describe('closingDateEnd', () => {
  it('is the last second of the day with the UK offset of that day', () => {
    expect(closingDateEnd('2027-07-15')).toBe('2027-07-15T23:59:59+01:00');
    expect(closingDateEnd('2027-01-15')).toBe('2027-01-15T23:59:59+00:00');
  });

  it('uses the right offset on the days the clocks change', () => {
    // 2027: BST starts on Sunday 28 March and ends on Sunday 31 October.
    expect(closingDateEnd('2027-03-27')).toBe('2027-03-27T23:59:59+00:00');
    expect(closingDateEnd('2027-03-28')).toBe('2027-03-28T23:59:59+01:00');
    expect(closingDateEnd('2027-10-30')).toBe('2027-10-30T23:59:59+01:00');
    expect(closingDateEnd('2027-10-31')).toBe('2027-10-31T23:59:59+00:00');
  });

  it('is a real instant: one second before midnight, UK time', () => {
    const end = new Date(closingDateEnd('2027-07-15')!);
    expect(end.toISOString()).toBe('2027-07-15T22:59:59.000Z');
    expect(isVacancyOpen({ closingDate: '2027-07-15' }, end)).toBe(true);
    expect(isVacancyOpen({ closingDate: '2027-07-15' }, new Date(end.getTime() + 1000))).toBe(false);
  });

  it('is null for an invalid date', () => {
    expect(closingDateEnd('2027-13-01')).toBeNull();
  });
});

describe('employmentTypes', () => {
  it('maps the clear words of a contract type and hours', () => {
    expect(employmentTypes('Permanent, full-time', null)).toEqual(['FULL_TIME']);
    expect(employmentTypes('Fixed-term (12 months)', '22.5 hours per week, part time')).toEqual([
      'PART_TIME',
      'TEMPORARY',
    ]);
    expect(employmentTypes('Freelance', null)).toEqual(['CONTRACTOR']);
    expect(employmentTypes('Volunteer role', null)).toEqual(['VOLUNTEER']);
    expect(employmentTypes('Voluntary, three-year term', null)).toEqual(['VOLUNTEER']);
    expect(employmentTypes('Fixed term, twelve months (maternity cover)', null)).toEqual(['TEMPORARY']);
    expect(employmentTypes('Sessional', 'Zero hours')).toEqual(['PER_DIEM']);
  });

  it('says nothing when nothing is clear', () => {
    expect(employmentTypes('Permanent', '37.5 hours per week')).toEqual([]);
    expect(employmentTypes(null, null)).toEqual([]);
  });
});

describe('workplace', () => {
  it('reads a town, with hybrid working still needing the office', () => {
    expect(workplace('Leeds (hybrid)')).toEqual({ locality: 'Leeds', remote: false });
    expect(workplace('Chapeltown, Leeds')).toEqual({ locality: 'Chapeltown, Leeds', remote: false });
    expect(workplace('Leeds, hybrid working')).toEqual({ locality: 'Leeds', remote: false });
    expect(workplace('Chapeltown, Leeds (hybrid: at least three days a week in the office)')).toEqual({
      locality: 'Chapeltown, Leeds',
      remote: false,
    });
    expect(workplace('Chapeltown, Leeds, with work across south and east Leeds')).toEqual({
      locality: 'Chapeltown, Leeds',
      remote: false,
    });
  });

  it('recognises remote jobs, with or without a base', () => {
    expect(workplace('Remote (UK)')).toEqual({ locality: null, remote: true });
    expect(workplace('Home-based')).toEqual({ locality: null, remote: true });
    expect(workplace('Leeds or remote')).toEqual({ locality: 'Leeds', remote: true });
    expect(workplace('Leeds or online')).toEqual({ locality: 'Leeds', remote: true });
  });

  it('is empty without a location', () => {
    expect(workplace(null)).toEqual({ locality: null, remote: false });
  });
});

describe('parseSalary', () => {
  it('reads single figures and ranges with their unit', () => {
    expect(parseSalary('£28,000 per year')).toEqual({
      currency: 'GBP',
      minValue: 28000,
      maxValue: 28000,
      unitText: 'YEAR',
    });
    expect(parseSalary('£26,000 – £30,000 pro rata')).toMatchObject({
      minValue: 26000,
      maxValue: 30000,
      unitText: 'YEAR',
    });
    expect(parseSalary('£14.50 per hour')).toMatchObject({
      minValue: 14.5,
      maxValue: 14.5,
      unitText: 'HOUR',
    });
    expect(parseSalary('£150 a day')).toMatchObject({ minValue: 150, unitText: 'DAY' });
    expect(parseSalary('£27,000 a year')).toMatchObject({ minValue: 27000, unitText: 'YEAR' });
    expect(parseSalary('£24k-£26k p.a.')).toMatchObject({
      minValue: 24000,
      maxValue: 26000,
      unitText: 'YEAR',
    });
    expect(parseSalary('£26-30k')).toMatchObject({ minValue: 26000, maxValue: 30000, unitText: 'YEAR' });
    expect(parseSalary('£30,000 (FTE)')).toMatchObject({ minValue: 30000, unitText: 'YEAR' });
    expect(parseSalary('£27,500 to £29,000 per annum')).toMatchObject({ minValue: 27500, maxValue: 29000 });
  });

  it('takes a bare figure of £1,000 or more as yearly', () => {
    expect(parseSalary('£32,000')).toMatchObject({ minValue: 32000, unitText: 'YEAR' });
    expect(parseSalary('£12.60')).toBeNull();
  });

  it('omits anything that does not read cleanly', () => {
    expect(parseSalary('Competitive')).toBeNull();
    expect(parseSalary('£30,000 (£18,000 actual for 3 days a week)')).toBeNull();
    expect(parseSalary('€30,000')).toBeNull();
    expect(parseSalary('£30,000 - £20,000')).toBeNull();
    expect(parseSalary('Unpaid, expenses covered')).toBeNull();
    expect(parseSalary('£28,500 a year pro rata (£17,100 actual)')).toBeNull();
    expect(parseSalary('Voluntary (expenses paid)')).toBeNull();
    expect(parseSalary(null)).toBeNull();
    expect(parseSalary('')).toBeNull();
  });
});
