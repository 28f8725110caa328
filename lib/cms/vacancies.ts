import type { Locale } from '@/i18n/routing';
import type { Vacancy } from './types';
import { formatCalendarDate, londonDay, londonOffsetMs } from '@/lib/utils/format';

/**
 * Pure rules for job vacancies: whether one is still open, the order of the list, how its closing date reads,
 * and the schema.org JobPosting values we can derive from the free-text fields editors type into WordPress
 * (contract type, location, salary). Calendar dates are `YYYY-MM-DD` in UK time (Europe/London).
 */

/** Today's date in the UK at the instant `now`, as `YYYY-MM-DD`. */
export function londonDate(now: Date): string {
  return londonDay(now);
}

/**
 * Whether a vacancy still takes applications at `now`: it closes at the end of its closing day, UK time.
 * A vacancy without a closing date is open until it is unpublished.
 */
export function isVacancyOpen(vacancy: Pick<Vacancy, 'closingDate'>, now: Date): boolean {
  return vacancy.closingDate === null || vacancy.closingDate >= londonDate(now);
}

/**
 * Splits vacancies into open ones (soonest closing first, those without a closing date last) and closed ones
 * (most recently closed first). Does not mutate its input.
 */
export function partitionVacancies<V extends Pick<Vacancy, 'closingDate'>>(
  vacancies: V[],
  now: Date,
): { open: V[]; closed: V[] } {
  const open = vacancies.filter((v) => isVacancyOpen(v, now));
  const closed = vacancies.filter((v) => !isVacancyOpen(v, now));
  open.sort((a, b) => (a.closingDate ?? '9999').localeCompare(b.closingDate ?? '9999'));
  closed.sort((a, b) => (b.closingDate ?? '').localeCompare(a.closingDate ?? ''));
  return { open, closed };
}

function parseDay(day: string): { y: number; m: number; d: number } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCMonth() === m - 1 && date.getUTCDate() === d ? { y, m, d } : null;
}

/** A closing date (`YYYY-MM-DD`) for display in the visitor's locale ('March 31, 2027' in English); '' if invalid. */
export function formatClosingDate(closingDate: string, locale: Locale): string {
  return formatCalendarDate(closingDate, locale);
}

/**
 * The last second of a closing day in UK time, as ISO 8601 with its offset (`2027-03-31T23:59:59+01:00`),
 * for JobPosting `validThrough`. Null for an invalid date.
 */
export function closingDateEnd(closingDate: string): string | null {
  const day = parseDay(closingDate);
  if (!day) return null;
  // UK clocks change at 01:00 UTC, so noon UTC has the same offset as 23:59 local on that day.
  const noon = Date.UTC(day.y, day.m - 1, day.d, 12);
  const minutes = londonOffsetMs(noon) / 60_000;
  const offset = `${minutes < 0 ? '-' : '+'}${String(Math.floor(Math.abs(minutes) / 60)).padStart(2, '0')}:${String(Math.abs(minutes) % 60).padStart(2, '0')}`;
  return `${closingDate}T23:59:59${offset}`;
}

/** schema.org `employmentType` values, with the words that clearly mean them in a UK job advert. */
const EMPLOYMENT_TYPES: [RegExp, string][] = [
  [/\bfull[\s-]?time\b/, 'FULL_TIME'],
  [/\bpart[\s-]?time\b/, 'PART_TIME'],
  [/\b(fixed[\s-]?term|temporary|maternity cover|secondment)\b/, 'TEMPORARY'],
  [/\b(freelance|contractor|self[\s-]?employed)\b/, 'CONTRACTOR'],
  [/\binternship\b|\bintern\b/, 'INTERN'],
  [/\b(volunteer(ing)?|voluntary)\b/, 'VOLUNTEER'],
  [/\b(sessional|casual|zero[\s-]hours?)\b/, 'PER_DIEM'],
];

/**
 * schema.org JobPosting `employmentType` values named by the contract type or the hours ('Fixed-term,
 * part-time' → TEMPORARY, PART_TIME); empty when neither says anything clear (e.g. just 'Permanent').
 */
export function employmentTypes(contractType: string | null, hours: string | null): string[] {
  const text = `${contractType ?? ''} ${hours ?? ''}`.toLowerCase();
  return EMPLOYMENT_TYPES.filter(([pattern]) => pattern.test(text)).map(([, type]) => type);
}

export type Workplace = {
  /** The town or area to put in `jobLocation.address.addressLocality`, or null. */
  locality: string | null;
  /** The job can be done from home (`jobLocationType: TELECOMMUTE`). A hybrid job is not: it has an office. */
  remote: boolean;
};

const REMOTE = String.raw`\b(fully remote|remote|online|home[\s-]based|work(ing)? from home)\b`;
const CONNECTORS = String.raw`(?:[\s,/;&+-]|\b(?:or|and)\b)+`;

/**
 * Reads a location field into a JobPosting workplace: the place named before any qualifier ('Chapeltown, Leeds
 * (hybrid: three days in the office)' → Chapeltown, Leeds; 'Leeds, with work across the city' → Leeds), and
 * remote when it can be done from home or online ('Remote (UK)', 'Leeds or online'), but not when hybrid.
 */
export function workplace(location: string | null): Workplace {
  if (!location) return { locality: null, remote: false };
  const remote = new RegExp(REMOTE, 'i').test(location) && !/\bhybrid\b/i.test(location);
  const named = location.split(/\(|\bwith\b|\bacross\b|;|:|–|—|\s-\s/i)[0] ?? '';
  const locality = named
    .replace(new RegExp(REMOTE, 'gi'), ' ')
    .replace(/\bhybrid( working)?\b/gi, ' ')
    .replace(new RegExp(`^${CONNECTORS}|${CONNECTORS}$`, 'gi'), '')
    .replace(/\s+/g, ' ')
    .trim();
  return { locality: locality || null, remote };
}

export type Salary = {
  currency: 'GBP';
  minValue: number;
  /** Equal to `minValue` for a single figure. */
  maxValue: number;
  unitText: 'HOUR' | 'DAY' | 'WEEK' | 'MONTH' | 'YEAR';
};

const AMOUNT = String.raw`£\s?(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?\s?(k)?`;
const SALARY = new RegExp(
  String.raw`^${AMOUNT}(?:\s*(?:-|to)\s*${AMOUNT.replace('£', '£?')})?(?:\s*(?:(?:per|a|an|\/)\s*(year|annum|yr|hour|hr|day|week|month)|(p\.?a\.?)))?$`,
  'i',
);
const UNITS: Record<string, Salary['unitText']> = {
  year: 'YEAR',
  annum: 'YEAR',
  yr: 'YEAR',
  hour: 'HOUR',
  hr: 'HOUR',
  day: 'DAY',
  week: 'WEEK',
  month: 'MONTH',
};

function amount(whole: string, pence: string | undefined, thousands: string | undefined): number {
  const value = Number(`${whole.replace(/,/g, '')}.${pence ?? '0'}`);
  return thousands ? value * 1000 : value;
}

/**
 * A salary field as a JobPosting `baseSalary`, only when it reads cleanly: one pound figure or a range, with an
 * optional unit ('per year', 'an hour', 'p.a.') and an optional 'pro rata' / 'FTE' note ('£26,000–£30,000 pro
 * rata', '£14.50 per hour', '£28k'). A figure without a unit is yearly when it is at least £1,000, otherwise
 * ambiguous. Anything else ('Competitive', '£30,000 (£18,000 actual)', other currencies) gives null.
 */
export function parseSalary(salary: string | null): Salary | null {
  if (!salary) return null;
  const text = salary
    .trim()
    .replace(/[–—]/g, '-')
    .replace(/(?:[\s,]*\(?\s*(?:pro[\s-]?rata|fte)\s*\)?\.?)+$/i, '')
    .trim();
  const m = SALARY.exec(text);
  if (!m) return null;
  let min = amount(m[1]!, m[2], m[3]);
  const max = m[4] ? amount(m[4], m[5], m[6]) : min;
  // '£26-30k': the k of the upper figure applies to the lower one too.
  if (m[6] && !m[3] && min < 1000) min *= 1000;
  const unit = m[7] ? UNITS[m[7].toLowerCase()] : m[8] ? 'YEAR' : min >= 1000 ? 'YEAR' : undefined;
  if (!unit || min <= 0 || max < min) return null;
  return { currency: 'GBP', minValue: min, maxValue: max, unitText: unit };
}
