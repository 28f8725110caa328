import { londonOffsetMs } from '@/lib/utils/format';

/**
 * CSV exports of the back office (docs/ARCHITECTURE.md §5): RFC 4180 text with CRLF line ends, every cell quoted, a
 * UTF-8 BOM (so Excel reads accents), and spreadsheet formulas neutralised. Pure except `csvStream`, which reads the
 * pages its caller hands it.
 *
 * The formula guard (OWASP "CSV injection"): a text cell starting with `=`, `+`, `-`, `@`, a tab or a carriage return
 * gets a leading `'`, so a registration named `=HYPERLINK(…)` or `=cmd|' /C calc'!A0` stays text in a spreadsheet.
 * Two kinds of cell are left as they are because a spreadsheet cannot run anything in them and the `'` would corrupt
 * them (a Mailchimp re-import of `'+44 7700 900123` fails): a plain phone number (`isPlainPhone`: digits, an optional
 * leading `+` or `-`, spaces, `.`, `/`, `-` and brackets, at least 7 digits) and a plain email address
 * (`isPlainEmail`: letters, digits and `._%+-` before one `@`, a dotted domain after it). Neither can hold a function
 * call (no letters before a `(`), a DDE link (`|`, `!`) or a quote. Numbers and booleans are never guarded (they are
 * ours, not typed by the public). Excel may still show such a phone cell as a formula error when it opens the file
 * directly (its own reading of a leading `+`); the value itself is intact for imports and other tools.
 *
 * Times are written in the site's time zone (Europe/London, `CSV_TIME_ZONE`) as `YYYY-MM-DD HH:mm`, which every
 * spreadsheet sorts and reads as a date; a header that holds times says so (`timeHeader`).
 */

export type CsvValue = string | number | boolean | Date | null | undefined | readonly string[];

/** The zone every exported time is written in (the charity works in the UK; BST and GMT handled). */
export const CSV_TIME_ZONE = 'Europe/London';

const FORMULA_START = /^[=+\-@\t\r]/;
const PHONE = /^[+-]?[\d ().\/-]+$/;
const EMAIL = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/;

/** A phone number as people write it, with nothing a spreadsheet could run: '+44 7700 900123', '(0113) 496-0123'. */
export function isPlainPhone(text: string): boolean {
  return PHONE.test(text) && (text.match(/\d/g)?.length ?? 0) >= 7;
}

/** An email address of the plain form (no quotes, spaces, brackets, `|` or `!`): '-danger@example.org'. */
export function isPlainEmail(text: string): boolean {
  return EMAIL.test(text);
}

/** Whether a text cell needs the leading `'` (a formula start that is not a plain phone number or email). */
export function needsFormulaGuard(text: string): boolean {
  return FORMULA_START.test(text) && !isPlainPhone(text) && !isPlainEmail(text);
}

/** `date` in Europe/London as `YYYY-MM-DD HH:mm` (e.g. 2026-07-01T09:30Z → '2026-07-01 10:30'). */
export function csvTime(date: Date): string {
  const local = new Date(date.getTime() + londonOffsetMs(date.getTime()));
  return local.toISOString().slice(0, 16).replace('T', ' ');
}

/** The calendar date of `date` in Europe/London as `YYYY-MM-DD` (for file names). */
export function csvDate(date: Date): string {
  return csvTime(date).slice(0, 10);
}

/** A time column's header, saying the zone: `timeHeader('Registered', 'UK time')` → 'Registered (UK time)'. */
export function timeHeader(label: string, zoneNote: string): string {
  return `${label} (${zoneNote})`;
}

/** One cell: times in Europe/London, lists joined with '; ', null/undefined empty; quoted and formula-safe. */
export function csvCell(value: CsvValue): string {
  let text: string;
  if (value === null || value === undefined) text = '';
  else if (value instanceof Date) text = csvTime(value);
  else if (Array.isArray(value)) text = guard(value.join('; '));
  else if (typeof value === 'number' || typeof value === 'boolean') text = String(value);
  else text = guard(String(value));
  return `"${text.replace(/"/g, '""')}"`;
}

function guard(text: string): string {
  return needsFormulaGuard(text) ? `'${text}` : text;
}

/** One CRLF-terminated line of cells. */
export function csvLine(row: readonly CsvValue[]): string {
  return `${row.map((v) => csvCell(v)).join(',')}\r\n`;
}

/** A whole file: the header row then one row per record, CRLF-terminated, after a UTF-8 BOM. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return `\uFEFF${[header, ...rows].map((row) => csvLine(row)).join('')}`;
}

/**
 * A file written as it is read: the BOM and header at once, then each page of rows from `pages` (an async iterable,
 * e.g. a keyset-paginated query) as it arrives, so an export of any size holds one page in memory and has no cap.
 * `onDone(count)` runs after the last row (an audit entry with the row count). An error while reading aborts the
 * stream (the download fails rather than ending short).
 */
export function csvStream(
  header: readonly string[],
  pages: AsyncIterable<readonly (readonly CsvValue[])[]>,
  onDone?: (rows: number) => Promise<void> | void,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const iterator = pages[Symbol.asyncIterator]();
  let started = false;
  let count = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(`\uFEFF${csvLine(header)}`));
        return;
      }
      const next = await iterator.next();
      if (next.done) {
        await onDone?.(count);
        controller.close();
        return;
      }
      count += next.value.length;
      controller.enqueue(encoder.encode(next.value.map((row) => csvLine(row)).join('')));
    },
    async cancel() {
      await iterator.return?.();
    },
  });
}

/**
 * The download response of an export: `text/csv`, an attachment named after what it holds,
 * `{name}-{YYYY-MM-DD}.csv` (`network-members-2026-12-02.csv`; the date in Europe/London; `name` keeps only
 * letters, digits and `-`), never stored by a cache or the browser (`private, no-store`: the file holds personal
 * data). `body` is the whole text or a `csvStream`.
 */
export function csvResponse(
  name: string,
  body: string | ReadableStream<Uint8Array>,
  now: Date = new Date(),
): Response {
  const filename = `${csvFileStem(name)}-${csvDate(now)}.csv`;
  return new Response(body, {
    status: 200,
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${filename}"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}

/** A file name's stem from words: lower case, runs of anything but letters and digits as one `-`. */
export function csvFileStem(name: string): string {
  return (
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 80) || 'export'
  );
}
