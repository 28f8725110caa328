/**
 * CSV exports of the back office (docs/ARCHITECTURE.md §5): RFC 4180 text with CRLF line ends, every cell quoted,
 * and spreadsheet formulas neutralised: a cell starting with `=`, `+`, `-`, `@`, a tab or a carriage return gets a
 * leading `'`, so a registration named `=HYPERLINK(…)` stays text when the file is opened in a spreadsheet.
 * Pure: no I/O.
 */

export type CsvValue = string | number | boolean | Date | null | undefined | readonly string[];

const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: dates as ISO 8601, lists joined with '; ', null/undefined empty; quoted and formula-safe. */
export function csvCell(value: CsvValue): string {
  let text: string;
  if (value === null || value === undefined) text = '';
  else if (value instanceof Date) text = value.toISOString();
  else if (Array.isArray(value)) text = value.join('; ');
  else text = String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

/** A whole file: the header row then one row per record, CRLF-terminated; a UTF-8 BOM so Excel reads accents. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  const lines = [header, ...rows].map((row) => row.map((v) => csvCell(v)).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/**
 * The download response of an export: `text/csv`, an attachment named `{name}-{YYYY-MM-DD}.csv`, never stored by a
 * cache or the browser (`private, no-store`: the file holds personal data).
 */
export function csvResponse(name: string, csv: string, now: Date = new Date()): Response {
  const filename = `${name.replace(/[^a-z0-9-]/gi, '')}-${now.toISOString().slice(0, 10)}.csv`;
  return new Response(csv, {
    status: 200,
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${filename}"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
