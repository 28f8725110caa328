import 'server-only';

import { z } from 'zod';

import type { ActionFailure } from '@/lib/action-result';
import { type AuthUser, type GuardResult, adminRefusal, adminStatus } from '@/lib/auth';
import { authKind } from '@/lib/auth/config';
import {
  type Course,
  type CourseMaterial,
  type Database,
  findLocalUserByEmail,
  findSupabaseUserId,
  getDb,
  recordAudit,
  selectLesson,
  selectUnit,
  touchCourse,
} from '@/lib/db';
import type { MaterialStorage } from '@/lib/storage';

import {
  addLesson,
  addUnit,
  createCourse,
  createTestCourse,
  deleteLesson,
  deleteUnit,
  moveLesson,
  moveLessonToUnit,
  moveUnit,
  setPublished,
  updateCourse,
  updateLesson,
  updateUnit,
} from './authoring';
import { isUuid } from './internal';
import { adminEnrol, unenrol } from './learning';
import { type UploadedFile, deleteMaterial, replaceMaterial, saveMaterial } from './materials';
import { type AdminErrorCode, CourseError, MATERIAL_MAX_BYTES, errorSummary, isCourseError } from './shared';
import {
  courseCreateSchema,
  courseUpdateSchema,
  lessonInputSchema,
  lessonUpdateSchema,
  unitInputSchema,
} from './schema';

/**
 * The admin operations of the course platform (issue 7 item 4), behind the server actions of
 * lib/courses/actions.ts and the materials route handler: each is its input schema plus its work on valid input
 * (`adminOps`). The callers put the checks in front: the action pipeline (lib/safe-action.ts: guard 'admin', the
 * per-admin limit 'admin', then the schema) or the route wrapper and its handler (the materials upload); tests run
 * them with tests/helpers/course-admin.ts `runAdmin`. The schema is the one validation; the data functions of lib/courses then take the input
 * typed. A failure of the work comes back as an `ActionFailure<AdminErrorCode>` (lib/action-result.ts, the one
 * result type) with an HTTP-like status and a stable code; course errors never show their own text.
 */

export type AdminDeps = { db?: Database; storage?: MaterialStorage; now?: () => number };

/**
 * What `checkAdmin()` decides, for a known user (tests and scripts): null → 401, not an admin (docs/SPEC-NOTES.md §5: ADMIN_EMAILS
 * or a user_roles 'admin' row) → 403, a database error during the check → 503 'check-failed' (logged). `adminEmails`
 * defaults to ADMIN_EMAILS. Never throws for the check.
 */
export async function adminGuard(
  user: AuthUser | null,
  db?: Database,
  adminEmails?: readonly string[],
): Promise<GuardResult> {
  if (!user) return { ok: false, status: 401, error: 'unauthenticated' };
  return adminRefusal(await adminStatus(user, db, adminEmails)) ?? { ok: true, user };
}

const id = z.string().trim().min(1).max(100);
const index = z.coerce.number().int().min(0).max(10_000);
const withCourse = z.object({ courseId: id });
const withUnit = z.object({ unitId: id });
const withLesson = z.object({ lessonId: id });

/**
 * A thrown error as the failure the admin sees: a code the page translates (`FAILURE_KEYS` in lib/courses/shared.ts), never
 * the error's own text. Driver and file-system messages (a query's values, a server path) stay out of the
 * browser; server-side failures are logged by code and error name only (`errorSummary`), without personal data.
 */
function failureOf(error: unknown): ActionFailure<AdminErrorCode> {
  if (isCourseError(error)) {
    const { code } = error;
    if (code === 'course-not-found' || code === 'unit-not-found' || code === 'lesson-not-found')
      return { ok: false, status: 404, error: 'not-found' };
    if (code === 'unit-other-course') return { ok: false, status: 422, error: 'other-course' };
    if (code === 'student-not-found') return { ok: false, status: 404, error: 'no-such-student' };
    if (code === 'material-too-large') return { ok: false, status: 413, error: 'too-large' };
    if (code === 'material-type') return { ok: false, status: 415, error: 'bad-type' };
    if (code === 'material-content') return { ok: false, status: 415, error: 'bad-content' };
    if (code === 'material-not-found' || code === 'enrolment-not-found')
      return { ok: false, status: 404, error: 'not-found' };
    if (code === 'material-empty') return { ok: false, status: 422, error: 'empty' };
    console.error(`[course-admin] ${code}: ${errorSummary(error.cause ?? error)}`);
    return { ok: false, status: 500, error: 'server' };
  }
  console.error(`[course-admin] unexpected failure: ${errorSummary(error)}`);
  return { ok: false, status: 500, error: 'server' };
}

/** One admin operation: the schema of its input and its work on the parsed input, for `user`. */
export type AdminOp<S extends z.ZodType, T> = {
  schema: S;
  /** Throws `CourseError` (or anything else) on failure; `attemptAdmin` turns that into the admin's failure. */
  run: (input: z.output<S>, user: AuthUser, deps: AdminDeps) => Promise<T>;
};

function op<S extends z.ZodType, T>(
  schema: S,
  run: (input: z.output<S>, user: AuthUser, deps: AdminDeps) => Promise<T>,
): AdminOp<S, T> {
  return { schema, run };
}

/**
 * The work of one operation as its answer: the data, or the failure a thrown error stands for (404 'not-found',
 * 422 'other-course', 404 'no-such-student', 413/415/422 for materials, else 500 'server', logged). Never throws.
 */
export async function attemptAdmin<T>(work: () => Promise<T>): Promise<T | ActionFailure<AdminErrorCode>> {
  try {
    return await work();
  } catch (error) {
    return failureOf(error);
  }
}

/** One audit entry of a course write: the verb (`course.*`), the course it concerns, and what changed. */
type CourseAudit = { action: string; courseId: string; detail?: Record<string, unknown> };

/** The entry `audited` writes for a course write by `user` (the course is the target; no lesson bodies in it). */
async function writeAudit(tx: Database, user: AuthUser, entry: CourseAudit): Promise<void> {
  await touchCourse(tx, entry.courseId);
  await recordAudit(tx, {
    actorId: isUuid(user.id) ? user.id : null,
    actorEmail: user.email,
    action: entry.action,
    target: entry.courseId,
    detail: entry.detail ?? {},
  });
}

/**
 * Runs a course write and its audit entry (docs/ARCHITECTURE.md §5: every staff or admin write leaves one) in one
 * transaction: `work` gets the transaction, `entry` says what to record from its result; the course's
 * updated_at moves too (the back office's "last change"). Either both happen or neither. @throws what `work`
 * throws, or a database error of the entry (which undoes the write).
 */
async function audited<T>(
  deps: AdminDeps,
  user: AuthUser,
  work: (tx: Database) => Promise<T>,
  entry: (result: T) => CourseAudit,
): Promise<T> {
  return (deps.db ?? (await getDb())).transaction(async (tx) => {
    const result = await work(tx);
    await writeAudit(tx, user, entry(result));
    return result;
  });
}

/** The course a unit belongs to (for the audit entry). @throws CourseError 'unit-not-found'. */
async function unitCourse(db: Database, unitId: string): Promise<string> {
  const unit = isUuid(unitId) ? await selectUnit(db, unitId) : null;
  if (!unit) throw new CourseError('unit-not-found', 'unit not found');
  return unit.courseId;
}

/** The course a lesson belongs to (for the audit entry). @throws CourseError 'lesson-not-found'. */
async function lessonCourse(db: Database, lessonId: string): Promise<string> {
  const found = isUuid(lessonId) ? await selectLesson(db, lessonId) : null;
  if (!found) throw new CourseError('lesson-not-found', 'lesson not found');
  return found.courseId;
}

const uploadedFile = z.instanceof(Blob, { message: 'required' });
const optionalId = z
  .unknown()
  .optional()
  .transform((v) => (typeof v === 'string' && v ? v : null));

/** A Blob from the multipart form as the storage functions take it. @throws CourseError 'material-too-large'. */
async function fileOf(file: Blob): Promise<UploadedFile> {
  if (file.size > MATERIAL_MAX_BYTES) {
    throw new CourseError('material-too-large', `the file is larger than ${MATERIAL_MAX_BYTES / 1048576} MB`);
  }
  const name = 'name' in file && typeof file.name === 'string' ? file.name : 'upload';
  return { name, type: file.type, bytes: new Uint8Array(await file.arrayBuffer()) };
}

/** What a material's audit entry says about it: id, shown name, lesson, type and size. */
const materialDetail = (m: CourseMaterial) => ({
  materialId: m.id,
  filename: m.filename,
  lessonId: m.lessonId,
  contentType: m.contentType,
  sizeBytes: m.sizeBytes,
});

/**
 * Every admin operation of the course pages, by the manage page's op name (lib/courses/shared.ts `MANAGE_OPS`).
 * Each write leaves an audit entry `course.*` (target: the course id) in its own transaction (`audited`).
 */
export const adminOps = {
  /** Creates a course from the docs/SPEC-NOTES.md §7 payload; returns its id (the page then opens its manage page). */
  create: op(courseCreateSchema, async (input, user, deps) => ({
    id: (
      await audited(
        deps,
        user,
        (tx) => createCourse(input, user.id, tx),
        (c) => ({
          action: 'course.create',
          courseId: c.id,
          detail: { title: c.title, price: c.price, published: c.published },
        }),
      )
    ).id,
  })),

  /** Changes a course's fields (`courseId` plus any of the creation fields). */
  update: op(
    courseUpdateSchema.extend({ courseId: id }),
    async ({ courseId, ...fields }, user, deps): Promise<Course> =>
      audited(
        deps,
        user,
        (tx) => updateCourse(courseId, fields, tx),
        (c) => ({
          action: 'course.update',
          courseId: c.id,
          detail: { fields: Object.keys(fields).sort(), title: c.title, price: c.price },
        }),
      ),
  ),

  /** Publishes (`published: true`) or unpublishes a course. */
  publish: op(withCourse.extend({ published: z.boolean() }), async ({ courseId, published }, user, deps) => {
    const course = await audited(
      deps,
      user,
      (tx) => setPublished(courseId, published, tx),
      (c) => ({ action: published ? 'course.publish' : 'course.unpublish', courseId: c.id }),
    );
    return { id: course.id, published: course.published };
  }),

  /** Adds a unit `{ courseId, title }` at the end of the course. */
  addUnit: op(unitInputSchema.extend({ courseId: id }), async ({ courseId, ...unit }, user, deps) => ({
    id: (
      await audited(
        deps,
        user,
        (tx) => addUnit(courseId, unit, tx),
        (u) => ({ action: 'course.unit.add', courseId, detail: { unitId: u.id, title: u.title } }),
      )
    ).id,
  })),

  /** Renames a unit `{ unitId, title }`. */
  updateUnit: op(unitInputSchema.extend({ unitId: id }), async ({ unitId, ...unit }, user, deps) => ({
    id: (
      await audited(
        deps,
        user,
        (tx) => updateUnit(unitId, unit, tx),
        (u) => ({ action: 'course.unit.update', courseId: u.courseId, detail: { unitId, title: u.title } }),
      )
    ).id,
  })),

  /** Adds a lesson `{ unitId, title, body, videoUrl? }` at the end of the unit. */
  addLesson: op(lessonInputSchema.extend({ unitId: id }), async ({ unitId, ...lesson }, user, deps) => {
    let courseId = '';
    const row = await audited(
      deps,
      user,
      async (tx) => {
        courseId = await unitCourse(tx, unitId);
        return addLesson(unitId, lesson, tx);
      },
      (l) => ({ action: 'course.lesson.add', courseId, detail: { unitId, lessonId: l.id, title: l.title } }),
    );
    return { id: row.id };
  }),

  /** Changes a lesson `{ lessonId, title?, body?, videoUrl? }`. */
  updateLesson: op(
    lessonUpdateSchema.extend({ lessonId: id }),
    async ({ lessonId, ...fields }, user, deps) => {
      let courseId = '';
      const row = await audited(
        deps,
        user,
        async (tx) => {
          courseId = await lessonCourse(tx, lessonId);
          return updateLesson(lessonId, fields, tx);
        },
        (l) => ({
          action: 'course.lesson.update',
          courseId,
          detail: { lessonId, title: l.title, fields: Object.keys(fields).sort() },
        }),
      );
      return { id: row.id };
    },
  ),

  /** Moves a unit `{ unitId, toIndex }` (0-based) within its course; returns the unit ids in order. */
  moveUnit: op(withUnit.extend({ toIndex: index }), async ({ unitId, toIndex }, user, deps) => ({
    order: (
      await audited(
        deps,
        user,
        (tx) => moveUnit(unitId, toIndex, tx),
        (units) => ({
          action: 'course.unit.move',
          courseId: units[0]?.courseId ?? '',
          detail: { unitId, toIndex: units.findIndex((u) => u.id === unitId) },
        }),
      )
    ).map((u) => u.id),
  })),

  /** Moves a lesson `{ lessonId, toIndex }` (0-based) within its unit; returns the lesson ids in order. */
  moveLesson: op(withLesson.extend({ toIndex: index }), async ({ lessonId, toIndex }, user, deps) => {
    let courseId = '';
    const lessons = await audited(
      deps,
      user,
      async (tx) => {
        courseId = await lessonCourse(tx, lessonId);
        return moveLesson(lessonId, toIndex, {}, tx);
      },
      (rows) => ({
        action: 'course.lesson.move',
        courseId,
        detail: { lessonId, toIndex: rows.findIndex((l) => l.id === lessonId) },
      }),
    );
    return { order: lessons.map((l) => l.id) };
  }),

  /**
   * Moves a lesson `{ lessonId, toUnitId }` to the end of another unit of the same course; returns the target
   * unit and its lesson ids in order. 404 for an unknown lesson or unit, 422 'other-course' for a unit of
   * another course.
   */
  moveLessonToUnit: op(withLesson.extend({ toUnitId: id }), async ({ lessonId, toUnitId }, user, deps) => {
    let courseId = '';
    const lessons = await audited(
      deps,
      user,
      async (tx) => {
        courseId = await lessonCourse(tx, lessonId);
        return moveLessonToUnit(lessonId, toUnitId, tx);
      },
      () => ({ action: 'course.lesson.move', courseId, detail: { lessonId, toUnitId } }),
    );
    return { unitId: toUnitId, order: lessons.map((l) => l.id) };
  }),

  /** Deletes a unit `{ unitId }` with its lessons. */
  deleteUnit: op(withUnit, async ({ unitId }, user, deps) => {
    let entry: CourseAudit = { action: 'course.unit.delete', courseId: '' };
    await audited(
      deps,
      user,
      async (tx) => {
        const unit = isUuid(unitId) ? await selectUnit(tx, unitId) : null;
        if (unit) entry = { ...entry, courseId: unit.courseId, detail: { unitId, title: unit.title } };
        await deleteUnit(unitId, tx);
      },
      () => entry,
    );
    return { deleted: true as const };
  }),

  /** Deletes a lesson `{ lessonId }`. */
  deleteLesson: op(withLesson, async ({ lessonId }, user, deps) => {
    let entry: CourseAudit = { action: 'course.lesson.delete', courseId: '' };
    await audited(
      deps,
      user,
      async (tx) => {
        const found = isUuid(lessonId) ? await selectLesson(tx, lessonId) : null;
        if (found) {
          entry = { ...entry, courseId: found.courseId, detail: { lessonId, title: found.lesson.title } };
        }
        await deleteLesson(lessonId, tx);
      },
      () => entry,
    );
    return { deleted: true as const };
  }),

  /**
   * Enrols a student `{ courseId, email }` in the course (issue 7: payments are out of scope, so an admin enrols
   * people in priced courses, and in drafts for trying them out): the account with that email – a local account,
   * or with Supabase Auth a user in auth.users – gets an active enrolment, payment_method 'admin', amount = the
   * course price (`adminEnrol`; enrolling again changes nothing and records nothing). 404 'no-such-student' when no
   * account uses the address (the person signs up first), 404 'not-found' for an unknown course. The audit entry
   * names the student by account id, not email.
   */
  enrolStudent: op(
    withCourse.extend({ email: z.string().trim().toLowerCase().max(254).pipe(z.email()) }),
    async (input, user, deps) => {
      const db = deps.db ?? (await getDb());
      const userId =
        authKind() === 'supabase'
          ? await findSupabaseUserId(db, input.email)
          : ((await findLocalUserByEmail(db, input.email))?.id ?? null);
      if (!userId) throw new CourseError('student-not-found', 'no account uses that email address');
      const { enrolment, created } = await db.transaction(async (tx) => {
        const result = await adminEnrol(userId, input.courseId, {}, tx);
        if (result.created) {
          await writeAudit(tx, user, {
            action: 'course.enrol',
            courseId: result.enrolment.courseId,
            detail: { studentId: userId, enrolmentId: result.enrolment.id },
          });
        }
        return result;
      });
      return { enrolmentId: enrolment.id, created };
    },
  ),

  /**
   * Takes a student `{ courseId, userId }` out of the course (`unenrol`: the enrolment goes; progress and
   * certificate stay). 404 'not-found' when they are not enrolled.
   */
  unenrolStudent: op(withCourse.extend({ userId: id }), async ({ courseId, userId }, user, deps) => {
    const enrolment = await unenrol(
      userId,
      courseId,
      {
        audit: (tx, row) =>
          writeAudit(tx, user, {
            action: 'course.unenrol',
            courseId,
            detail: { studentId: userId, enrolmentId: row.id, paymentMethod: row.paymentMethod },
          }),
      },
      deps.db,
    );
    return { enrolmentId: enrolment.id };
  }),

  /** docs/SPEC-NOTES.md §7 insert_test_course: an unpublished 'Test Course' priced 25; returns id, title and price. */
  testCourse: op(z.object({}), async (_input, user, deps) => {
    const course = await audited(
      deps,
      user,
      (tx) => createTestCourse(user.id, tx),
      (c) => ({
        action: 'course.create',
        courseId: c.id,
        detail: { title: c.title, price: c.price, test: true },
      }),
    );
    return { id: course.id, title: course.title, price: course.price };
  }),

  /**
   * Stores an uploaded material `{ courseId, file, lessonId? }` (docs/SPEC-NOTES.md §7: `{timestamp}_{filename}`;
   * limits and types of lib/courses: 413 too large, 415 type not allowed, 415 'bad-content' when the bytes are not
   * what the extension says, 422 empty or no file, 404 unknown course). With `materialId`, replaces that material's
   * file instead (`replaceMaterial`; 404 when it is not one of the course's). Audited 'course.material.upload' or
   * 'course.material.replace'.
   */
  upload: op(
    z.object({ courseId: id, file: uploadedFile, lessonId: optionalId, materialId: optionalId }),
    async (
      { courseId, file, lessonId, materialId },
      user,
      deps,
    ): Promise<{ material: CourseMaterial; url: string; replaced: boolean }> => {
      const upload = await fileOf(file);
      const action = materialId ? 'course.material.replace' : 'course.material.upload';
      const options = {
        ...deps,
        audit: (tx: Database, m: CourseMaterial) =>
          writeAudit(tx, user, { action, courseId, detail: materialDetail(m) }),
      };
      const saved = materialId
        ? await replaceMaterial(courseId, materialId, upload, options, deps.db)
        : await saveMaterial(courseId, upload, lessonId, options, deps.db);
      return { ...saved, replaced: Boolean(materialId) };
    },
  ),

  /** Deletes a material `{ courseId, materialId }` and its stored file. 404 when it is not one of the course's. */
  deleteMaterial: op(withCourse.extend({ materialId: id }), async ({ courseId, materialId }, user, deps) => {
    const material = await deleteMaterial(
      courseId,
      materialId,
      {
        storage: deps.storage,
        audit: (tx, m) =>
          writeAudit(tx, user, { action: 'course.material.delete', courseId, detail: materialDetail(m) }),
      },
      deps.db,
    );
    return { deleted: material.id };
  }),
};
