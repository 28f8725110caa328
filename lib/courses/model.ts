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

export type MaterialCheck =
  | { ok: true; filename: string; contentType: string }
  | { ok: false; code: 'material-empty' | 'material-too-large' | 'material-type'; detail: string };

/**
 * Whether a file may be a course material: not empty, at most MATERIAL_MAX_BYTES, and an allowed extension
 * (MATERIAL_TYPES). The stored content type comes from the extension, not from what the browser claimed.
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
  return { ok: true, filename, contentType };
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
