'use server';

import { revalidatePath, updateTag } from 'next/cache';

import { z } from 'zod';

import { redirect } from '@/i18n/navigation';
import { routing, toLocale } from '@/i18n/routing';
import { supabaseClientForRequest } from '@/lib/auth';
import type { ActionFailure, ActionResult } from '@/lib/action-result';
import { TAGS } from '@/lib/cache/tags';
import { formText } from '@/lib/forms/fields';
import { action } from '@/lib/safe-action';
import { materialStorage } from '@/lib/storage';

import { type AdminDeps, type AdminOp, adminOps, attemptAdmin } from './admin';
import { completeLesson, enrol } from './learning';
import {
  type AdminErrorCode,
  COURSE_CREATE_FIELDS,
  type CourseCreateState,
  type EnrolErrorKey,
  FAILURE_KEYS,
  type ManageOp,
  courseCreateInput,
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
 * Admins: one action per change of the manage page, plus course creation and the test course, each through the
 * action pipeline (lib/safe-action.ts) with guard 'admin' and limit 'admin': the caller is checked on the server
 * (never trusting the page guard; 401 signed out, 403 not an admin, 503 a failed check), the change is counted
 * against the admin's limit (429), and the input is validated with the operation's schema (422), all before any
 * write; then the operation of lib/courses/admin.ts runs on the typed input. After a write, course pages are
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

const courseIds = z.object({ courseId: z.string().max(100) });

const enrolRun = action(
  { name: 'course-enrol', schema: courseIds, guard: 'user' },
  async ({ courseId }, { user }): Promise<{ created: boolean } | ActionFailure<EnrolErrorKey>> => {
    try {
      const { created } = await enrol(user.id, courseId);
      return { created };
    } catch (error) {
      if (isCourseError(error)) {
        if (error.code === 'enrolment-failed') console.error('[courses] enrolment failed:', error.message);
        return enrolFailure(enrolErrorKey(error.code));
      }
      console.error('[courses] enrolment failed:', error);
      return enrolFailure('errorEnrolmentFailed');
    }
  },
);

/**
 * Self-service enrolment in a free published course (priced → 'errorPaymentRequired'). Idempotent. Through the
 * action pipeline (guard 'user': the session checked with the auth server); its refusals become the Courses
 * message keys: signed out → 'errorNotAuthenticated', a malformed id → 'errorCourseNotFound', anything else of
 * ours → 'errorEnrolmentFailed'.
 */
export async function enrolInCourse(courseId: unknown): Promise<EnrolResult> {
  const result = await enrolRun({ courseId });
  if (result.ok || Object.hasOwn(ENROL_STATUS, result.error)) return result as EnrolResult;
  if (result.error === 'unauthenticated') return enrolFailure('errorNotAuthenticated');
  return enrolFailure(result.error === 'invalid' ? 'errorCourseNotFound' : 'errorEnrolmentFailed');
}

/** Completing a lesson: the new whole percent and the certificate id at 100%, or the message key of the refusal. */
export type CompleteResult = ActionResult<
  { progress: number; certificateId: string | null },
  'errorNotAuthenticated' | 'errorProgress'
>;

const completeRun = action(
  { name: 'course-complete', schema: courseIds.extend({ lessonId: z.string().max(100) }), guard: 'user' },
  async ({ courseId, lessonId }, { user }) => {
    try {
      const studentName = user.name?.trim() || user.email;
      const result = await completeLesson(user.id, courseId, lessonId, { studentName });
      return { progress: result.progress.progress, certificateId: result.certificate?.id ?? null };
    } catch (error) {
      if (isCourseError(error, 'not-authenticated'))
        return { ok: false as const, status: 401 as const, error: 'errorNotAuthenticated' as const };
      console.error('[courses] completing a lesson failed:', error instanceof Error ? error.message : error);
      return {
        ok: false as const,
        status: isCourseError(error) ? (422 as const) : (500 as const),
        error: 'errorProgress' as const,
      };
    }
  },
);

/**
 * Marks a lesson complete for the signed-in, enrolled student; at 100% the certificate is issued in the name the
 * account gave at sign-up (else its email address). Through the action pipeline (guard 'user'). Refusals: 401
 * signed out, 422 not enrolled or not a lesson of the course (or malformed ids), 500 a database failure.
 */
export async function completeLessonAction(courseId: unknown, lessonId: unknown): Promise<CompleteResult> {
  const result = await completeRun({ courseId, lessonId });
  if (result.ok) return result;
  if (result.error === 'errorNotAuthenticated' || result.error === 'unauthenticated')
    return { ok: false, status: 401, error: 'errorNotAuthenticated' };
  if (result.error === 'errorProgress') return result as CompleteResult;
  return { ok: false, status: result.status === 500 ? 500 : 422, error: 'errorProgress' };
}

// updateTag, not revalidateTag(…, 'max'): the admin's next page (the course list after publishing, say) must show
// the change, not stale data while it refreshes in the background.
function revalidateCourses(): void {
  updateTag(TAGS.courses);
  revalidatePath('/[locale]/courses', 'layout');
  revalidatePath('/[locale]/dashboard', 'page');
}

/** The pipeline's part of every admin action: guard 'admin', then one count against the admin's limit. */
const ADMIN = { guard: 'admin', limit: 'admin' } as const;

const createCourse = action(
  { name: 'course-create', schema: adminOps.create.schema, ...ADMIN },
  (input, { user }) => attemptAdmin(() => adminOps.create.run(input, user, {})),
);

/**
 * The creation form (docs/SPEC-NOTES.md §7 payload: title, description, price, thumbnail, certification {title,
 * description}, published). Returns `{ ok: true, data: { id } }` or a failure (401, 403, 503, 429 over the
 * admin's limit, 422 with field keys such as `certification.title`, 500). No spam guard: only admins get past
 * the guard, and the toast needs the 401/403 distinction.
 */
export async function createCourseAction(
  raw: unknown,
): Promise<ActionResult<{ id: string }, AdminErrorCode>> {
  const result = await createCourse(raw);
  if (result.ok) revalidateCourses();
  // The admin guard has no spam guard, so the pipeline's codes here ('unauthenticated', 'forbidden',
  // 'check-failed', 'rate-limited', 'invalid', 'server') are all AdminErrorCode's, which the form translates.
  return result as ActionResult<{ id: string }, AdminErrorCode>;
}

/** Longest text typed back into a field of a refused creation form (the fields' own limits are lower). */
const MAX_ECHO = 20_000;

/**
 * The creation form posted without JavaScript, or before the page hydrated (React's useActionState; the previous
 * state is never read): the same `createCourseAction` on the posted fields (admin guard, limit, schema). Created
 * → the course's manage page with `?done=create` (its 'created' message), as the scripted form moves there; else
 * the state the form is rendered again with: what was typed, the field message keys and the failure's key.
 */
export async function createCourseForm(
  _previous: CourseCreateState,
  form: FormData,
): Promise<CourseCreateState> {
  const result = await createCourseAction(courseCreateInput(form));
  const locale = toLocale(formText(form, 'formLocale') || null);
  if (result.ok) return redirect({ href: `/courses/manage/${result.data.id}?done=create`, locale });
  const values: NonNullable<CourseCreateState>['values'] = {};
  for (const name of COURSE_CREATE_FIELDS) values[name] = formText(form, name).slice(0, MAX_ECHO);
  const fieldErrors: Record<string, string> = {};
  for (const [name, key] of Object.entries(result.fieldErrors ?? {}))
    if ((COURSE_CREATE_FIELDS as readonly string[]).includes(name)) fieldErrors[name] = key;
  return { status: 'refused', values, fieldErrors, formError: FAILURE_KEYS[result.error] };
}

/**
 * One change of `/courses/manage/{courseId}` as a server action for its form: the form's fields become the
 * operation's input (`manageInput`, lib/courses/shared.ts) (read once), which the pipeline gets after it checks the
 * admin and counts the change, and validates before the operation runs. Redirects back to the manage page with
 * `?done={op}` or `?error={code}` and the section's anchor, so the page works without JavaScript; a caller that
 * is not an admin is sent to the page too, whose guard then redirects. The locale is the form's `locale` field.
 */
function manageAction<S extends z.ZodType, T>(
  name: ManageOp,
  operation: AdminOp<S, T>,
  deps: () => Promise<AdminDeps> = async () => ({}),
) {
  const run = action(
    { name: `course-${name}`, schema: operation.schema, ...ADMIN },
    async (input, { user }) => attemptAdmin(async () => operation.run(input, user, await deps())),
  );
  return async (form: FormData): Promise<void> => {
    // Read once: the fields as the operation's input (any payload becomes a record of strings, so a hostile one
    // fails the schema) and the section of the page to return to.
    const { raw, section } = manageInput(name, form);
    const result = await run(raw);
    if (result.ok) revalidateCourses();
    const status = result.ok ? `done=${name}` : `error=${result.error}`;
    const courseId = encodeURIComponent(formText(form, 'courseId'));
    redirect({
      href: `/courses/manage/${courseId}?${status}#${section}`,
      locale: toLocale(formText(form, 'locale') || null),
    });
  };
}

/** Saves the course details form (title, description, price, thumbnail, certificate title and description). */
export const updateCourseAction = manageAction('update', adminOps.update);

/** Publishes or unpublishes the course (`published` 'true' or 'false'). */
export const publishCourseAction = manageAction('publish', adminOps.publish);

/** Adds a unit at the end of the course. */
export const addUnitAction = manageAction('addUnit', adminOps.addUnit);

/** Adds a lesson at the end of a unit (`unitId`). */
export const addLessonAction = manageAction('addLesson', adminOps.addLesson);

/** Saves a lesson (`lessonId`: title, body, video URL). */
export const updateLessonAction = manageAction('updateLesson', adminOps.updateLesson);

/** Moves a unit to `toIndex` within its course. */
export const moveUnitAction = manageAction('moveUnit', adminOps.moveUnit);

/** Moves a lesson to `toIndex` within its unit. */
export const moveLessonAction = manageAction('moveLesson', adminOps.moveLesson);

/** Moves a lesson to the end of another unit (`toUnitId`) of the same course. */
export const moveLessonToUnitAction = manageAction('moveLessonToUnit', adminOps.moveLessonToUnit);

/** Deletes a unit with its lessons. */
export const deleteUnitAction = manageAction('deleteUnit', adminOps.deleteUnit);

/** Deletes a lesson. */
export const deleteLessonAction = manageAction('deleteLesson', adminOps.deleteLesson);

/** Enrols the student with that `email` in the course (an admin enrolment: payments are not taken online). */
export const enrolStudentAction = manageAction('enrolStudent', adminOps.enrolStudent);

/** Renames a unit (`unitId`, `title`). */
export const updateUnitAction = manageAction('updateUnit', adminOps.updateUnit);

/**
 * Deletes a material (`materialId`) and its stored file; on Supabase Storage with the admin's own session, whose
 * RLS allows admins to remove files.
 */
export const deleteMaterialAction = manageAction('deleteMaterial', adminOps.deleteMaterial, async () => ({
  storage: materialStorage(await supabaseClientForRequest()),
}));

/** Takes the student (`userId`) out of the course; their progress and certificate stay. */
export const unenrolStudentAction = manageAction('unenrolStudent', adminOps.unenrolStudent);

const createTestCourse = action(
  // The page's form always sends its locale; requiring it keeps a post that is not that form from creating one.
  { name: 'course-test', schema: z.object({ locale: z.enum(routing.locales) }), ...ADMIN },
  (_input, { user }) => attemptAdmin(() => adminOps.testCourse.run({}, user, {})),
);

/** `/courses/test`: creates the docs/SPEC-NOTES.md §7 test course (price 25) and returns to the page showing it. */
export async function createTestCourseAction(form: FormData): Promise<void> {
  const result = await createTestCourse(form);
  if (result.ok) revalidateCourses();
  redirect({
    href: result.ok ? `/courses/test?created=${result.data.id}` : `/courses/test?error=${result.error}`,
    locale: toLocale(formText(form, 'locale') || null),
  });
}
