import sanitizeHtml from 'sanitize-html';

import { MATERIAL_MAX_BYTES, MATERIAL_TYPES } from './shared';

/**
 * Pure rules of the course platform (no database, no files), unit-tested in tests/unit/courses-model.test.ts.
 */

/**
 * Whole-percent progress: completed lessons that still exist in the course over all its lessons. Rounded, but
 * 100 only when every lesson is done (199 of 200 is 99, not a rounded-up 100 that would issue a certificate).
 * A course without lessons is at 0.
 */
export function progressPercent(completed: readonly string[], lessonIds: readonly string[]): number {
  if (lessonIds.length === 0) return 0;
  const done = new Set(completed);
  const count = lessonIds.filter((id) => done.has(id)).length;
  if (count === lessonIds.length) return 100;
  return Math.min(99, Math.round((count / lessonIds.length) * 100));
}

/**
 * Where a student resumes: the first lesson (in course order) not completed yet; when all are done, the last
 * lesson they opened (if it still exists), else the first lesson. Null for a course without lessons.
 */
export function resumeLessonId(
  lessonIds: readonly string[],
  completed: readonly string[],
  lastLessonId?: string | null,
): string | null {
  const done = new Set(completed);
  const next = lessonIds.find((id) => !done.has(id));
  if (next) return next;
  if (lastLessonId && lessonIds.includes(lastLessonId)) return lastLessonId;
  return lessonIds[0] ?? null;
}

/** `ids` with `id` moved to `toIndex` (clamped to the list); unchanged when `id` is absent. */
export function moveTo<T>(ids: readonly T[], id: T, toIndex: number): T[] {
  const from = ids.indexOf(id);
  if (from < 0) return [...ids];
  const rest = ids.filter((_, i) => i !== from);
  const index = Math.max(0, Math.min(rest.length, Math.trunc(toIndex)));
  rest.splice(index, 0, id);
  return rest;
}

/**
 * A file name safe on every file system and in a URL path: the last path segment only, accents folded to ASCII,
 * anything outside `A-Z a-z 0-9 . _ -` replaced by '-', no leading dots (no hidden or `..` names), the stem cut to
 * 80 characters, the extension lower-cased. An empty stem becomes 'file'.
 */
export function sanitizeFilename(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const ascii = base.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  const dot = ascii.lastIndexOf('.');
  const rawStem = dot > 0 ? ascii.slice(0, dot) : dot === 0 ? '' : ascii;
  const rawExt = dot >= 0 ? ascii.slice(dot + 1) : '';
  const clean = (s: string) =>
    s
      .replace(/[^A-Za-z0-9._-]+/g, '-')
      .replace(/\.{2,}/g, '.')
      .replace(/-{2,}/g, '-')
      .replace(/^[-._]+|[-._]+$/g, '');
  const stem =
    clean(rawStem)
      .slice(0, 80)
      .replace(/[-._]+$/, '') || 'file';
  const ext = clean(rawExt)
    .replace(/[^a-z0-9]/gi, '')
    .toLowerCase()
    .slice(0, 10);
  return ext ? `${stem}.${ext}` : stem;
}

/** Longest name shown for a material, in characters (the extension included). */
export const DISPLAY_NAME_MAX = 120;

/**
 * The name students see for an uploaded file, kept as the admin typed it as far as is safe: the last path segment,
 * NFC-normalised (so `é` stays `é`, whatever form the browser sent), control and invisible formatting characters
 * (bidi overrides, zero-width) removed, `" * : < > ? | \ /` replaced by '-', white space collapsed, no leading
 * dots, the stem cut so the whole name fits DISPLAY_NAME_MAX, and the extension the one `sanitizeFilename` keeps
 * (ASCII, lower case). `Session-plan-Unicode-é.pdf` stays `Session-plan-Unicode-é.pdf`; the stored file is named
 * by `sanitizeFilename` (ASCII, for URLs and file systems). An empty stem becomes 'file'.
 */
export function displayFilename(name: string): string {
  const base = (name.split(/[\\/]/).pop() ?? '').normalize('NFC');
  const clean = base
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, '')
    .replace(/["*:<>?|]/g, '-')
    .replace(/\s+/gu, ' ')
    .trim();
  const safe = sanitizeFilename(name);
  const ext = safe.includes('.') ? safe.slice(safe.lastIndexOf('.') + 1) : '';
  const dot = clean.lastIndexOf('.');
  const rawStem = (ext && dot >= 0 ? clean.slice(0, dot) : clean).replace(/^[.\s]+/u, '');
  const room = DISPLAY_NAME_MAX - (ext ? ext.length + 1 : 0);
  const stem =
    [...rawStem]
      .slice(0, room)
      .join('')
      .replace(/[\s.]+$/u, '') || 'file';
  return ext ? `${stem}.${ext}` : stem;
}

export type MaterialCheck =
  | { ok: true; filename: string; displayName: string; contentType: string }
  | { ok: false; code: 'material-empty' | 'material-too-large' | 'material-type'; detail: string };

/**
 * Whether a file may be a course material: not empty, at most MATERIAL_MAX_BYTES, and an allowed extension
 * (MATERIAL_TYPES). The stored content type comes from the extension, not from what the browser claimed; whether
 * the bytes are what the extension says is `materialContentMatches`. `filename` is the stored (ASCII) name,
 * `displayName` the one students see (`displayFilename`).
 */
export function checkMaterial(name: string, sizeBytes: number): MaterialCheck {
  const filename = sanitizeFilename(name);
  if (sizeBytes <= 0) return { ok: false, code: 'material-empty', detail: 'the file is empty' };
  if (sizeBytes > MATERIAL_MAX_BYTES) {
    return {
      ok: false,
      code: 'material-too-large',
      detail: `the file is larger than ${MATERIAL_MAX_BYTES / (1024 * 1024)} MB`,
    };
  }
  const ext = filename.includes('.') ? filename.slice(filename.lastIndexOf('.') + 1) : '';
  const contentType = MATERIAL_TYPES[ext];
  if (!contentType) {
    return {
      ok: false,
      code: 'material-type',
      detail: `files of type "${ext || 'none'}" are not accepted (${Object.keys(MATERIAL_TYPES).join(', ')})`,
    };
  }
  return { ok: true, filename, displayName: displayFilename(name), contentType };
}

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));
const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ZIP = ascii('PK\u0003\u0004');

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  return bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);
}

/**
 * What the first bytes of each accepted type must be (the formats' own signatures, "magic bytes"): PDF `%PDF`;
 * Word and PowerPoint 97–2003 the OLE2 compound file header; docx and pptx a ZIP archive (`PK\3\4`, Office Open
 * XML); JPEG `FF D8 FF`; PNG its 8-byte signature; MP3 an ID3 tag or an MPEG audio frame sync (11 set bits); MP4
 * an `ftyp` box at byte 4.
 */
const SIGNATURES: Readonly<Record<string, (bytes: Uint8Array) => boolean>> = {
  pdf: (b) => startsWith(b, ascii('%PDF')),
  doc: (b) => startsWith(b, OLE2),
  ppt: (b) => startsWith(b, OLE2),
  docx: (b) => startsWith(b, ZIP),
  pptx: (b) => startsWith(b, ZIP),
  jpg: (b) => startsWith(b, [0xff, 0xd8, 0xff]),
  jpeg: (b) => startsWith(b, [0xff, 0xd8, 0xff]),
  png: (b) => startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  mp3: (b) => startsWith(b, ascii('ID3')) || (b.length >= 2 && b[0] === 0xff && (b[1]! & 0xe0) === 0xe0),
  mp4: (b) => startsWith(b, ascii('ftyp'), 4),
};

/**
 * Whether a file's content is what its (accepted) extension says, by its first bytes (`SIGNATURES`): an HTML page
 * renamed `.pdf` is refused, so nothing but a real PDF is served as `application/pdf`. False for an extension that
 * is not accepted. Pure.
 */
export function materialContentMatches(filename: string, bytes: Uint8Array): boolean {
  const ext = filename.includes('.') ? filename.slice(filename.lastIndexOf('.') + 1).toLowerCase() : '';
  const check = SIGNATURES[ext];
  return check ? check(bytes) : false;
}

/** Storage name of a material: `{timestamp}_{filename}` (docs/SPEC-NOTES.md §7), the timestamp in milliseconds since 1970. */
export function materialStoragePath(filename: string, now: number): string {
  return `${now}_${filename}`;
}

const LESSON_HTML: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'h2',
    'h3',
    'h4',
    'strong',
    'em',
    'b',
    'i',
    'u',
    'blockquote',
    'ul',
    'ol',
    'li',
    'a',
    'code',
    'pre',
    'hr',
  ],
  allowedAttributes: { a: ['href', 'title'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
};

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * A lesson body as stored: HTML restricted to text tags (paragraphs, headings h2–h4, lists, emphasis, quotes,
 * links, code), everything else removed. Plain text (no tags) becomes paragraphs at blank lines, single line
 * breaks kept as <br>. Why HTML and not Markdown: the site already renders sanitised WordPress HTML (CmsHtml), and
 * no Markdown renderer is installed; sanitising on every write means readers never see unsafe markup.
 */
export function sanitizeLessonBody(body: string): string {
  const text = body.trim();
  if (!text) return '';
  const html = /<[a-z][\s\S]*>/i.test(text)
    ? text
    : text
        .split(/\n\s*\n/)
        .map((p) => `<p>${escapeHtml(p.trim()).replace(/\n/g, '<br />')}</p>`)
        .join('\n');
  return sanitizeHtml(html, LESSON_HTML).trim();
}
