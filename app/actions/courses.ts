'use server';

import { checkUser } from '@/lib/auth';
import { completeLesson, enrol, isCourseError } from '@/lib/courses';
import { enrolErrorKey, type EnrolErrorKey } from '@/components/courses/format';

/**
 * The student side's server actions (issue 7 §4): enrol in a free course and mark a lesson complete. Each checks
 * the session with the auth server first (`checkUser`: signed out → 'User not authenticated', docs/SPEC-NOTES.md §5), then
 * lib/courses enforces the data rules (published, free, enrolled, lesson of this course). Results are plain
 * objects with message keys the islands translate; no exceptions reach the browser.
 */

export type EnrolResult = { ok: true; created: boolean } | { ok: false; error: EnrolErrorKey };

/** Self-service enrolment in a free published course (priced → 'errorPaymentRequired'). Idempotent. */
export async function enrolInCourse(courseId: unknown): Promise<EnrolResult> {
  const guard = await checkUser();
  if (!guard.ok) return { ok: false, error: 'errorNotAuthenticated' };
  if (typeof courseId !== 'string') return { ok: false, error: 'errorCourseNotFound' };
  try {
    const { created } = await enrol(guard.user.id, courseId);
    return { ok: true, created };
  } catch (error) {
    if (isCourseError(error)) {
      if (error.code === 'enrolment-failed') console.error('[courses] enrolment failed:', error.message);
      return { ok: false, error: enrolErrorKey(error.code) };
    }
    console.error('[courses] enrolment failed:', error);
    return { ok: false, error: 'errorEnrolmentFailed' };
  }
}

export type CompleteResult =
  | { ok: true; progress: number; certificateId: string | null }
  | { ok: false; error: 'errorNotAuthenticated' | 'errorProgress' };

/**
 * Marks a lesson complete for the signed-in, enrolled student; at 100% the certificate is issued in the name the
 * account gave at sign-up (else its email address). @returns the new whole percent and the certificate id, if any.
 */
export async function completeLessonAction(courseId: unknown, lessonId: unknown): Promise<CompleteResult> {
  const guard = await checkUser();
  if (!guard.ok) return { ok: false, error: 'errorNotAuthenticated' };
  if (typeof courseId !== 'string' || typeof lessonId !== 'string')
    return { ok: false, error: 'errorProgress' };
  try {
    const studentName = guard.user.name?.trim() || guard.user.email;
    const result = await completeLesson(guard.user.id, courseId, lessonId, { studentName });
    return { ok: true, progress: result.progress.progress, certificateId: result.certificate?.id ?? null };
  } catch (error) {
    if (isCourseError(error, 'not-authenticated')) return { ok: false, error: 'errorNotAuthenticated' };
    console.error('[courses] completing a lesson failed:', error instanceof Error ? error.message : error);
    return { ok: false, error: 'errorProgress' };
  }
}
