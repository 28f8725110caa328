/**
 * The client-safe half of the course platform (no server imports; pages, islands and lib/courses all use it):
 * authoring limits and input types, the course errors, the manage page's forms as data and their status messages,
 * the student pages' format helpers and the names `/uploads` serves. No zod: the authoring schemas are
 * ./schema.ts, which the admin forms load. The server API is `@/lib/courses`.
 */
import { formText } from '@/lib/forms/fields';

// ---------------------------------------------------------------------------------------------------------------
// Authoring input

/** Limits of course authoring input (the zod schemas that enforce them are in ./schema.ts). */

export const COURSE_TITLE_MAX = 200;
export const COURSE_DESCRIPTION_MAX = 20_000;
export const COURSE_PRICE_MAX = 100_000;
export const LESSON_BODY_MAX = 200_000;

/** Materials: at most 20 MB, and only these extensions, stored with these content types. */
export const MATERIAL_MAX_BYTES = 20 * 1024 * 1024;
export const MATERIAL_TYPES: Readonly<Record<string, string>> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  mp3: 'audio/mpeg',
  mp4: 'video/mp4',
};
/** For a file input's `accept` attribute. */
export const MATERIAL_ACCEPT = Object.keys(MATERIAL_TYPES)
  .map((ext) => `.${ext}`)
  .join(',');

// The authoring input's types; the schemas themselves are in ./schema.ts (zod stays off the pages' first load).
export type {
  CourseCreateInput,
  CourseCreateData,
  CourseUpdateInput,
  CourseUpdateData,
  UnitInput,
  UnitData,
  LessonInput,
  LessonData,
  LessonUpdateInput,
  LessonUpdateData,
} from './schema';

// ---------------------------------------------------------------------------------------------------------------
// Errors

/**
 * Errors of the course platform (docs/SPEC-NOTES.md §8 "Enrolment and courses"). Each has a stable `code` that pages and
 * actions map to translated messages, and an English `message` that starts with the spec's text (what the old
 * site showed and logged). Browser-safe: no imports.
 */
export const COURSE_ERROR_PREFIX = {
  'not-authenticated': 'User not authenticated',
  'course-not-found': 'Failed to get course details',
  'payment-required': 'Failed to create enrollment',
  'enrolment-failed': 'Failed to create enrollment',
  'student-not-found': 'Failed to create enrollment',
  'not-enrolled': 'Failed to update progress',
  'lesson-not-found': 'Failed to update progress',
  'progress-failed': 'Failed to update progress',
  'not-complete': 'Failed to update progress',
  'create-failed': 'All insert methods failed',
  'update-failed': 'Failed to fetch course',
  'unit-not-found': 'Failed to fetch course',
  'unit-other-course': 'Failed to fetch course',
  'invalid-input': 'Invalid course data',
  'material-empty': 'Invalid file',
  'material-too-large': 'Invalid file',
  'material-type': 'Invalid file',
  'material-content': 'Invalid file',
  'material-not-found': 'Failed to fetch course',
  'material-failed': 'Failed to upload file',
  'enrolment-not-found': 'Failed to fetch course',
} as const;

export type CourseErrorCode = keyof typeof COURSE_ERROR_PREFIX;

/** A refused or failed course operation; `message` = `<spec text>: <detail>` ('User not authenticated' alone). */
export class CourseError extends Error {
  readonly code: CourseErrorCode;

  constructor(code: CourseErrorCode, detail?: string, options?: { cause?: unknown }) {
    const prefix = COURSE_ERROR_PREFIX[code];
    super(detail ? `${prefix}: ${detail}` : prefix, options);
    this.name = 'CourseError';
    this.code = code;
  }
}

/** Whether `error` is a CourseError (with an optional code to match). */
export function isCourseError(error: unknown, code?: CourseErrorCode): error is CourseError {
  return error instanceof CourseError && (code === undefined || error.code === code);
}

/**
 * A log line's worth of what went wrong, without personal data: the error's name and code (SQLSTATE such as
 * `23505`, or an errno such as `ENOSPC`), and those of its cause. Driver and file-system messages are left out,
 * since they can quote a query's values (an email, a user id) or a server path. Never throws.
 */
export function errorSummary(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 3 && current; depth++) {
    if (!(current instanceof Error)) {
      parts.push(typeof current);
      break;
    }
    const code = (current as { code?: unknown }).code;
    parts.push(`${current.name}${typeof code === 'string' || typeof code === 'number' ? ` (${code})` : ''}`);
    current = current.cause;
  }
  return parts.join(' ← ');
}

// ---------------------------------------------------------------------------------------------------------------
// Admin results and the manage page's forms

/** The stable codes of a refused or failed admin change (lib/courses/admin.ts). */
export type AdminErrorCode =
  | 'unauthenticated'
  | 'forbidden'
  | 'check-failed'
  | 'invalid'
  | 'not-found'
  | 'other-course'
  | 'no-such-student'
  | 'rate-limited'
  | 'too-large'
  | 'bad-type'
  | 'bad-content'
  | 'empty'
  | 'server';

/**
 * The forms of `/courses/manage/{courseId}` as data (pure; browser-safe): which changes exist (`op`; each has its
 * own server action in lib/courses/actions.ts), and how one form's fields become the input of its operation in
 * lib/courses/admin.ts plus the page anchor to return to (the changed unit or lesson, else the section).
 * Validation happens in the action pipeline, with the operation's schema.
 */
export const MANAGE_OPS = [
  'update',
  'publish',
  'addUnit',
  'addLesson',
  'updateLesson',
  'moveUnit',
  'moveLesson',
  'moveLessonToUnit',
  'deleteUnit',
  'deleteLesson',
  'enrolStudent',
  'updateUnit',
  'deleteMaterial',
  'unenrolStudent',
] as const;
export type ManageOp = (typeof MANAGE_OPS)[number];

const text = formText;

/** Only uuid-like ids go into an anchor (`#unit-…`); anything else returns to the section. */
const anchorId = (value: string): string | null => (/^[0-9a-f-]{36}$/i.test(value) ? value : null);

/** `'12.50'` → 12.5; empty or not a number → NaN (which the schema reports as 'invalidPrice'). */
export function parsePrice(value: string): number {
  const trimmed = value.trim();
  return trimmed === '' ? Number.NaN : Number(trimmed);
}

/**
 * The operation's input and return anchor of one manage-page form (`form`: its FormData, or the fields as a
 * record; a field sent twice reads as empty, lib/forms/fields.ts). `publish` reads `published` ('true' or 'false');
 * `update` sends every course field but `published`; moves send `toIndex` as given (the handler coerces it);
 * `moveLessonToUnit` sends `toUnitId` and returns to the lesson (its anchor follows it into the new unit).
 */
export function manageInput(op: ManageOp, form: unknown): { raw: Record<string, unknown>; section: string } {
  const courseId = text(form, 'courseId');
  const unitId = text(form, 'unitId');
  const lessonId = text(form, 'lessonId');
  const unitAnchor = anchorId(unitId) ? `unit-${unitId}` : 'units';
  const lessonAnchor = anchorId(lessonId) ? `lesson-${lessonId}` : 'units';
  const lesson = { title: text(form, 'title'), body: text(form, 'body'), videoUrl: text(form, 'videoUrl') };
  switch (op) {
    case 'update':
      return {
        raw: { courseId, ...courseDetailsInput(form) },
        section: 'details',
      };
    case 'publish':
      return { raw: { courseId, published: text(form, 'published') === 'true' }, section: 'details' };
    case 'addUnit':
      return { raw: { courseId, title: text(form, 'title') }, section: 'units' };
    case 'addLesson':
      return { raw: { unitId, ...lesson }, section: unitAnchor };
    case 'updateLesson':
      return { raw: { lessonId, ...lesson }, section: lessonAnchor };
    case 'moveUnit':
      return { raw: { unitId, toIndex: text(form, 'toIndex') }, section: unitAnchor };
    case 'moveLesson':
      return { raw: { lessonId, toIndex: text(form, 'toIndex') }, section: lessonAnchor };
    case 'moveLessonToUnit':
      return { raw: { lessonId, toUnitId: text(form, 'toUnitId') }, section: lessonAnchor };
    case 'deleteUnit':
      return { raw: { unitId }, section: 'units' };
    case 'deleteLesson':
      return { raw: { lessonId }, section: unitAnchor };
    case 'enrolStudent':
      return { raw: { courseId, email: text(form, 'email') }, section: 'students' };
    case 'updateUnit':
      return { raw: { unitId, title: text(form, 'title') }, section: unitAnchor };
    case 'deleteMaterial':
      return { raw: { courseId, materialId: text(form, 'materialId') }, section: 'materials' };
    case 'unenrolStudent':
      return { raw: { courseId, userId: text(form, 'userId') }, section: 'students' };
  }
}

/** The creation form's fields, by the names it posts (the creation payload's; `published` is a checkbox). */
export const COURSE_CREATE_FIELDS = [
  'title',
  'description',
  'price',
  'thumbnail',
  'certification.title',
  'certification.description',
  'published',
] as const;

/**
 * The creation payload from the creation form's FormData (a post without JavaScript; a field sent twice reads as
 * empty): the texts as typed, `price` as a number (empty → NaN, which the schema refuses), `published` ticked.
 */
export function courseCreateInput(form: unknown): Record<string, unknown> {
  return { ...courseDetailsInput(form), published: text(form, 'published') === 'on' };
}

/** A course's details as the details and creation forms post them: texts as typed, `price` as a number. */
function courseDetailsInput(form: unknown) {
  return {
    title: text(form, 'title'),
    description: text(form, 'description'),
    price: parsePrice(text(form, 'price')),
    thumbnail: text(form, 'thumbnail'),
    certification: {
      title: text(form, 'certification.title'),
      description: text(form, 'certification.description'),
    },
  };
}

/**
 * The creation form's state after a refused post without JavaScript (React's useActionState; null before),
 * shaped like the public forms' (lib/forms/form-state.ts): what was typed per field, the field message keys (the
 * schema's: `required`, `invalidPrice`…) and, as `formError`, the CourseAdmin key of the failure.
 */
export type CourseCreateState = {
  status: 'refused';
  values: Partial<Record<(typeof COURSE_CREATE_FIELDS)[number], string>>;
  fieldErrors: Record<string, string>;
  formError: StatusKey;
} | null;

/** CourseAdmin message keys the manage and test pages show after a change. */
export type StatusKey =
  | `done${Capitalize<ManageOp>}`
  | 'doneCreate'
  | 'doneUpload'
  | 'doneReplace'
  | 'failUnauthenticated'
  | 'failForbidden'
  | 'failInvalid'
  | 'failNotFound'
  | 'failOtherCourse'
  | 'failNoSuchStudent'
  | 'failRateLimited'
  | 'failTooLarge'
  | 'failBadType'
  | 'failBadContent'
  | 'failEmpty'
  | 'failServer';

/** A failed admin action's code → its CourseAdmin message key (the manage page, the test page, the create form). */
export const FAILURE_KEYS: Record<AdminErrorCode, StatusKey> = {
  unauthenticated: 'failUnauthenticated',
  forbidden: 'failForbidden',
  // The admin check itself failed (database error): a server-side failure to the person; try again.
  'check-failed': 'failServer',
  invalid: 'failInvalid',
  'not-found': 'failNotFound',
  'other-course': 'failOtherCourse',
  'no-such-student': 'failNoSuchStudent',
  'rate-limited': 'failRateLimited',
  'too-large': 'failTooLarge',
  'bad-type': 'failBadType',
  'bad-content': 'failBadContent',
  empty: 'failEmpty',
  server: 'failServer',
};

const first = (value: string | string[] | undefined): string | undefined =>
  Array.isArray(value) ? value[0] : value;

/**
 * The message for `?done={op}` or `?error={code}` after a manage-page form (pure). Unknown values show nothing
 * (a crafted URL cannot put arbitrary text on the page).
 */
export function manageStatus(
  query: Record<string, string | string[] | undefined>,
): { ok: boolean; key: StatusKey } | null {
  const done = first(query.done);
  if (done === 'upload') return { ok: true, key: 'doneUpload' };
  if (done === 'replace') return { ok: true, key: 'doneReplace' };
  if (done === 'create') return { ok: true, key: 'doneCreate' };
  if (done && (MANAGE_OPS as readonly string[]).includes(done)) {
    return { ok: true, key: `done${done[0]!.toUpperCase()}${done.slice(1)}` as StatusKey };
  }
  const error = first(query.error);
  if (error && Object.hasOwn(FAILURE_KEYS, error))
    return { ok: false, key: FAILURE_KEYS[error as AdminErrorCode] };
  return null;
}

// ---------------------------------------------------------------------------------------------------------------
// Student pages

/**
 * Pure helpers of the student course pages (no imports from the server): description excerpts,
 * progress clamping, the lesson a `?lesson=` parameter may open, and which message a CourseError code shows.
 */

/** Plain text of at most `max` characters, cut at a word boundary with an ellipsis (course descriptions are text). */
export function cutText(text: string, max = 180): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:–-]+$/, '')}…`;
}

/** A whole percent between 0 and 100 (progress rows are whole percents already; this guards the bar). */
export function clampPercent(value: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.min(100, Math.max(0, Math.round(value)));
}

/**
 * The lesson the learn page opens: the `?lesson=` id when it names a lesson of this course, else `fallback`
 * (the lesson `resumeLesson` picked), else the first lesson. Null for a course without lessons.
 */
export function pickLesson(
  lessonIds: readonly string[],
  requested: unknown,
  fallback?: string | null,
): string | null {
  if (typeof requested === 'string' && lessonIds.includes(requested)) return requested;
  if (fallback && lessonIds.includes(fallback)) return fallback;
  return lessonIds[0] ?? null;
}

/** The neighbours of a lesson in course order, for Previous / Next links. */
export function neighbours(
  lessonIds: readonly string[],
  current: string,
): { previous?: string; next?: string } {
  const i = lessonIds.indexOf(current);
  if (i < 0) return {};
  return { previous: lessonIds[i - 1], next: lessonIds[i + 1] };
}

/** Message keys (Courses namespace) of refused enrolments. */
export type EnrolErrorKey =
  'errorNotAuthenticated' | 'errorCourseNotFound' | 'errorPaymentRequired' | 'errorEnrolmentFailed';

/** Which translated message an enrolment failure shows (docs/SPEC-NOTES.md §8: 'User not authenticated' for no session). */
export function enrolErrorKey(code: CourseErrorCode | 'unauthenticated'): EnrolErrorKey {
  switch (code) {
    case 'unauthenticated':
    case 'not-authenticated':
      return 'errorNotAuthenticated';
    case 'course-not-found':
      return 'errorCourseNotFound';
    case 'payment-required':
      return 'errorPaymentRequired';
    default:
      return 'errorEnrolmentFailed';
  }
}

/** Which toast the courses list shows for requireAdmin's `?denied=` parameter (docs/SPEC-NOTES.md §6), or null. */
export function deniedNotice(search: string): 'admin' | 'check' | null {
  const value = new URLSearchParams(search).get('denied');
  return value === 'admin' || value === 'check' ? value : null;
}

// ---------------------------------------------------------------------------------------------------------------
// Stored materials

/**
 * Which stored course materials `/uploads/{file}` serves and how (pure). Names are what lib/courses stores:
 * `{timestamp}_{sanitised filename}` with an extension it accepts; anything else is not a file of ours (404).
 */
export const UPLOAD_NAME = /^\d+_[A-Za-z0-9._-]+$/;

// Office documents download rather than open in the tab (browsers would otherwise hand them to a plug-in).
const OFFICE = new Set(['doc', 'docx', 'ppt', 'pptx', 'xls', 'xlsx']);

export type UploadHeaders = { contentType: string; attachment: boolean };

/** Content type and disposition of a stored file name, or null when the name is not one we serve. */
export function uploadHeaders(name: string): UploadHeaders | null {
  if (!UPLOAD_NAME.test(name) || name.includes('..')) return null;
  const dot = name.lastIndexOf('.');
  if (dot < 0) return null;
  const ext = name.slice(dot + 1).toLowerCase();
  const contentType = MATERIAL_TYPES[ext];
  if (!contentType) return null;
  return { contentType, attachment: OFFICE.has(ext) };
}

/**
 * A `Content-Disposition` header for a material (RFC 6266): `filename` is an ASCII fallback (accents folded, other
 * non-ASCII, quotes, backslashes and controls replaced by '_') for old clients, `filename*` the real name in UTF-8,
 * percent-encoded (RFC 5987/8187), so `Session-plan-Unicode-é.pdf` is saved under that name. Pure.
 */
export function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const fallback =
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^\x20-\x7e]|["\\]/g, '_')
      .trim() || 'download';
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

// ---------------------------------------------------------------------------------------------------------------
// Materials as students see them

/** The kinds of material a list names (message keys `Courses.materialKind.*`), by stored content type. */
export type MaterialKind = 'pdf' | 'word' | 'slides' | 'image' | 'audio' | 'video' | 'file';

/** The Courses message of each material kind. */
export const MATERIAL_KIND_KEYS = {
  pdf: 'kindPdf',
  word: 'kindWord',
  slides: 'kindSlides',
  image: 'kindImage',
  audio: 'kindAudio',
  video: 'kindVideo',
  file: 'kindFile',
} as const satisfies Record<MaterialKind, string>;

/** Which kind a stored content type is (MATERIAL_TYPES' values), for the list's type label. Pure. */
export function materialKind(contentType: string): MaterialKind {
  if (contentType === 'application/pdf') return 'pdf';
  if (contentType.includes('word')) return 'word';
  if (contentType.includes('powerpoint') || contentType.includes('presentation')) return 'slides';
  if (contentType.startsWith('image/')) return 'image';
  if (contentType.startsWith('audio/')) return 'audio';
  if (contentType.startsWith('video/')) return 'video';
  return 'file';
}

export { formatFileSize } from '@/lib/utils/format';

/** A material as a student's list shows it: the name, kind, size and the access-checked download address. */
export type StudentMaterial = {
  id: string;
  name: string;
  kind: MaterialKind;
  sizeBytes: number;
  url: string;
  lessonId: string | null;
};

// ---------------------------------------------------------------------------------------------------------------
// The back office's course list

/** The statuses the back office's course list filters by. */
export const COURSE_LIST_STATUSES = ['draft', 'published'] as const;

/**
 * The course list's filter from `/admin/courses?q=…&status=…` (a query a person may have edited): `q` trimmed and
 * cut to 200 characters, `status` kept only when it is 'draft' or 'published'; anything else is dropped (the list
 * still shows). Pure; no validation library (read-only input).
 */
export function courseListFilter(query: Record<string, string | string[] | undefined>): {
  q?: string;
  status?: (typeof COURSE_LIST_STATUSES)[number];
} {
  const q = first(query.q)?.trim().slice(0, 200);
  const status = first(query.status);
  return {
    ...(q ? { q } : {}),
    ...((COURSE_LIST_STATUSES as readonly string[]).includes(status ?? '')
      ? { status: status as (typeof COURSE_LIST_STATUSES)[number] }
      : {}),
  };
}
