/**
 * Errors of the course platform (spec §8 "Enrolment and courses"). Each has a stable `code` that pages and
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
