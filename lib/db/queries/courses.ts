import 'server-only';

import { and, asc, desc, eq, sql } from 'drizzle-orm';

import type { Database } from '../client';
import {
  type Course,
  type CourseCertificate,
  type CourseEnrollment,
  type CourseLesson,
  type CourseMaterial,
  type CourseUnit,
  type UserCourseProgress,
  courseCertificates,
  courseEnrollments,
  courseLessons,
  courseMaterials,
  courseUnits,
  courses,
  userCourseProgress,
} from '../schema';

/**
 * SQL of the course platform. The rules (who may enrol, progress maths, certificates, dense positions) are in
 * lib/courses, which is what the rest of the site calls; these functions do one query each (or one short
 * transaction) and take a `Database` or a transaction.
 */

export type NewCourse = typeof courses.$inferInsert;
export type CourseChange = Partial<
  Pick<
    NewCourse,
    | 'title'
    | 'description'
    | 'price'
    | 'thumbnail'
    | 'published'
    | 'certificationTitle'
    | 'certificationDescription'
  >
>;

/** Courses, newest first (docs/SPEC-NOTES.md §7: ordered by created_at descending); published ones only unless `all`. */
export async function selectCourses(db: Database, options: { all?: boolean } = {}): Promise<Course[]> {
  return db
    .select()
    .from(courses)
    .where(options.all ? undefined : eq(courses.published, true))
    .orderBy(desc(courses.createdAt), asc(courses.title));
}

/** One course by id, or null. `forUpdate` locks its row until the transaction ends (serialises edits). */
export async function selectCourse(
  db: Database,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<Course | null> {
  const query = db.select().from(courses).where(eq(courses.id, id)).limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

export async function insertCourse(db: Database, values: NewCourse): Promise<Course> {
  const [row] = await db.insert(courses).values(values).returning();
  return row!;
}

/** Inserts the course unless one with its id exists. @returns whether it was inserted. */
export async function insertCourseIfAbsent(db: Database, values: NewCourse): Promise<boolean> {
  const rows = await db.insert(courses).values(values).onConflictDoNothing().returning({ id: courses.id });
  return rows.length > 0;
}

export async function updateCourseRow(
  db: Database,
  id: string,
  change: CourseChange,
): Promise<Course | null> {
  const [row] = await db.update(courses).set(change).where(eq(courses.id, id)).returning();
  return row ?? null;
}

/** A course's units in order. */
export async function selectUnits(db: Database, courseId: string): Promise<CourseUnit[]> {
  return db
    .select()
    .from(courseUnits)
    .where(eq(courseUnits.courseId, courseId))
    .orderBy(asc(courseUnits.position), asc(courseUnits.createdAt), asc(courseUnits.id));
}

export async function selectUnit(db: Database, id: string): Promise<CourseUnit | null> {
  const [row] = await db.select().from(courseUnits).where(eq(courseUnits.id, id)).limit(1);
  return row ?? null;
}

/** Every lesson of a course in course order (unit position, then lesson position). */
export async function selectCourseLessons(db: Database, courseId: string): Promise<CourseLesson[]> {
  const rows = await db
    .select({ lesson: courseLessons })
    .from(courseLessons)
    .innerJoin(courseUnits, eq(courseUnits.id, courseLessons.unitId))
    .where(eq(courseUnits.courseId, courseId))
    .orderBy(
      asc(courseUnits.position),
      asc(courseUnits.createdAt),
      asc(courseUnits.id),
      asc(courseLessons.position),
      asc(courseLessons.createdAt),
      asc(courseLessons.id),
    );
  return rows.map((r) => r.lesson);
}

/** A unit's lessons in order. */
export async function selectUnitLessons(db: Database, unitId: string): Promise<CourseLesson[]> {
  return db
    .select()
    .from(courseLessons)
    .where(eq(courseLessons.unitId, unitId))
    .orderBy(asc(courseLessons.position), asc(courseLessons.createdAt), asc(courseLessons.id));
}

/** A lesson with the course it belongs to, or null. */
export async function selectLesson(
  db: Database,
  id: string,
): Promise<{ lesson: CourseLesson; courseId: string } | null> {
  const [row] = await db
    .select({ lesson: courseLessons, courseId: courseUnits.courseId })
    .from(courseLessons)
    .innerJoin(courseUnits, eq(courseUnits.id, courseLessons.unitId))
    .where(eq(courseLessons.id, id))
    .limit(1);
  return row ?? null;
}

export async function insertUnit(db: Database, values: typeof courseUnits.$inferInsert): Promise<CourseUnit> {
  const [row] = await db.insert(courseUnits).values(values).returning();
  return row!;
}

export async function insertLesson(
  db: Database,
  values: typeof courseLessons.$inferInsert,
): Promise<CourseLesson> {
  const [row] = await db.insert(courseLessons).values(values).returning();
  return row!;
}

export async function updateUnitRow(
  db: Database,
  id: string,
  change: Partial<Pick<CourseUnit, 'title' | 'position'>>,
): Promise<CourseUnit | null> {
  const [row] = await db.update(courseUnits).set(change).where(eq(courseUnits.id, id)).returning();
  return row ?? null;
}

export async function updateLessonRow(
  db: Database,
  id: string,
  change: Partial<Pick<CourseLesson, 'title' | 'body' | 'videoUrl' | 'position' | 'unitId'>>,
): Promise<CourseLesson | null> {
  const [row] = await db.update(courseLessons).set(change).where(eq(courseLessons.id, id)).returning();
  return row ?? null;
}

export async function deleteUnitRow(db: Database, id: string): Promise<boolean> {
  return (
    (await db.delete(courseUnits).where(eq(courseUnits.id, id)).returning({ id: courseUnits.id })).length > 0
  );
}

export async function deleteLessonRow(db: Database, id: string): Promise<boolean> {
  return (
    (await db.delete(courseLessons).where(eq(courseLessons.id, id)).returning({ id: courseLessons.id }))
      .length > 0
  );
}

/** The user's enrolment in a course (any status), or null. */
export async function findEnrolment(
  db: Database,
  userId: string,
  courseId: string,
): Promise<CourseEnrollment | null> {
  const [row] = await db
    .select()
    .from(courseEnrollments)
    .where(and(eq(courseEnrollments.userId, userId), eq(courseEnrollments.courseId, courseId)))
    .limit(1);
  return row ?? null;
}

/** Inserts an enrolment unless the user has one for the course. @returns the new row, or null when one existed. */
export async function insertEnrolment(
  db: Database,
  values: typeof courseEnrollments.$inferInsert,
): Promise<CourseEnrollment | null> {
  const [row] = await db.insert(courseEnrollments).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function findProgress(
  db: Database,
  userId: string,
  courseId: string,
): Promise<UserCourseProgress | null> {
  const [row] = await db
    .select()
    .from(userCourseProgress)
    .where(and(eq(userCourseProgress.userId, userId), eq(userCourseProgress.courseId, courseId)))
    .limit(1);
  return row ?? null;
}

/**
 * Upsert (docs/SPEC-NOTES.md §3): adds `lessonId` to the completed lessons (once, in completion order) and records it as the
 * last lesson, in one statement, so two completions at once both count. `lessonId` null only touches
 * last_accessed/last_lesson_id. @returns the row after the change (its `progress` not recomputed yet).
 */
export async function upsertProgressLesson(
  db: Database,
  userId: string,
  courseId: string,
  lessonId: string,
  options: { complete: boolean },
): Promise<UserCourseProgress> {
  const t = userCourseProgress;
  const [row] = await db
    .insert(t)
    .values({
      userId,
      courseId,
      completedLessons: options.complete ? [lessonId] : [],
      lastLessonId: lessonId,
    })
    .onConflictDoUpdate({
      target: [t.userId, t.courseId],
      set: {
        completedLessons: options.complete
          ? sql`case when ${lessonId}::text = any(${t.completedLessons}) then ${t.completedLessons}
              else array_append(${t.completedLessons}, ${lessonId}::text) end`
          : sql`${t.completedLessons}`,
        lastLessonId: lessonId,
        lastAccessed: sql`now()`,
      },
    })
    .returning();
  return row!;
}

export async function setProgressPercent(
  db: Database,
  id: string,
  progress: number,
): Promise<UserCourseProgress> {
  const [row] = await db
    .update(userCourseProgress)
    .set({ progress })
    .where(eq(userCourseProgress.id, id))
    .returning();
  return row!;
}

/** Inserts a certificate unless the user has one for the course; @returns the user's certificate either way. */
export async function insertCertificateOnce(
  db: Database,
  values: typeof courseCertificates.$inferInsert,
): Promise<{ certificate: CourseCertificate; created: boolean }> {
  const [created] = await db.insert(courseCertificates).values(values).onConflictDoNothing().returning();
  if (created) return { certificate: created, created: true };
  const [existing] = await db
    .select()
    .from(courseCertificates)
    .where(
      and(eq(courseCertificates.userId, values.userId), eq(courseCertificates.courseId, values.courseId!)),
    )
    .limit(1);
  return { certificate: existing!, created: false };
}

export async function findCertificateById(db: Database, id: string): Promise<CourseCertificate | null> {
  const [row] = await db.select().from(courseCertificates).where(eq(courseCertificates.id, id)).limit(1);
  return row ?? null;
}

export interface EnrolledCourseRow {
  course: Course;
  enrolment: CourseEnrollment;
  progress: UserCourseProgress | null;
  certificateId: string | null;
}

/** A user's active enrolments with their course, progress and certificate id; latest enrolment first. */
export async function selectEnrolledCourses(db: Database, userId: string): Promise<EnrolledCourseRow[]> {
  const rows = await db
    .select({
      course: courses,
      enrolment: courseEnrollments,
      progress: userCourseProgress,
      certificateId: courseCertificates.id,
    })
    .from(courseEnrollments)
    .innerJoin(courses, eq(courses.id, courseEnrollments.courseId))
    .leftJoin(
      userCourseProgress,
      and(eq(userCourseProgress.userId, userId), eq(userCourseProgress.courseId, courses.id)),
    )
    .leftJoin(
      courseCertificates,
      and(eq(courseCertificates.userId, userId), eq(courseCertificates.courseId, courses.id)),
    )
    .where(and(eq(courseEnrollments.userId, userId), eq(courseEnrollments.status, 'active')))
    .orderBy(desc(courseEnrollments.createdAt), asc(courses.title));
  return rows;
}

export async function insertMaterial(
  db: Database,
  values: typeof courseMaterials.$inferInsert,
): Promise<CourseMaterial> {
  const [row] = await db.insert(courseMaterials).values(values).returning();
  return row!;
}

/** A course's materials, oldest first. */
export async function selectMaterials(db: Database, courseId: string): Promise<CourseMaterial[]> {
  return db
    .select()
    .from(courseMaterials)
    .where(eq(courseMaterials.courseId, courseId))
    .orderBy(asc(courseMaterials.createdAt), asc(courseMaterials.id));
}

/**
 * The course a stored material belongs to (its id, whether it is published, its price) and the material's name as
 * shown to students, or null for no such file.
 */
export async function selectMaterialCourse(
  db: Database,
  storagePath: string,
): Promise<{ courseId: string; published: boolean; price: number; filename: string } | null> {
  const [row] = await db
    .select({
      courseId: courses.id,
      published: courses.published,
      price: courses.price,
      filename: courseMaterials.filename,
    })
    .from(courseMaterials)
    .innerJoin(courses, eq(courses.id, courseMaterials.courseId))
    .where(eq(courseMaterials.storagePath, storagePath))
    .limit(1);
  return row ?? null;
}

/** One material by id, or null. */
export async function selectMaterial(db: Database, id: string): Promise<CourseMaterial | null> {
  const [row] = await db.select().from(courseMaterials).where(eq(courseMaterials.id, id)).limit(1);
  return row ?? null;
}

/** Points a material at another stored file (a replacement): its name, storage path, type and size. */
export async function updateMaterialRow(
  db: Database,
  id: string,
  change: Pick<CourseMaterial, 'filename' | 'storagePath' | 'contentType' | 'sizeBytes'>,
): Promise<CourseMaterial | null> {
  const [row] = await db.update(courseMaterials).set(change).where(eq(courseMaterials.id, id)).returning();
  return row ?? null;
}

/** Deletes a material's row. @returns the deleted row (its storage path, for removing the file), or null. */
export async function deleteMaterialRow(db: Database, id: string): Promise<CourseMaterial | null> {
  const [row] = await db.delete(courseMaterials).where(eq(courseMaterials.id, id)).returning();
  return row ?? null;
}

/** Deletes a user's enrolment in a course (progress and certificate rows stay). @returns the deleted row, or null. */
export async function deleteEnrolmentRow(
  db: Database,
  userId: string,
  courseId: string,
): Promise<CourseEnrollment | null> {
  const [row] = await db
    .delete(courseEnrollments)
    .where(and(eq(courseEnrollments.userId, userId), eq(courseEnrollments.courseId, courseId)))
    .returning();
  return row ?? null;
}

/** A course of the back office's list: the row's fields it shows and its active enrolments. */
export interface CourseListRow {
  id: string;
  title: string;
  published: boolean;
  price: number;
  updatedAt: Date;
  createdAt: Date;
  enrolments: number;
}

/**
 * Every course, drafts included, for the back office: newest change first, with the number of active enrolments.
 * `q` matches the title (case-insensitive, anywhere); `status` keeps drafts or published courses only.
 */
export async function selectCourseList(
  db: Database,
  filter: { q?: string; status?: 'draft' | 'published' } = {},
): Promise<CourseListRow[]> {
  const enrolments = db
    .select({ courseId: courseEnrollments.courseId, count: sql<number>`count(*)::int`.as('count') })
    .from(courseEnrollments)
    .where(eq(courseEnrollments.status, 'active'))
    .groupBy(courseEnrollments.courseId)
    .as('enrolments');
  const q = filter.q?.trim();
  return db
    .select({
      id: courses.id,
      title: courses.title,
      published: courses.published,
      price: courses.price,
      updatedAt: courses.updatedAt,
      createdAt: courses.createdAt,
      enrolments: sql<number>`coalesce(${enrolments.count}, 0)::int`,
    })
    .from(courses)
    .leftJoin(enrolments, eq(enrolments.courseId, courses.id))
    .where(
      and(
        q ? sql`${courses.title} ilike ${`%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}` : undefined,
        filter.status ? eq(courses.published, filter.status === 'published') : undefined,
      ),
    )
    .orderBy(desc(courses.updatedAt), asc(courses.title));
}

/** Sets a course's updated_at to now (a change to its units, lessons, materials or students is a change to it). */
export async function touchCourse(db: Database, id: string): Promise<void> {
  await db.update(courses).set({ updatedAt: new Date() }).where(eq(courses.id, id));
}
