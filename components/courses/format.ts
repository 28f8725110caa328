import type { CourseErrorCode } from '@/lib/courses/errors';

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
