import 'server-only';

import {
  type Course,
  type CourseLesson,
  type CourseUnit,
  type Database,
  DEFAULT_CERTIFICATION_DESCRIPTION,
  DEFAULT_CERTIFICATION_TITLE,
  deleteLessonRow,
  deleteUnitRow,
  insertCourse,
  insertLesson,
  insertUnit,
  selectLesson,
  selectUnit,
  selectUnitLessons,
  selectUnits,
  updateCourseRow,
  updateLessonRow,
  updateUnitRow,
} from '@/lib/db';

import { isUuid, database, lockCourse } from './internal';
import { moveTo, sanitizeLessonBody } from './model';
import {
  CourseError,
  type CourseCreateData,
  type CourseUpdateData,
  type LessonData,
  type LessonUpdateData,
  type UnitData,
} from './shared';

/**
 * Authoring (admins; the caller checks with `checkAdmin` / `requireAdmin` first): courses, units, lessons, their
 * order and deletion. Input is typed and already validated: the admin operations (lib/courses/admin.ts) parse it
 * once with the schemas of lib/courses/shared.ts. Positions stay dense from 0 after every write.
 */

/**
 * Creates a course from the docs/SPEC-NOTES.md §7 payload (parsed by `courseCreateSchema`; empty certificate fields take
 * the spec defaults), created_by = the admin's user id. @throws CourseError 'create-failed' on a database error.
 */
export async function createCourse(data: CourseCreateData, adminId: string, db?: Database): Promise<Course> {
  try {
    return await insertCourse(await database(db), {
      title: data.title,
      description: data.description ?? '',
      price: data.price ?? 0,
      thumbnail: data.thumbnail ?? null,
      published: data.published ?? false,
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
 * Changes the given fields of a course (parsed by `courseUpdateSchema`; an empty certificate field resets it
 * to the default). @throws CourseError 'course-not-found'.
 */
export async function updateCourse(id: string, data: CourseUpdateData, db?: Database): Promise<Course> {
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

/** Adds a unit at the end of a course. @throws CourseError 'course-not-found'. */
export async function addUnit(courseId: string, data: UnitData, db?: Database): Promise<CourseUnit> {
  const { title } = data;
  return (await database(db)).transaction(async (tx) => {
    await lockCourse(tx, courseId);
    const units = await selectUnits(tx, courseId);
    return insertUnit(tx, { courseId, title, position: units.length });
  });
}

/** Renames a unit. @throws CourseError 'unit-not-found'. */
export async function updateUnit(unitId: string, data: UnitData, db?: Database): Promise<CourseUnit> {
  const { title } = data;
  const row = isUuid(unitId) ? await updateUnitRow(await database(db), unitId, { title }) : null;
  if (!row) throw new CourseError('unit-not-found', 'unit not found');
  return row;
}

/**
 * Adds a lesson at the end of a unit; the body is sanitised (`sanitizeLessonBody`: allowlisted HTML, or plain text
 * made into paragraphs). @throws CourseError 'unit-not-found'.
 */
export async function addLesson(unitId: string, data: LessonData, db?: Database): Promise<CourseLesson> {
  const conn = await database(db);
  const unit = isUuid(unitId) ? await selectUnit(conn, unitId) : null;
  if (!unit) throw new CourseError('unit-not-found', 'unit not found');
  return conn.transaction(async (tx) => {
    await lockCourse(tx, unit.courseId);
    const lessons = await selectUnitLessons(tx, unitId);
    return insertLesson(tx, {
      unitId,
      title: data.title,
      body: sanitizeLessonBody(data.body ?? ''),
      videoUrl: data.videoUrl ?? null,
      position: lessons.length,
    });
  });
}

/** Changes a lesson's title, body (sanitised) or video. @throws CourseError 'lesson-not-found'. */
export async function updateLesson(
  lessonId: string,
  data: LessonUpdateData,
  db?: Database,
): Promise<CourseLesson> {
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
