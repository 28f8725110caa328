import 'server-only';

import {
  type Course,
  type CourseCertificate,
  type CourseEnrollment,
  type CourseLesson,
  type CourseMaterial,
  type CourseUnit,
  type Database,
  type UserCourseProgress,
  DEFAULT_CERTIFICATION_DESCRIPTION,
  DEFAULT_CERTIFICATION_TITLE,
  deleteLessonRow,
  deleteUnitRow,
  findCertificateById,
  findEnrolment,
  findProgress,
  getDb,
  insertCertificateOnce,
  insertCourse,
  insertEnrolment,
  insertLesson,
  insertMaterial,
  insertUnit,
  selectCourse,
  selectCourseLessons,
  selectCourses,
  selectEnrolledCourses,
  selectLesson,
  selectMaterials,
  selectUnit,
  selectUnitLessons,
  selectUnits,
  setProgressPercent,
  updateCourseRow,
  updateLessonRow,
  updateUnitRow,
  upsertProgressLesson,
} from '@/lib/db';

import { CourseError } from './errors';
import {
  checkMaterial,
  materialStoragePath,
  moveTo,
  progressPercent,
  resumeLessonId,
  sanitizeLessonBody,
} from './model';
import {
  type CourseCreateInput,
  type CourseUpdateInput,
  type LessonInput,
  type LessonUpdateInput,
  type UnitInput,
  courseCreateSchema,
  courseUpdateSchema,
  lessonInputSchema,
  lessonUpdateSchema,
  unitInputSchema,
} from './schemas';
import { materialStorage } from './material-storage';
import type { MaterialStorage } from './storage';

/**
 * The course platform (issue 7): courses with ordered units and lessons, materials, enrolment, progress and
 * certificates, over the site database (`getDb()`; every function takes an optional `db` or transaction, for
 * tests). The only entry point: pages, actions and route handlers import from here.
 *
 * **No authorisation here.** These functions trust their caller: pages use `requireUser()` / `requireAdmin()`
 * and actions or route handlers `checkUser()` / `checkAdmin()` from `@/lib/auth` first, then pass the signed-in
 * user's id. Rules of the data itself (free vs priced enrolment, published courses only, lessons of the right
 * course) are enforced here.
 *
 * Errors: reads return [] or null on a database failure (docs/SPEC-NOTES.md §8: "List and fetch failures return an empty list
 * or nothing rather than raising"), logged to the server log. Writes throw `CourseError` (a `code` and the spec's
 * text as `message`), or the input's `ZodError` on invalid authoring input.
 *
 * Positions of units (in a course) and lessons (in a unit) are dense from 0 and kept so by every write here.
 * User ids are the signed-in user's id from lib/auth (local account or Supabase auth uid).
 */
export { CourseError, isCourseError, COURSE_ERROR_PREFIX } from './errors';
export type { CourseErrorCode } from './errors';
export type { MaterialStorage } from './storage';
export { localMaterialStorage } from './storage';
export { type MaterialStorageKind, materialStorage, materialStorageKind } from './material-storage';
export { type S3Settings, s3MaterialStorage } from './storage-s3';
export { supabaseMaterialStorage } from './storage-supabase';
export type {
  Course,
  CourseCertificate,
  CourseEnrollment,
  CourseLesson,
  CourseMaterial,
  CourseUnit,
  UserCourseProgress,
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Ids arrive from URLs: anything that is not a uuid cannot name a row (and would be a SQL error). */
const isUuid = (id: unknown): id is string => typeof id === 'string' && UUID.test(id);

const database = async (db?: Database) => db ?? (await getDb());

async function readOr<T>(fallback: T, what: string, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    console.error(`[courses] ${what} failed:`, error);
    return fallback;
  }
}

/** Published courses, newest first (docs/SPEC-NOTES.md §7). [] on a database failure. */
export async function listPublishedCourses(db?: Database): Promise<Course[]> {
  return readOr([], 'listing courses', async () => selectCourses(await database(db)));
}

/** Every course, drafts included, newest first (admin lists). [] on a database failure. */
export async function listAllCourses(db?: Database): Promise<Course[]> {
  return readOr([], 'listing all courses', async () => selectCourses(await database(db), { all: true }));
}

/** A course by id: published only unless `includeDrafts` (admins). Null when absent, not a uuid, or on failure. */
export async function getCourse(
  id: string,
  options: { includeDrafts?: boolean } = {},
  db?: Database,
): Promise<Course | null> {
  if (!isUuid(id)) return null;
  return readOr(null, 'reading a course', async () => {
    const course = await selectCourse(await database(db), id);
    return course && (course.published || options.includeDrafts) ? course : null;
  });
}

export interface CourseOutline {
  course: Course;
  units: (CourseUnit & { lessons: CourseLesson[] })[];
  /** Every lesson id in course order (units, then lessons), for navigation and progress. */
  lessonIds: string[];
}

/**
 * A course with its units and their lessons, all in position order. Published courses only unless
 * `includeDrafts`. Null when absent or on failure.
 */
export async function getCourseOutline(
  id: string,
  options: { includeDrafts?: boolean } = {},
  db?: Database,
): Promise<CourseOutline | null> {
  if (!isUuid(id)) return null;
  return readOr(null, 'reading a course outline', async () => {
    const conn = await database(db);
    const course = await selectCourse(conn, id);
    if (!course || !(course.published || options.includeDrafts)) return null;
    return outlineOf(conn, course);
  });
}

async function outlineOf(db: Database, course: Course): Promise<CourseOutline> {
  const [units, lessons] = await Promise.all([
    selectUnits(db, course.id),
    selectCourseLessons(db, course.id),
  ]);
  return {
    course,
    units: units.map((unit) => ({ ...unit, lessons: lessons.filter((l) => l.unitId === unit.id) })),
    lessonIds: lessons.map((l) => l.id),
  };
}

/**
 * A course's materials, oldest first, each with its public URL (from `options.storage`, default `materialStorage()`:
 * the Supabase bucket or `.data/uploads`). [] on failure.
 */
export async function listMaterials(
  courseId: string,
  options: { storage?: MaterialStorage } = {},
  db?: Database,
): Promise<(CourseMaterial & { url: string })[]> {
  if (!isUuid(courseId)) return [];
  const storage = options.storage ?? materialStorage();
  return readOr([], 'listing materials', async () =>
    (await selectMaterials(await database(db), courseId)).map((m) => ({
      ...m,
      url: storage.url(m.storagePath),
    })),
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Enrolment and progress

function requireUserId(userId: string): void {
  if (!isUuid(userId)) throw new CourseError('not-authenticated');
}

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

// An enrolled student keeps access when an admin unpublishes the course mid-way; others need it published.
async function publishedCourseOrEnrolledDraft(
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
 * Issues (or returns) the certificate of a student whose progress is 100% — for a student who finished before a
 * name was known. @throws CourseError 'not-complete' below 100%, plus `completeLesson`'s errors.
 */
export async function issueCertificate(
  userId: string,
  courseId: string,
  options: { studentName: string },
  db?: Database,
): Promise<CourseCertificate> {
  requireUserId(userId);
  const conn = await database(db);
  const course = await publishedCourseOrEnrolledDraft(conn, userId, courseId);
  const progress = await findProgress(conn, userId, course.id);
  const lessonIds = (await selectCourseLessons(conn, course.id)).map((l) => l.id);
  const name = options.studentName.trim();
  if (!progress || progressPercent(progress.completedLessons, lessonIds) < 100 || !name) {
    throw new CourseError('not-complete', 'the course is not complete yet');
  }
  const { certificate } = await insertCertificateOnce(conn, {
    userId,
    courseId: course.id,
    studentName: name,
    courseTitle: course.title,
    certificateTitle: course.certificationTitle,
    certificateDescription: course.certificationDescription,
  });
  return certificate;
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

/** A certificate by its public id (for `/verify/{id}` and the PDF). Null when unknown, not a uuid, or on failure. */
export async function getCertificate(id: string, db?: Database): Promise<CourseCertificate | null> {
  if (!isUuid(id)) return null;
  return readOr(null, 'reading a certificate', async () => findCertificateById(await database(db), id));
}

// ---------------------------------------------------------------------------------------------------------------
// Authoring (admins; the caller checks with checkAdmin / requireAdmin)

/**
 * Creates a course from the docs/SPEC-NOTES.md §7 payload (validated by `courseCreateSchema`; empty certificate fields take
 * the spec defaults), created_by = the admin's user id. @throws ZodError on invalid input, CourseError
 * 'create-failed' on a database error.
 */
export async function createCourse(
  input: CourseCreateInput,
  adminId: string,
  db?: Database,
): Promise<Course> {
  const data = courseCreateSchema.parse(input);
  try {
    return await insertCourse(await database(db), {
      title: data.title,
      description: data.description,
      price: data.price,
      thumbnail: data.thumbnail ?? null,
      published: data.published,
      certificationTitle: data.certification?.title,
      certificationDescription: data.certification?.description,
      createdBy: isUuid(adminId) ? adminId : null,
    });
  } catch (error) {
    throw new CourseError('create-failed', error instanceof Error ? error.message : String(error), {
      cause: error,
    });
  }
}

/**
 * Changes the given fields of a course (`courseUpdateSchema`; an empty certificate field resets it to the
 * default). @throws ZodError on invalid input, CourseError 'course-not-found'.
 */
export async function updateCourse(id: string, input: CourseUpdateInput, db?: Database): Promise<Course> {
  const data = courseUpdateSchema.parse(input);
  const { certification, ...rest } = data;
  const change = {
    ...rest,
    ...(certification
      ? {
          certificationTitle: certification.title ?? DEFAULT_CERTIFICATION_TITLE,
          certificationDescription: certification.description ?? DEFAULT_CERTIFICATION_DESCRIPTION,
        }
      : {}),
  };
  const row = isUuid(id) ? await updateCourseRow(await database(db), id, change) : null;
  if (!row) throw new CourseError('course-not-found', 'course not found');
  return row;
}

/** Publishes or unpublishes a course. @throws CourseError 'course-not-found'. */
export async function setPublished(id: string, published: boolean, db?: Database): Promise<Course> {
  return updateCourse(id, { published }, db);
}

/**
 * The docs/SPEC-NOTES.md §7 `insert_test_course`: an unpublished course titled 'Test Course' priced 25 (docs/SPEC-NOTES.md §9), created by the
 * admin, for trying out priced courses. @throws CourseError 'create-failed'.
 */
export async function createTestCourse(adminId: string, db?: Database): Promise<Course> {
  return createCourse(
    {
      title: 'Test Course',
      description: 'A test course created by an administrator to try out priced courses. Not published.',
      price: TEST_COURSE_PRICE,
      published: false,
    },
    adminId,
    db,
  );
}

/** docs/SPEC-NOTES.md §9: the price of the admin's test course. */
export const TEST_COURSE_PRICE = 25;

async function lockCourse(db: Database, courseId: string): Promise<Course> {
  const course = isUuid(courseId) ? await selectCourse(db, courseId, { forUpdate: true }) : null;
  if (!course) throw new CourseError('course-not-found', 'course not found');
  return course;
}

/** Adds a unit at the end of a course. @throws ZodError, CourseError 'course-not-found'. */
export async function addUnit(courseId: string, input: UnitInput, db?: Database): Promise<CourseUnit> {
  const { title } = unitInputSchema.parse(input);
  return (await database(db)).transaction(async (tx) => {
    await lockCourse(tx, courseId);
    const units = await selectUnits(tx, courseId);
    return insertUnit(tx, { courseId, title, position: units.length });
  });
}

/** Renames a unit. @throws ZodError, CourseError 'unit-not-found'. */
export async function updateUnit(unitId: string, input: UnitInput, db?: Database): Promise<CourseUnit> {
  const { title } = unitInputSchema.parse(input);
  const row = isUuid(unitId) ? await updateUnitRow(await database(db), unitId, { title }) : null;
  if (!row) throw new CourseError('unit-not-found', 'unit not found');
  return row;
}

/**
 * Adds a lesson at the end of a unit; the body is sanitised (`sanitizeLessonBody`: allowlisted HTML, or plain text
 * made into paragraphs). @throws ZodError, CourseError 'unit-not-found'.
 */
export async function addLesson(unitId: string, input: LessonInput, db?: Database): Promise<CourseLesson> {
  const data = lessonInputSchema.parse(input);
  const conn = await database(db);
  const unit = isUuid(unitId) ? await selectUnit(conn, unitId) : null;
  if (!unit) throw new CourseError('unit-not-found', 'unit not found');
  return conn.transaction(async (tx) => {
    await lockCourse(tx, unit.courseId);
    const lessons = await selectUnitLessons(tx, unitId);
    return insertLesson(tx, {
      unitId,
      title: data.title,
      body: sanitizeLessonBody(data.body),
      videoUrl: data.videoUrl ?? null,
      position: lessons.length,
    });
  });
}

/** Changes a lesson's title, body (sanitised) or video. @throws ZodError, CourseError 'lesson-not-found'. */
export async function updateLesson(
  lessonId: string,
  input: LessonUpdateInput,
  db?: Database,
): Promise<CourseLesson> {
  const data = lessonUpdateSchema.parse(input);
  const row = isUuid(lessonId)
    ? await updateLessonRow(await database(db), lessonId, {
        ...(data.title !== undefined ? { title: data.title } : {}),
        ...(data.body !== undefined ? { body: sanitizeLessonBody(data.body) } : {}),
        ...(data.videoUrl !== undefined ? { videoUrl: data.videoUrl } : {}),
      })
    : null;
  if (!row) throw new CourseError('lesson-not-found', 'lesson not found');
  return row;
}

async function renumber<T extends { id: string; position: number }>(
  rows: T[],
  order: string[],
  write: (id: string, position: number) => Promise<unknown>,
): Promise<void> {
  for (const [position, id] of order.entries()) {
    if (rows.find((r) => r.id === id)?.position !== position) await write(id, position);
  }
}

/**
 * Moves a unit to `toIndex` (0-based, clamped) within its course; every unit's position stays dense (0…n-1).
 * @returns the course's units in their new order. @throws CourseError 'unit-not-found'.
 */
export async function moveUnit(unitId: string, toIndex: number, db?: Database): Promise<CourseUnit[]> {
  const conn = await database(db);
  const unit = isUuid(unitId) ? await selectUnit(conn, unitId) : null;
  if (!unit) throw new CourseError('unit-not-found', 'unit not found');
  return conn.transaction(async (tx) => {
    await lockCourse(tx, unit.courseId);
    const units = await selectUnits(tx, unit.courseId);
    const order = moveTo(
      units.map((u) => u.id),
      unitId,
      toIndex,
    );
    await renumber(units, order, (id, position) => updateUnitRow(tx, id, { position }));
    return selectUnits(tx, unit.courseId);
  });
}

/** Puts a lesson at the end of `toUnitId` and closes the gap it leaves in `fromUnitId` (inside a transaction). */
async function relocateLesson(
  tx: Database,
  lessonId: string,
  fromUnitId: string,
  toUnitId: string,
): Promise<void> {
  const rest = (await selectUnitLessons(tx, fromUnitId)).filter((l) => l.id !== lessonId);
  await renumber(
    rest,
    rest.map((l) => l.id),
    (id, position) => updateLessonRow(tx, id, { position }),
  );
  const targetLessons = await selectUnitLessons(tx, toUnitId);
  await updateLessonRow(tx, lessonId, { unitId: toUnitId, position: targetLessons.length });
}

/**
 * Moves a lesson to `toIndex` (0-based, clamped) in its unit, or in `toUnitId` (another unit of the same course).
 * Positions stay dense in both units. @returns the target unit's lessons in order.
 * @throws CourseError 'lesson-not-found', 'unit-not-found' (target absent or in another course).
 */
export async function moveLesson(
  lessonId: string,
  toIndex: number,
  options: { toUnitId?: string } = {},
  db?: Database,
): Promise<CourseLesson[]> {
  const conn = await database(db);
  const found = isUuid(lessonId) ? await selectLesson(conn, lessonId) : null;
  if (!found) throw new CourseError('lesson-not-found', 'lesson not found');
  const fromUnitId = found.lesson.unitId;
  const toUnitId = options.toUnitId ?? fromUnitId;
  return conn.transaction(async (tx) => {
    await lockCourse(tx, found.courseId);
    const target = isUuid(toUnitId) ? await selectUnit(tx, toUnitId) : null;
    if (!target || target.courseId !== found.courseId)
      throw new CourseError('unit-not-found', 'unit not found');
    if (toUnitId !== fromUnitId) await relocateLesson(tx, lessonId, fromUnitId, toUnitId);
    const lessons = await selectUnitLessons(tx, toUnitId);
    const order = moveTo(
      lessons.map((l) => l.id),
      lessonId,
      toIndex,
    );
    await renumber(lessons, order, (id, position) => updateLessonRow(tx, id, { position }));
    return selectUnitLessons(tx, toUnitId);
  });
}

/**
 * Moves a lesson to the end of another unit of the same course (the manage page's "Move to unit"), in one
 * transaction under the course lock: the source unit's lessons close the gap, so positions stay dense in both.
 * Moving to the unit the lesson is already in changes nothing. Students' progress is unaffected (it is kept per
 * course by lesson id). @returns the target unit's lessons in order.
 * @throws CourseError 'lesson-not-found', 'unit-not-found' (target absent), 'unit-other-course' (the target
 * unit belongs to another course; nothing is changed).
 */
export async function moveLessonToUnit(
  lessonId: string,
  toUnitId: string,
  db?: Database,
): Promise<CourseLesson[]> {
  const conn = await database(db);
  const found = isUuid(lessonId) ? await selectLesson(conn, lessonId) : null;
  if (!found) throw new CourseError('lesson-not-found', 'lesson not found');
  return conn.transaction(async (tx) => {
    await lockCourse(tx, found.courseId);
    // Read again under the lock: another admin may have moved or deleted it meanwhile.
    const current = await selectLesson(tx, lessonId);
    if (!current) throw new CourseError('lesson-not-found', 'lesson not found');
    const target = isUuid(toUnitId) ? await selectUnit(tx, toUnitId) : null;
    if (!target) throw new CourseError('unit-not-found', 'unit not found');
    if (target.courseId !== current.courseId) {
      throw new CourseError('unit-other-course', 'the unit belongs to another course');
    }
    if (current.lesson.unitId !== target.id) {
      await relocateLesson(tx, lessonId, current.lesson.unitId, target.id);
    }
    return selectUnitLessons(tx, target.id);
  });
}

/** Deletes a unit with its lessons; the remaining units close the gap. @throws CourseError 'unit-not-found'. */
export async function deleteUnit(unitId: string, db?: Database): Promise<void> {
  const conn = await database(db);
  const unit = isUuid(unitId) ? await selectUnit(conn, unitId) : null;
  if (!unit) throw new CourseError('unit-not-found', 'unit not found');
  await conn.transaction(async (tx) => {
    await lockCourse(tx, unit.courseId);
    await deleteUnitRow(tx, unitId);
    const units = await selectUnits(tx, unit.courseId);
    await renumber(
      units,
      units.map((u) => u.id),
      (id, position) => updateUnitRow(tx, id, { position }),
    );
  });
}

/** Deletes a lesson; the unit's other lessons close the gap. @throws CourseError 'lesson-not-found'. */
export async function deleteLesson(lessonId: string, db?: Database): Promise<void> {
  const conn = await database(db);
  const found = isUuid(lessonId) ? await selectLesson(conn, lessonId) : null;
  if (!found) throw new CourseError('lesson-not-found', 'lesson not found');
  await conn.transaction(async (tx) => {
    await lockCourse(tx, found.courseId);
    await deleteLessonRow(tx, lessonId);
    const lessons = await selectUnitLessons(tx, found.lesson.unitId);
    await renumber(
      lessons,
      lessons.map((l) => l.id),
      (id, position) => updateLessonRow(tx, id, { position }),
    );
  });
}

/** An uploaded file as the action received it (FormData File → `{ name, type, bytes }`). */
export interface UploadedFile {
  name: string;
  /** What the browser claimed; not trusted: the stored content type comes from the extension. */
  type?: string;
  bytes: Uint8Array;
}

/**
 * Stores a course material as `{timestamp}_{sanitised filename}` (docs/SPEC-NOTES.md §7) and records it, optionally attached to
 * a lesson of the same course. Allowed: pdf, doc, docx, ppt, pptx, jpg/jpeg, png, mp3, mp4, at most 20 MB
 * (`MATERIAL_MAX_BYTES`). The file is removed again if the database insert fails. Storage: `options.storage`,
 * default `materialStorage()` (locally `.data/uploads`, served at `/uploads/…`; on Supabase a client without a
 * session, whose writes Storage refuses, so route handlers pass `materialStorage(await supabaseClientForRequest())`).
 * @returns the material row and its public URL. @throws CourseError 'material-empty', 'material-too-large',
 * 'material-type', 'course-not-found', 'lesson-not-found', 'material-failed'.
 */
export async function saveMaterial(
  courseId: string,
  file: UploadedFile,
  lessonId?: string | null,
  options: { storage?: MaterialStorage; now?: () => number } = {},
  db?: Database,
): Promise<{ material: CourseMaterial; url: string }> {
  const check = checkMaterial(file.name, file.bytes.byteLength);
  if (!check.ok) throw new CourseError(check.code, check.detail);
  const conn = await database(db);
  const course = isUuid(courseId) ? await selectCourse(conn, courseId) : null;
  if (!course) throw new CourseError('course-not-found', 'course not found');
  if (lessonId) {
    const found = isUuid(lessonId) ? await selectLesson(conn, lessonId) : null;
    if (!found || found.courseId !== course.id) throw new CourseError('lesson-not-found', 'lesson not found');
  }
  const storage = options.storage ?? materialStorage();
  const now = options.now ?? Date.now;
  let storagePath = '';
  let url = '';
  for (let attempt = 0; ; attempt++) {
    // Two uploads of one name in the same millisecond: take the next millisecond.
    storagePath = materialStoragePath(check.filename, now() + attempt);
    try {
      url = await storage.put(storagePath, file.bytes, check.contentType);
      break;
    } catch (error) {
      if ((error as { code?: string }).code === 'EEXIST' && attempt < 5) continue;
      throw new CourseError('material-failed', error instanceof Error ? error.message : String(error), {
        cause: error,
      });
    }
  }
  try {
    const material = await insertMaterial(conn, {
      courseId: course.id,
      lessonId: lessonId || null,
      filename: check.filename,
      storagePath,
      contentType: check.contentType,
      sizeBytes: file.bytes.byteLength,
    });
    return { material, url };
  } catch (error) {
    await storage.remove(storagePath).catch(() => undefined);
    throw new CourseError('material-failed', error instanceof Error ? error.message : String(error), {
      cause: error,
    });
  }
}

export { seedDemoCourses } from './seed';
export type { SeedResult } from './seed';
