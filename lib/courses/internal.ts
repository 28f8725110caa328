import 'server-only';

import { type Course, type Database, findEnrolment, getDb, selectCourse } from '@/lib/db';

import { CourseError } from './shared';

/**
 * Helpers the lib/courses modules share (not part of the public API, never imported from outside lib/courses):
 * id checks, the database default, the logged fallback of reads, and the guards of the data rules that several
 * operations apply.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Ids arrive from URLs: anything that is not a uuid cannot name a row (and would be a SQL error). */
export const isUuid = (id: unknown): id is string => typeof id === 'string' && UUID.test(id);

/** The given database or transaction, else the process's (`getDb()`). */
export const database = async (db?: Database) => db ?? (await getDb());

/** Runs a read; on failure logs it and returns `fallback` (docs/SPEC-NOTES.md §8: reads never raise). */
export async function readOr<T>(fallback: T, what: string, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    console.error(`[courses] ${what} failed:`, error);
    return fallback;
  }
}

/** A user id from lib/auth: anything that is not a uuid is no signed-in user. @throws CourseError 'not-authenticated'. */
export function requireUserId(userId: string): void {
  if (!isUuid(userId)) throw new CourseError('not-authenticated');
}

/**
 * The course a student works in: any course they have an active enrolment in, drafts included (an enrolled
 * student keeps access when an admin unpublishes the course mid-way). @throws CourseError 'course-not-found',
 * 'not-enrolled'.
 */
export async function publishedCourseOrEnrolledDraft(
  db: Database,
  userId: string,
  courseId: string,
): Promise<Course> {
  const course = isUuid(courseId) ? await selectCourse(db, courseId) : null;
  if (!course) throw new CourseError('course-not-found', 'course not found');
  const enrolment = await findEnrolment(db, userId, course.id);
  if (!enrolment || enrolment.status !== 'active') {
    throw new CourseError('not-enrolled', 'not enrolled in this course');
  }
  return course;
}

/** The course row, locked for the rest of the transaction (positions are renumbered under it). */
export async function lockCourse(db: Database, courseId: string): Promise<Course> {
  const course = isUuid(courseId) ? await selectCourse(db, courseId, { forUpdate: true }) : null;
  if (!course) throw new CourseError('course-not-found', 'course not found');
  return course;
}
