import 'server-only';

import { type AuthUser, adminStatus } from '@/lib/auth';
import { isEnrolled } from '@/lib/courses';
import { type Database, getDb, selectMaterialCourse } from '@/lib/db';

/**
 * Who may download a course material served at `/uploads/{storagePath}`, for a signed-in `user` (the route's
 * guard 'user' already answered 401 to everyone else, lib/safe-action.ts):
 * - `private`: an admin (any course, drafts included), or a student with an active enrolment in the course the
 *   material belongs to, published or not (an unpublished course stays whole for the students already in it:
 *   lessons and materials; docs/ARCHITECTURE.md "The course platform"). Answered with `Cache-Control: private`;
 * - `forbidden` (403): a published course's material and a person not enrolled (free courses too: materials are
 *   for the course's students, who enrol in one click);
 * - `not-found` (404): no such material, or a draft course's material for anyone not in it (a draft is not
 *   revealed to exist);
 * - `unavailable` (503): the database or the admin check failed.
 * `filename` is the material's name as students see it (for the download's Content-Disposition). The user comes
 * from the route pipeline (checked with the auth server); nothing from the client.
 */
export type MaterialAccess = 'private' | 'forbidden' | 'not-found' | 'unavailable';

export async function materialAccess(
  storagePath: string,
  user: AuthUser,
  db?: Database,
): Promise<{ access: MaterialAccess; filename?: string }> {
  let course;
  try {
    course = await selectMaterialCourse(db ?? (await getDb()), storagePath);
  } catch (error) {
    console.error(`[uploads] material lookup failed: ${error instanceof Error ? error.name : typeof error}`);
    return { access: 'unavailable' };
  }
  if (!course) return { access: 'not-found' };
  const admin = await adminStatus(user, db);
  if (admin === 'check-failed') return { access: 'unavailable' };
  if (admin === 'admin' || (await isEnrolled(user.id, course.courseId, db)))
    return { access: 'private', filename: course.filename };
  return { access: course.published ? 'forbidden' : 'not-found' };
}
