import { inflateSync } from 'node:zlib';

import { describe, expect, it } from 'vitest';

import {
  FONT_CANDIDATES,
  STANDARD_FONTS,
  certificateFonts,
  toWinAnsi,
} from '@/lib/courses/certificate-fonts';
import { type CertificatePdfInput, renderCertificatePdf } from '@/lib/courses/certificate-pdf';

const base: CertificatePdfInput = {
  certificateId: '3f6c1e2a-9b4d-4c7e-8a11-2d5e6f708192',
  studentName: 'Amara Okafor',
  courseTitle: 'Unlearning Racism: an Introduction',
  certificateTitle: 'Certificate of Completion',
  certificateDescription: 'This certifies that the student has successfully completed the course.',
  issuedAt: new Date('2025-03-14T23:30:00Z'),
  verifyUrl: 'https://example.org/verify/3f6c1e2a-9b4d-4c7e-8a11-2d5e6f708192',
  siteName: 'Leeds Racial Justice Network',
  locale: 'en',
};

const embedded = certificateFonts();

/** The objects of an uncompressed pdfkit PDF: number → dictionary text and (decoded) stream. */
function objects(pdf: Buffer): Map<number, { dict: string; stream?: Buffer }> {
  const text = pdf.toString('latin1');
  const out = new Map<number, { dict: string; stream?: Buffer }>();
  const re = /(\d+) 0 obj\n([\s\S]*?)\nendobj/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const body = m[2]!;
    const at = body.indexOf('\nstream\n');
    if (at < 0) {
      out.set(Number(m[1]), { dict: body });
      continue;
    }
    const dict = body.slice(0, at);
    const start = m.index + m[0].indexOf('\nstream\n') + '\nstream\n'.length;
    const end = text.lastIndexOf('\nendstream', m.index + m[0].length);
    let stream = pdf.subarray(start, end);
    if (dict.includes('/FlateDecode')) stream = inflateSync(stream);
    out.set(Number(m[1]), { dict, stream });
  }
  return out;
}

function fromHex(hex: string): string {
  let s = '';
  for (let i = 0; i + 4 <= hex.length; i += 4) s += String.fromCharCode(parseInt(hex.slice(i, i + 4), 16));
  return s;
}

/**
 * The page's text, one string per text-showing operator, read through each embedded font's ToUnicode map
 * (pdfkit writes Identity-H glyph ids) or as literal strings for the standard fonts.
 */
function pageText(pdf: Buffer): string[] {
  const objs = objects(pdf);
  const toUnicode = new Map<string, string[]>();
  const page = [...objs.values()].find((o) => /\/Type \/Page\b(?!s)/.test(o.dict))!;
  // The page's resources may be an indirect object: read every font dictionary of the (one-page) file.
  const fontRefs = [...pdf.toString('latin1').matchAll(/\/Font <<([^>]*)>>/g)].map((m) => m[1]).join('\n');
  for (const [, name, ref] of fontRefs.matchAll(/\/(\w+) (\d+) 0 R/g)) {
    const font = objs.get(Number(ref))!;
    const cmapRef = /\/ToUnicode (\d+) 0 R/.exec(font.dict)?.[1];
    if (!cmapRef) continue;
    const cmap = objs.get(Number(cmapRef))!.stream!.toString('latin1');
    const map: string[] = [];
    for (const [, start, list] of cmap.matchAll(/<([0-9a-f]+)> <[0-9a-f]+> \[([^\]]*)\]/g)) {
      const entries = [...list!.matchAll(/<([0-9a-f ]+)>/g)].map((e) => fromHex(e[1]!.replace(/ /g, '')));
      entries.forEach((value, i) => (map[parseInt(start!, 16) + i] = value));
    }
    toUnicode.set(name!, map);
  }
  const contentRef = /\/Contents (\d+) 0 R/.exec(page.dict)![1];
  const content = objs.get(Number(contentRef))!.stream!.toString('latin1');
  const lines: string[] = [];
  let font = '';
  for (const [, fontName, array] of content.matchAll(/\/(\w+) [\d.]+ Tf|\[([^\]]*)\] TJ/g)) {
    if (fontName) {
      font = fontName;
      continue;
    }
    const map = toUnicode.get(font);
    let line = '';
    for (const [, hex, literal] of array!.matchAll(/<([0-9a-f]*)>|\(((?:\\.|[^)\\])*)\)/g)) {
      if (hex !== undefined && map) {
        for (let i = 0; i < hex.length; i += 4) line += map[parseInt(hex.slice(i, i + 4), 16)] ?? '';
      } else if (hex !== undefined) {
        line += Buffer.from(hex, 'hex').toString('latin1');
      } else {
        line += literal!.replace(/\\(.)/g, '$1');
      }
    }
    lines.push(line);
  }
  return lines;
}

/** A PDF literal string `(…)`: escapes undone, UTF-16BE (with its byte-order mark) or PDFDocEncoding text. */
function decodeLiteral(literal: string): string {
  const bytes = literal
    .slice(1, -1)
    .replace(/\\([0-7]{1,3}|.)/gs, (_, e: string) =>
      /^[0-7]/.test(e) ? String.fromCharCode(parseInt(e, 8)) : ({ n: '\n', r: '\r', t: '\t' }[e] ?? e),
    );
  if (!bytes.startsWith('\xfe\xff')) return bytes;
  return Buffer.from(bytes.slice(2), 'latin1').swap16().toString('utf16le');
}

/** A document information entry, decoded (pdfkit writes each value as its own object). */
function info(pdf: Buffer, key: string): string | undefined {
  const raw = pdf.toString('latin1');
  const ref = new RegExp(`/${key} (\\d+) 0 R`).exec(raw)?.[1];
  const literal = ref ? new RegExp(`\\n${ref} 0 obj\\n(\\(.*?\\))\\nendobj`, 's').exec(raw)?.[1] : undefined;
  return literal === undefined ? undefined : decodeLiteral(literal);
}

const squash = (s: string) => s.normalize('NFC').replace(/\s+/g, '');

function pageCount(pdf: Buffer): number {
  return (pdf.toString('latin1').match(/\/Type \/Page\b(?!s)/g) ?? []).length;
}

describe('renderCertificatePdf', () => {
  it('uses an embedded TrueType family on this machine', () => {
    // The PDFs below depend on a system font (fonts-dejavu-core); without it they would fall back to Helvetica.
    expect(embedded.kind).toBe('embedded');
  });

  it('renders a one-page PDF with the name, course, title, date, id and verification link', async () => {
    const pdf = await renderCertificatePdf(base, { compress: false });
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pageCount(pdf)).toBe(1);
    const text = squash(pageText(pdf).join(' '));
    for (const expected of [
      'Leeds Racial Justice Network',
      'Certificate of Completion',
      'Presented to',
      'Amara Okafor',
      base.certificateDescription,
      'for completing the course',
      base.courseTitle,
      // 23:30 UTC on 14 March is still 14 March in London (GMT).
      'Issued on March 14, 2025',
      `Certificate ID: ${base.certificateId}`,
      `Check this certificate at ${base.verifyUrl}`,
      'Scan to verify',
    ]) {
      expect(text).toContain(squash(expected));
    }
    const raw = pdf.toString('latin1');
    expect(raw).toContain(`/URI (${base.verifyUrl})`);
    expect(raw).toContain('/Subtype /Image');
    expect(raw).toMatch(/\/MediaBox \[0 0 841\.89 595\.28\]/);
  });

  it('writes deterministic metadata: title, author, subject and CreationDate = issuedAt', async () => {
    const a = await renderCertificatePdf(base);
    const b = await renderCertificatePdf(base);
    expect(info(a, 'Title')).toBe('Certificate of Completion – Unlearning Racism: an Introduction');
    expect(info(a, 'Author')).toBe('Leeds Racial Justice Network');
    expect(info(a, 'Subject')).toBe(
      'Certificate of Completion awarded to Amara Okafor for the course Unlearning Racism: an Introduction',
    );
    expect(info(a, 'CreationDate')).toBe('D:20250314233000Z');
    expect(info(a, 'ModDate')).toBe('D:20250314233000Z');
    expect(a.toString('latin1')).toContain('/Lang (en)');
    expect(a.equals(b)).toBe(true);
  });

  it('labels the certificate in the requested locale and dates it in UK time', async () => {
    const pdf = await renderCertificatePdf(
      { ...base, locale: 'fr', issuedAt: new Date('2025-07-01T23:30:00Z') },
      { compress: false },
    );
    const text = squash(pageText(pdf).join(' '));
    expect(text).toContain(squash('Décerné à'));
    // 23:30 UTC on 1 July is 00:30 on 2 July in London (BST).
    expect(text).toContain(squash('Délivré le 2 juillet 2025'));
    expect(text).toContain(squash('Scannez pour vérifier'));
  });

  it.each(['Zoë Ñúñez', 'Adébáyọ̀ Ọláńrewájú', 'Łukasz Żółć', 'Nguyễn Thị Minh Khai'])(
    'renders the name %s with its accents',
    async (studentName) => {
      const pdf = await renderCertificatePdf({ ...base, studentName }, { compress: false });
      expect(pageCount(pdf)).toBe(1);
      expect(pageText(pdf).map(squash)).toContain(squash(studentName));
    },
  );

  it('shrinks and wraps long titles, names and descriptions onto the one page', async () => {
    const long = 'Race, Climate Justice and Community Organising in West Yorkshire: '.repeat(6);
    const pdf = await renderCertificatePdf(
      {
        ...base,
        courseTitle: long,
        certificateTitle: `Certificate of Completion with Distinction in ${long}`,
        studentName: 'Maria-Fernanda de los Ángeles Rodríguez-Oyelaran Bartholomew-Nwachukwu',
        certificateDescription:
          'This certifies that the student has successfully completed the course. '.repeat(8),
      },
      { compress: false },
    );
    expect(pageCount(pdf)).toBe(1);
    const lines = pageText(pdf);
    // The course title wraps over several lines (and the rest ends in an ellipsis), rather than overflowing.
    expect(lines.filter((l) => l.includes('Climate')).length).toBeGreaterThan(1);
    expect(lines.join(' ')).toContain('…');
  });

  it('falls back to Helvetica, folding characters it cannot show', async () => {
    const pdf = await renderCertificatePdf(
      { ...base, studentName: 'Adébáyọ̀ Łukasz' },
      { compress: false, fonts: STANDARD_FONTS },
    );
    expect(pageCount(pdf)).toBe(1);
    expect(pdf.toString('latin1')).toContain('/BaseFont /Helvetica-Bold');
    expect(pageText(pdf)).toContain(toWinAnsi('Adébáyọ̀ Łukasz'));
  });
});

describe('certificate fonts', () => {
  it('picks the first family with both files, else Helvetica', () => {
    const [dejavu, liberation] = FONT_CANDIDATES;
    expect(certificateFonts(FONT_CANDIDATES, () => true)).toEqual({ kind: 'embedded', ...dejavu });
    expect(certificateFonts(FONT_CANDIDATES, (p) => p.includes('liberation'))).toEqual({
      kind: 'embedded',
      ...liberation,
    });
    // A family missing its bold file is skipped.
    expect(certificateFonts(FONT_CANDIDATES, (p) => p === dejavu!.regular)).toEqual(STANDARD_FONTS);
  });

  it('folds text to WinAnsi for Helvetica', () => {
    expect(toWinAnsi('Zoë Ñúñez')).toBe('Zoë Ñúñez');
    expect(toWinAnsi('Adébáyọ̀')).toBe('Adébáyo');
    // 'Ł' and 'ł' have no decomposition, so only they become '?'.
    expect(toWinAnsi('Łukasz Żółć')).toBe('?ukasz Zó?c');
    expect(toWinAnsi('“Quoted” – €5')).toBe('“Quoted” – €5');
    expect(toWinAnsi('a\tb\u00a0c')).toBe('a b\u00a0c');
  });
});
