import 'server-only';

import { adminStatus, checkUser } from '@/lib/auth';
import { isEnrolled } from '@/lib/courses';
import { type Database, getDb, selectMaterialCourse } from '@/lib/db';

/**
 * Who may download a course material served at `/uploads/{storagePath}` (the local folder or S3 storage):
 * - `public`: the material of a published free course (anyone may enrol, so it is cacheable by anyone);
 * - `private`: a signed-in admin (any course, drafts included), or a student with an active enrolment in the
 *   published priced course the material belongs to (answer with `Cache-Control: private`);
 * - `unauthenticated` (401): a priced course's material and nobody signed in;
 * - `forbidden` (403): a priced course's material and a signed-in person not enrolled;
 * - `not-found` (404): no such material, or a draft course's material for anyone but an admin (a draft is not
 *   revealed to exist);
 * - `unavailable` (503): the database or the admin check failed.
 * The user comes from the auth adapter (`checkUser`), checked with the auth server; nothing from the client.
 */
export type MaterialAccess =
  'public' | 'private' | 'unauthenticated' | 'forbidden' | 'not-found' | 'unavailable';

export async function materialAccess(storagePath: string, db?: Database): Promise<MaterialAccess> {
  let course;
  try {
    course = await selectMaterialCourse(db ?? (await getDb()), storagePath);
  } catch (error) {
    console.error(`[uploads] material lookup failed: ${error instanceof Error ? error.name : typeof error}`);
    return 'unavailable';
  }
  if (!course) return 'not-found';
  if (course.published && course.price === 0) return 'public';
  const guard = await checkUser();
  if (!guard.ok) return course.published ? 'unauthenticated' : 'not-found';
  const admin = await adminStatus(guard.user, db);
  if (admin === 'admin') return 'private';
  if (admin === 'check-failed') return 'unavailable';
  if (!course.published) return 'not-found';
  return (await isEnrolled(guard.user.id, course.courseId, db)) ? 'private' : 'forbidden';
}
