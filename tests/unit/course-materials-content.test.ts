import { describe, expect, it } from 'vitest';

import { displayFilename, materialContentMatches, sanitizeFilename } from '@/lib/courses/model';
import { contentDisposition, formatFileSize, materialKind } from '@/lib/courses/shared';

const bytes = (...values: (number | string)[]) =>
  new Uint8Array(values.flatMap((v) => (typeof v === 'string' ? [...v].map((c) => c.charCodeAt(0)) : [v])));

/**
 * D19 of the back-office review: uploads are checked by their content (magic bytes), and accented names stay
 * readable for students while the stored name stays ASCII; the download's Content-Disposition carries the real
 * name (RFC 5987 `filename*`). Pure functions of lib/courses.
 */
describe('materialContentMatches (magic bytes)', () => {
  it('accepts each type by its own signature', () => {
    expect(materialContentMatches('a.pdf', bytes('%PDF-1.7\n'))).toBe(true);
    expect(materialContentMatches('a.doc', bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0))).toBe(
      true,
    );
    expect(materialContentMatches('a.ppt', bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1))).toBe(true);
    expect(materialContentMatches('a.docx', bytes('PK', 3, 4, 20, 0))).toBe(true);
    expect(materialContentMatches('a.pptx', bytes('PK', 3, 4))).toBe(true);
    expect(materialContentMatches('a.jpg', bytes(0xff, 0xd8, 0xff, 0xe0))).toBe(true);
    expect(materialContentMatches('a.JPEG', bytes(0xff, 0xd8, 0xff, 0xdb))).toBe(true);
    expect(materialContentMatches('a.png', bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a))).toBe(true);
    expect(materialContentMatches('a.mp3', bytes('ID3', 4, 0))).toBe(true);
    expect(materialContentMatches('a.mp3', bytes(0xff, 0xfb, 0x90))).toBe(true);
    expect(materialContentMatches('a.mp4', bytes(0, 0, 0, 0x20, 'ftypisom'))).toBe(true);
  });

  it('refuses an HTML page renamed .pdf, a program renamed .docx, and other mismatches', () => {
    expect(
      materialContentMatches('Session-plan.pdf', bytes('<!doctype html><script>alert(1)</script>')),
    ).toBe(false);
    expect(materialContentMatches('a.pdf', bytes(' %PDF-1.7'))).toBe(false);
    expect(materialContentMatches('a.docx', bytes('MZ', 0x90, 0))).toBe(false);
    expect(materialContentMatches('a.png', bytes(0xff, 0xd8, 0xff))).toBe(false);
    expect(materialContentMatches('a.jpg', bytes(0x89, 'PNG'))).toBe(false);
    expect(materialContentMatches('a.mp4', bytes('ftyp'))).toBe(false);
    expect(materialContentMatches('a.pdf', bytes('%PD'))).toBe(false);
    expect(materialContentMatches('a.exe', bytes('MZ'))).toBe(false);
    expect(materialContentMatches('noextension', bytes('%PDF'))).toBe(false);
  });
});

describe('file names', () => {
  it('keeps the name students see readable: accents, spaces, brackets (NFC), the extension lower case', () => {
    expect(displayFilename('Session-plan-Unicode-é.pdf')).toBe('Session-plan-Unicode-é.pdf');
    // The same name as macOS sends it (decomposed é) reads the same.
    expect(displayFilename('Session-plan-Unicode-e\u0301.pdf')).toBe('Session-plan-Unicode-é.pdf');
    expect(displayFilename('C:\\Users\\me\\Résumé  final (v2).DOCX')).toBe('Résumé final (v2).docx');
    expect(displayFilename('Plan de séance – Leeds.pdf')).toBe('Plan de séance – Leeds.pdf');
  });

  it('drops what could mislead or break a header: controls, bidi overrides, quotes, leading dots', () => {
    expect(displayFilename('invoice\u202Efdp.exe.pdf')).toBe('invoicefdp.exe.pdf');
    expect(displayFilename('a"b\r\nc.pdf')).toBe('a-bc.pdf');
    expect(displayFilename('../.hidden.pdf')).toBe('hidden.pdf');
    expect(displayFilename('.pdf')).toBe('file.pdf');
    expect([...displayFilename(`${'é'.repeat(300)}.pdf`)]).toHaveLength(120);
  });

  it('keeps the stored name ASCII, for URLs and file systems', () => {
    expect(sanitizeFilename('Session-plan-Unicode-é.pdf')).toBe('Session-plan-Unicode-e.pdf');
  });

  it('names the download with an ASCII fallback and the real name as RFC 5987 filename*', () => {
    expect(contentDisposition('inline', 'Session-plan-Unicode-é.pdf')).toBe(
      `inline; filename="Session-plan-Unicode-e.pdf"; filename*=UTF-8''Session-plan-Unicode-%C3%A9.pdf`,
    );
    expect(contentDisposition('attachment', 'Notes "final" (1).docx')).toBe(
      `attachment; filename="Notes _final_ (1).docx"; filename*=UTF-8''Notes%20%22final%22%20%281%29.docx`,
    );
    expect(contentDisposition('inline', '講義.pdf')).toBe(
      `inline; filename="__.pdf"; filename*=UTF-8''%E8%AC%9B%E7%BE%A9.pdf`,
    );
  });
});

describe('materials as students see them', () => {
  it('names the kind and formats the size in the locale', () => {
    expect(materialKind('application/pdf')).toBe('pdf');
    expect(materialKind('application/vnd.openxmlformats-officedocument.wordprocessingml.document')).toBe(
      'word',
    );
    expect(materialKind('application/vnd.ms-powerpoint')).toBe('slides');
    expect(materialKind('image/png')).toBe('image');
    expect(materialKind('audio/mpeg')).toBe('audio');
    expect(materialKind('video/mp4')).toBe('video');
    expect(formatFileSize(12, 'en')).toBe('12 bytes');
    expect(formatFileSize(820_000, 'en')).toBe('820 kB');
    expect(formatFileSize(1_430_000, 'en')).toBe('1.4 MB');
    expect(formatFileSize(1_430_000, 'fr')).toBe('1,4\u202fMo');
  });
});
