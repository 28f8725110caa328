import 'server-only';

import { authKind } from '@/lib/auth/config';
import {
  type Course,
  type CourseCertificate,
  type CourseEnrollment,
  type CourseLesson,
  type CourseStudentRow,
  type Database,
  type UserCourseProgress,
  deleteEnrolmentRow,
  findEnrolment,
  findProgress,
  insertCertificateOnce,
  insertEnrolment,
  listCourseStudents,
  selectCourse,
  selectCourseLessons,
  selectEnrolledCourses,
  selectLesson,
  setProgressPercent,
  upsertProgressLesson,
} from '@/lib/db';

import { isUuid, database, readOr, requireUserId, publishedCourseOrEnrolledDraft } from './internal';
import { progressPercent, resumeLessonId } from './model';
import { CourseError } from './shared';

/**
 * A student's side of the course platform: enrolment (free courses by the student, any course by an admin),
 * progress per lesson (the certificate is issued at 100%), the lesson to resume, the dashboard's courses, and a
 * course's students for its manage page. Writes throw `CourseError`; reads return null, false or [] on failure.
 */

async function publishedCourse(db: Database, courseId: string): Promise<Course> {
  const course = isUuid(courseId) ? await selectCourse(db, courseId) : null;
  if (!course || !course.published) throw new CourseError('course-not-found', 'course not found');
  return course;
}

async function enrolIn(
  db: Database,
  userId: string,
  course: Course,
  paymentMethod: string,
  paymentId: string | null,
): Promise<{ enrolment: CourseEnrollment; created: boolean }> {
  try {
    const created = await insertEnrolment(db, {
      userId,
      courseId: course.id,
      paymentMethod,
      paymentId,
      amount: course.price,
      status: 'active',
    });
    if (created) return { enrolment: created, created: true };
    const existing = await findEnrolment(db, userId, course.id);
    if (!existing) throw new Error('the enrolment vanished');
    return { enrolment: existing, created: false };
  } catch (error) {
    throw new CourseError('enrolment-failed', error instanceof Error ? error.message : String(error), {
      cause: error,
    });
  }
}

/**
 * Self-service enrolment (docs/SPEC-NOTES.md §3, §7): a published free course, payment_method 'free', amount 0, status
 * 'active'. Idempotent: enrolling again returns the existing enrolment (`created: false`).
 * @throws CourseError 'not-authenticated' (no user id), 'course-not-found' (absent or unpublished),
 * 'payment-required' (a priced course: payments are out of scope, an admin enrols with `adminEnrol`),
 * 'enrolment-failed' (database).
 */
export async function enrol(
  userId: string,
  courseId: string,
  db?: Database,
): Promise<{ enrolment: CourseEnrollment; created: boolean }> {
  requireUserId(userId);
  const conn = await database(db);
  const course = await publishedCourse(conn, courseId);
  if (course.price > 0) {
    const existing = await findEnrolment(conn, userId, course.id);
    if (existing) return { enrolment: existing, created: false };
    throw new CourseError('payment-required', `this course costs £${course.price.toFixed(2)}`);
  }
  return enrolIn(conn, userId, course, 'free', null);
}

/**
 * An admin enrols a student in any course, priced or draft (amount = the course price; payment_method 'admin'
 * unless given, e.g. 'invoice' with its reference as paymentId). Idempotent like `enrol`.
 * @throws CourseError 'not-authenticated' (no student id), 'course-not-found', 'enrolment-failed'.
 */
export async function adminEnrol(
  userId: string,
  courseId: string,
  options: { paymentMethod?: string; paymentId?: string | null } = {},
  db?: Database,
): Promise<{ enrolment: CourseEnrollment; created: boolean }> {
  requireUserId(userId);
  const conn = await database(db);
  const course = isUuid(courseId) ? await selectCourse(conn, courseId) : null;
  if (!course) throw new CourseError('course-not-found', 'course not found');
  return enrolIn(conn, userId, course, options.paymentMethod ?? 'admin', options.paymentId ?? null);
}

/**
 * An admin takes a student out of a course: the enrolment row goes, so the learn page, the course's materials and
 * the course's student list no longer let them in. Their progress and any certificate stay (a certificate is a
 * verifiable record of what they completed, and enrolling them again resumes where they were). `audit` records
 * it in the same transaction. @returns the deleted enrolment. @throws CourseError 'enrolment-not-found' (not
 * enrolled in this course, or malformed ids).
 */
export async function unenrol(
  userId: string,
  courseId: string,
  options: { audit?: (tx: Database, enrolment: CourseEnrollment) => Promise<void> } = {},
  db?: Database,
): Promise<CourseEnrollment> {
  if (!isUuid(userId) || !isUuid(courseId)) {
    throw new CourseError('enrolment-not-found', 'not enrolled in this course');
  }
  return (await database(db)).transaction(async (tx) => {
    const row = await deleteEnrolmentRow(tx, userId, courseId);
    if (!row) throw new CourseError('enrolment-not-found', 'not enrolled in this course');
    await options.audit?.(tx, row);
    return row;
  });
}

/** Whether the user has an active enrolment in the course (docs/SPEC-NOTES.md §5). False on failure or without a user. */
export async function isEnrolled(userId: string, courseId: string, db?: Database): Promise<boolean> {
  if (!isUuid(userId) || !isUuid(courseId)) return false;
  return readOr(false, 'checking an enrolment', async () => {
    const row = await findEnrolment(await database(db), userId, courseId);
    return row?.status === 'active';
  });
}

/** The user's progress row in a course (completed lesson ids, whole percent, last accessed), or null. */
export async function getProgress(
  userId: string,
  courseId: string,
  db?: Database,
): Promise<UserCourseProgress | null> {
  if (!isUuid(userId) || !isUuid(courseId)) return null;
  return readOr(null, 'reading progress', async () => findProgress(await database(db), userId, courseId));
}

export interface LessonProgress {
  progress: UserCourseProgress;
  /** Issued now or earlier; null until the course is complete. */
  certificate: CourseCertificate | null;
  /** True when this call issued the certificate. */
  certificateIssued: boolean;
}

async function recordLesson(
  db: Database,
  userId: string,
  courseId: string,
  lessonId: string,
  complete: boolean,
  studentName?: string,
): Promise<LessonProgress> {
  requireUserId(userId);
  const course = await publishedCourseOrEnrolledDraft(db, userId, courseId);
  const found = isUuid(lessonId) ? await selectLesson(db, lessonId) : null;
  if (!found || found.courseId !== course.id) {
    throw new CourseError('lesson-not-found', 'lesson not found in this course');
  }
  try {
    return await db.transaction(async (tx) => {
      const row = await upsertProgressLesson(tx, userId, course.id, lessonId, { complete });
      const lessonIds = (await selectCourseLessons(tx, course.id)).map((l) => l.id);
      const percent = progressPercent(row.completedLessons, lessonIds);
      const progress = percent === row.progress ? row : await setProgressPercent(tx, row.id, percent);
      if (percent < 100) return { progress, certificate: null, certificateIssued: false };
      const name = studentName?.trim();
      if (!name) return { progress, certificate: null, certificateIssued: false };
      const { certificate, created } = await insertCertificateOnce(tx, {
        userId,
        courseId: course.id,
        studentName: name,
        courseTitle: course.title,
        certificateTitle: course.certificationTitle,
        certificateDescription: course.certificationDescription,
      });
      return { progress, certificate, certificateIssued: created };
    });
  } catch (error) {
    if (error instanceof CourseError) throw error;
    throw new CourseError('progress-failed', error instanceof Error ? error.message : String(error), {
      cause: error,
    });
  }
}
/**
 * Marks a lesson complete for an enrolled student and upserts their progress (docs/SPEC-NOTES.md §3): the lesson is added once
 * to completed_lessons, progress = completed lessons / all lessons of the course as a whole percent (100 only
 * when all are done), last_accessed = now. At 100% the certificate is issued once, with `studentName` (the
 * caller's display name for the user; no certificate without one) and the course's certificate title and
 * description copied in. Completing a lesson again changes nothing but last_accessed.
 * @throws CourseError 'not-authenticated', 'course-not-found', 'not-enrolled', 'lesson-not-found',
 * 'progress-failed' (database).
 */
export async function completeLesson(
  userId: string,
  courseId: string,
  lessonId: string,
  options: { studentName: string },
  db?: Database,
): Promise<LessonProgress> {
  return recordLesson(await database(db), userId, courseId, lessonId, true, options.studentName);
}

/**
 * Records that an enrolled student opened a lesson (last_accessed, and the lesson `resumeLesson` falls back to),
 * without completing it. Same errors as `completeLesson`.
 */
export async function visitLesson(
  userId: string,
  courseId: string,
  lessonId: string,
  db?: Database,
): Promise<UserCourseProgress> {
  return (await recordLesson(await database(db), userId, courseId, lessonId, false)).progress;
}

/**
 * The lesson an enrolled student should open next: the first not completed in course order; when all are done,
 * the last one they opened, else the first. Null when the course has no lessons, the user has no progress and
 * the course no lessons, or on failure. Works without a progress row (the first lesson).
 */
export async function resumeLesson(
  userId: string,
  courseId: string,
  db?: Database,
): Promise<CourseLesson | null> {
  if (!isUuid(userId) || !isUuid(courseId)) return null;
  return readOr(null, 'finding the lesson to resume', async () => {
    const conn = await database(db);
    const [lessons, progress] = await Promise.all([
      selectCourseLessons(conn, courseId),
      findProgress(conn, userId, courseId),
    ]);
    const id = resumeLessonId(
      lessons.map((l) => l.id),
      progress?.completedLessons ?? [],
      progress?.lastLessonId,
    );
    return lessons.find((l) => l.id === id) ?? null;
  });
}

export interface MyCourse {
  course: Course;
  enrolledAt: Date;
  /** Whole percent 0–100 (0 before the first completed lesson). */
  progress: number;
  completedLessons: number;
  lastAccessed: Date | null;
  /** The certificate's public id (`/verify/{id}`), once issued. */
  certificateId: string | null;
}

/** The dashboard: the user's active enrolments, latest first, with progress and certificate. [] on failure. */
export async function myCourses(userId: string, db?: Database): Promise<MyCourse[]> {
  if (!isUuid(userId)) return [];
  return readOr([], 'listing my courses', async () =>
    (await selectEnrolledCourses(await database(db), userId)).map((row) => ({
      course: row.course,
      enrolledAt: row.enrolment.createdAt,
      progress: row.progress?.progress ?? 0,
      completedLessons: row.progress?.completedLessons.length ?? 0,
      lastAccessed: row.progress?.lastAccessed ?? null,
      certificateId: row.certificateId,
    })),
  );
}

/**
 * The students enrolled in a course (the manage page), latest enrolment first, with progress, last activity and
 * certificate; names and emails from local accounts or, with Supabase Auth, from auth.users. @throws on a
 * database error (the admin page shows its error page rather than an empty list).
 */
export async function courseStudents(courseId: string, db?: Database): Promise<CourseStudentRow[]> {
  return listCourseStudents(await database(db), courseId, { supabase: authKind() === 'supabase' });
}
