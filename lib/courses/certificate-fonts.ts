import { existsSync } from 'node:fs';

/**
 * The typeface of certificate PDFs. PDF's built-in Helvetica only encodes WinAnsi (Latin-1 plus a few signs), so
 * names such as 'Adébáyọ̀' or 'Łukasz' need an embedded TrueType font. The site ships no font file of its own:
 * the first system family found is used (Debian's fonts-dejavu-core, then fonts-liberation), else Helvetica with
 * the text folded to WinAnsi by `toWinAnsi`.
 */
export type CertificateFonts =
  | { kind: 'embedded'; family: string; regular: string; bold: string }
  | { kind: 'standard'; family: 'Helvetica'; regular: 'Helvetica'; bold: 'Helvetica-Bold' };

export type FontCandidate = { family: string; regular: string; bold: string };

/** System TrueType families in order of preference; DejaVu Sans covers Latin, Greek, Cyrillic and combining marks. */
export const FONT_CANDIDATES: readonly FontCandidate[] = [
  {
    family: 'DejaVu Sans',
    regular: '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
    bold: '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf',
  },
  {
    family: 'Liberation Sans',
    regular: '/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf',
    bold: '/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf',
  },
];

export const STANDARD_FONTS: CertificateFonts = {
  kind: 'standard',
  family: 'Helvetica',
  regular: 'Helvetica',
  bold: 'Helvetica-Bold',
};

/**
 * The first candidate whose regular and bold files both exist, else Helvetica. `exists` is for tests
 * (defaults to `fs.existsSync`); never throws.
 */
export function certificateFonts(
  candidates: readonly FontCandidate[] = FONT_CANDIDATES,
  exists: (path: string) => boolean = existsSync,
): CertificateFonts {
  for (const c of candidates) {
    if (exists(c.regular) && exists(c.bold)) return { kind: 'embedded', ...c };
  }
  return STANDARD_FONTS;
}

// Windows-1252's characters above 0x7F that are not Latin-1 (pdfkit maps these for the standard fonts).
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

function isWinAnsi(ch: string): boolean {
  const cp = ch.codePointAt(0)!;
  return (cp >= 0x20 && cp <= 0x7e) || (cp >= 0xa0 && cp <= 0xff) || WIN_ANSI_EXTRA.has(ch);
}

/**
 * Text that Helvetica can show: a character outside WinAnsi loses its accents when that brings it inside
 * ('ọ̀' → 'o', 'ć' → 'c'); one with no such form ('ł', 'ə') becomes '?'. Whitespace becomes a space. Pure; NFC.
 */
export function toWinAnsi(text: string): string {
  let out = '';
  for (const ch of text.normalize('NFC')) {
    if (isWinAnsi(ch)) {
      out += ch;
      continue;
    }
    if (/\s/.test(ch)) {
      out += ' ';
      continue;
    }
    const base = ch.normalize('NFD').replace(/\p{M}+/gu, '');
    if (base === '') continue;
    out += [...base].every(isWinAnsi) ? base : '?';
  }
  return out;
}
