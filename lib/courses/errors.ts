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
  'material-failed': 'Failed to upload file',
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
