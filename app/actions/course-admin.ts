'use server';

import { revalidatePath, updateTag } from 'next/cache';

import { redirect } from '@/i18n/navigation';
import { type Locale, routing } from '@/i18n/routing';
import {
  type AdminResult,
  handleAddLesson,
  handleAddUnit,
  handleCreateCourse,
  handleCreateTestCourse,
  handleDeleteLesson,
  handleDeleteUnit,
  handleMoveLesson,
  handleMoveLessonToUnit,
  handleEnrolStudent,
  handleMoveUnit,
  handleSetPublished,
  handleUpdateCourse,
  handleUpdateLesson,
} from '@/lib/course-admin/handlers';
import { type AdminGate, checkAdminWithinLimit } from '@/lib/course-admin/limit';
import { manageInput, type ManageOp, MANAGE_OPS } from '@/lib/course-admin/manage-form';

/**
 * Server actions of the admin course pages. Each one checks the caller with `checkAdmin()` on the server (never
 * trusting the page guard), then counts the change against the admin's rate limit (`checkAdminWithinLimit`,
 * lib/course-admin/limit.ts), and hands the result to lib/course-admin/handlers.ts, which refuses signed-out
 * callers (401), non-admins (403), a failed check (503) and an admin over the limit (429) before any write.
 * After a write, course pages are revalidated.
 */

// updateTag, not revalidateTag(…, 'max'): the admin's next page (the course list after publishing, say) must show
// the change, not stale data while it refreshes in the background.
function revalidateCourses(): void {
  updateTag('courses');
  revalidatePath('/[locale]/courses', 'layout');
  revalidatePath('/[locale]/dashboard', 'page');
}

/**
 * The creation form (docs/SPEC-NOTES.md §7 payload: title, description, price, thumbnail, certification {title, description},
 * published). Returns `{ ok: true, data: { id } }` or an `AdminFailure` (401, 403, 422 with field keys, 500 with
 * the English detail for the 'Failed to create course: {message}' toast, 429 over the admin rate limit). Not
 * wrapped in formAction on purpose: only admins get past the guard, and the toast needs the 401/403 distinction
 * and the detail; the limit is the per-admin one, counted after the admin check.
 */
export async function createCourseAction(raw: unknown): Promise<AdminResult<{ id: string }>> {
  const result = await handleCreateCourse(await checkAdminWithinLimit(), raw);
  if (result.ok) revalidateCourses();
  return result;
}

function localeOf(value: FormDataEntryValue | null): Locale {
  return (routing.locales as readonly string[]).includes(String(value)) ? (value as Locale) : 'en';
}

const HANDLERS: Record<ManageOp, (guard: AdminGate, raw: unknown) => Promise<AdminResult<unknown>>> = {
  update: handleUpdateCourse,
  publish: handleSetPublished,
  addUnit: handleAddUnit,
  addLesson: handleAddLesson,
  updateLesson: handleUpdateLesson,
  moveUnit: handleMoveUnit,
  moveLesson: handleMoveLesson,
  moveLessonToUnit: handleMoveLessonToUnit,
  deleteUnit: handleDeleteUnit,
  deleteLesson: handleDeleteLesson,
  enrolStudent: handleEnrolStudent,
};

/**
 * Every form of `/courses/manage/{courseId}` (a hidden `op` names the change; see lib/course-admin/manage-form.ts),
 * so the page works without JavaScript. Redirects back to the manage page with `?done={op}` or `?error={code}`
 * and the section's anchor; a caller that is not an admin is sent to the page too, whose guard then redirects.
 */
export async function manageCourseAction(formData: FormData): Promise<void> {
  const locale = localeOf(formData.get('locale'));
  const courseId = String(formData.get('courseId') ?? '');
  const op = String(formData.get('op') ?? '');
  const guard = await checkAdminWithinLimit();
  let status = 'error=invalid';
  let anchor = '';
  if ((MANAGE_OPS as readonly string[]).includes(op)) {
    const { raw, section } = manageInput(op as ManageOp, formData);
    anchor = `#${section}`;
    const result = await HANDLERS[op as ManageOp](guard, raw);
    status = result.ok ? `done=${op}` : `error=${result.error}`;
    if (result.ok) revalidateCourses();
  }
  redirect({ href: `/courses/manage/${encodeURIComponent(courseId)}?${status}${anchor}`, locale });
}

/** `/courses/test`: creates the docs/SPEC-NOTES.md §7 test course (price 25) and returns to the page showing it. */
export async function createTestCourseAction(formData: FormData): Promise<void> {
  const locale = localeOf(formData.get('locale'));
  const result = await handleCreateTestCourse(await checkAdminWithinLimit());
  if (result.ok) revalidateCourses();
  redirect({
    href: result.ok ? `/courses/test?created=${result.data.id}` : `/courses/test?error=${result.error}`,
    locale,
  });
}
