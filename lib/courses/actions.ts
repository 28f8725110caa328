'use server';

import { revalidatePath, updateTag } from 'next/cache';

import { redirect } from '@/i18n/navigation';
import { toLocale } from '@/i18n/routing';
import { checkUser } from '@/lib/auth';
import type { ActionFailure, ActionResult } from '@/lib/action-result';
import { TAGS } from '@/lib/cache/tags';

import {
  type AdminGate,
  checkAdminWithinLimit,
  handleAddLesson,
  handleAddUnit,
  handleCreateCourse,
  handleCreateTestCourse,
  handleDeleteLesson,
  handleDeleteUnit,
  handleEnrolStudent,
  handleMoveLesson,
  handleMoveLessonToUnit,
  handleMoveUnit,
  handleSetPublished,
  handleUpdateCourse,
  handleUpdateLesson,
} from './admin';
import { completeLesson, enrol } from './learning';
import {
  type AdminErrorCode,
  type EnrolErrorKey,
  type ManageOp,
  enrolErrorKey,
  isCourseError,
  manageInput,
} from './shared';

/**
 * The server actions of the course pages (issue 7 §4), the only module islands and forms post to.
 *
 * Students: enrol in a free course and mark a lesson complete. Each checks the session with the auth server first
 * (`checkUser`: signed out → 'User not authenticated', docs/SPEC-NOTES.md §5), then lib/courses enforces the data
 * rules (published, free, enrolled, lesson of this course). Results are plain objects with message keys the
 * islands translate; no exceptions reach the browser.
 *
 * Admins: one action per change of the manage page, plus course creation and the test course. Each checks the
 * caller with `checkAdmin()` on the server (never trusting the page guard), counts the change against the
 * admin's rate limit (`checkAdminWithinLimit`), and hands that gate and the input to its operation in
 * lib/courses/admin.ts, which refuses signed-out callers (401), non-admins (403), a failed check (503) and an
 * admin over the limit (429) before any write, and validates the input once. After a write, course pages are
 * revalidated.
 */

/** Enrolment's answer: whether a new enrolment was made, or the message key of the refusal. */
export type EnrolResult = ActionResult<{ created: boolean }, EnrolErrorKey>;

/** The HTTP-like status of each enrolment refusal. */
const ENROL_STATUS: Record<EnrolErrorKey, ActionFailure['status']> = {
  errorNotAuthenticated: 401,
  errorPaymentRequired: 403,
  errorCourseNotFound: 404,
  errorEnrolmentFailed: 500,
};
const enrolFailure = (error: EnrolErrorKey): ActionFailure<EnrolErrorKey> => ({
  ok: false,
  status: ENROL_STATUS[error],
  error,
});

/** Self-service enrolment in a free published course (priced → 'errorPaymentRequired'). Idempotent. */
export async function enrolInCourse(courseId: unknown): Promise<EnrolResult> {
  const guard = await checkUser();
  if (!guard.ok) return enrolFailure('errorNotAuthenticated');
  if (typeof courseId !== 'string') return enrolFailure('errorCourseNotFound');
  try {
    const { created } = await enrol(guard.user.id, courseId);
    return { ok: true, data: { created } };
  } catch (error) {
    if (isCourseError(error)) {
      if (error.code === 'enrolment-failed') console.error('[courses] enrolment failed:', error.message);
      return enrolFailure(enrolErrorKey(error.code));
    }
    console.error('[courses] enrolment failed:', error);
    return enrolFailure('errorEnrolmentFailed');
  }
}

/** Completing a lesson: the new whole percent and the certificate id at 100%, or the message key of the refusal. */
export type CompleteResult = ActionResult<
  { progress: number; certificateId: string | null },
  'errorNotAuthenticated' | 'errorProgress'
>;

/**
 * Marks a lesson complete for the signed-in, enrolled student; at 100% the certificate is issued in the name the
 * account gave at sign-up (else its email address). Refusals: 401 signed out, 422 not enrolled or not a lesson of
 * the course (or malformed ids), 500 a database failure.
 */
export async function completeLessonAction(courseId: unknown, lessonId: unknown): Promise<CompleteResult> {
  const guard = await checkUser();
  if (!guard.ok) return { ok: false, status: 401, error: 'errorNotAuthenticated' };
  if (typeof courseId !== 'string' || typeof lessonId !== 'string')
    return { ok: false, status: 422, error: 'errorProgress' };
  try {
    const studentName = guard.user.name?.trim() || guard.user.email;
    const result = await completeLesson(guard.user.id, courseId, lessonId, { studentName });
    return {
      ok: true,
      data: { progress: result.progress.progress, certificateId: result.certificate?.id ?? null },
    };
  } catch (error) {
    if (isCourseError(error, 'not-authenticated'))
      return { ok: false, status: 401, error: 'errorNotAuthenticated' };
    console.error('[courses] completing a lesson failed:', error instanceof Error ? error.message : error);
    return { ok: false, status: isCourseError(error) ? 422 : 500, error: 'errorProgress' };
  }
}

// updateTag, not revalidateTag(…, 'max'): the admin's next page (the course list after publishing, say) must show
// the change, not stale data while it refreshes in the background.
function revalidateCourses(): void {
  updateTag(TAGS.courses);
  revalidatePath('/[locale]/courses', 'layout');
  revalidatePath('/[locale]/dashboard', 'page');
}

/**
 * The creation form (docs/SPEC-NOTES.md §7 payload: title, description, price, thumbnail, certification {title,
 * description}, published). Returns `{ ok: true, data: { id } }` or a failure (401, 403, 422 with field
 * keys, 500, 429 over the admin rate limit). Not wrapped in a form pipeline on purpose: only admins get past the
 * guard, and the toast needs the 401/403 distinction; the limit is the per-admin one, counted after the admin
 * check.
 */
export async function createCourseAction(
  raw: unknown,
): Promise<ActionResult<{ id: string }, AdminErrorCode>> {
  const result = await handleCreateCourse(await checkAdminWithinLimit(), raw);
  if (result.ok) revalidateCourses();
  return result;
}

/**
 * One change of `/courses/manage/{courseId}` (the form's fields become the operation's input by `manageInput`,
 * lib/courses/shared.ts), so the page works without JavaScript. Redirects back to the manage page with
 * `?done={op}` or `?error={code}` and the section's anchor; a caller that is not an admin is sent to the page too,
 * whose guard then redirects.
 */
async function manage(
  op: ManageOp,
  formData: FormData,
  operation: (guard: AdminGate, raw: unknown) => Promise<ActionResult<unknown, AdminErrorCode>>,
): Promise<void> {
  const locale = toLocale(formData.get('locale'));
  const courseId = String(formData.get('courseId') ?? '');
  const guard = await checkAdminWithinLimit();
  const { raw, section } = manageInput(op, formData);
  const result = await operation(guard, raw);
  if (result.ok) revalidateCourses();
  const status = result.ok ? `done=${op}` : `error=${result.error}`;
  redirect({ href: `/courses/manage/${encodeURIComponent(courseId)}?${status}#${section}`, locale });
}

/** Saves the course details form (title, description, price, thumbnail, certificate title and description). */
export async function updateCourseAction(formData: FormData): Promise<void> {
  await manage('update', formData, handleUpdateCourse);
}

/** Publishes or unpublishes the course (`published` 'true' or 'false'). */
export async function publishCourseAction(formData: FormData): Promise<void> {
  await manage('publish', formData, handleSetPublished);
}

/** Adds a unit at the end of the course. */
export async function addUnitAction(formData: FormData): Promise<void> {
  await manage('addUnit', formData, handleAddUnit);
}

/** Adds a lesson at the end of a unit (`unitId`). */
export async function addLessonAction(formData: FormData): Promise<void> {
  await manage('addLesson', formData, handleAddLesson);
}

/** Saves a lesson (`lessonId`: title, body, video URL). */
export async function updateLessonAction(formData: FormData): Promise<void> {
  await manage('updateLesson', formData, handleUpdateLesson);
}

/** Moves a unit to `toIndex` within its course. */
export async function moveUnitAction(formData: FormData): Promise<void> {
  await manage('moveUnit', formData, handleMoveUnit);
}

/** Moves a lesson to `toIndex` within its unit. */
export async function moveLessonAction(formData: FormData): Promise<void> {
  await manage('moveLesson', formData, handleMoveLesson);
}

/** Moves a lesson to the end of another unit (`toUnitId`) of the same course. */
export async function moveLessonToUnitAction(formData: FormData): Promise<void> {
  await manage('moveLessonToUnit', formData, handleMoveLessonToUnit);
}

/** Deletes a unit with its lessons. */
export async function deleteUnitAction(formData: FormData): Promise<void> {
  await manage('deleteUnit', formData, handleDeleteUnit);
}

/** Deletes a lesson. */
export async function deleteLessonAction(formData: FormData): Promise<void> {
  await manage('deleteLesson', formData, handleDeleteLesson);
}

/** Enrols the student with that `email` in the course (an admin enrolment: payments are not taken online). */
export async function enrolStudentAction(formData: FormData): Promise<void> {
  await manage('enrolStudent', formData, handleEnrolStudent);
}

/** `/courses/test`: creates the docs/SPEC-NOTES.md §7 test course (price 25) and returns to the page showing it. */
export async function createTestCourseAction(formData: FormData): Promise<void> {
  const locale = toLocale(formData.get('locale'));
  const result = await handleCreateTestCourse(await checkAdminWithinLimit());
  if (result.ok) revalidateCourses();
  redirect({
    href: result.ok ? `/courses/test?created=${result.data.id}` : `/courses/test?error=${result.error}`,
    locale,
  });
}
