import 'server-only';

import { z } from 'zod';

import type { ActionFailure, ActionResult } from '@/lib/action-result';
import { type AuthUser, type GuardResult, adminRefusal, adminStatus } from '@/lib/auth';
import { authKind } from '@/lib/auth/config';
import {
  type Course,
  type CourseMaterial,
  type Database,
  findLocalUserByEmail,
  findSupabaseUserId,
  getDb,
} from '@/lib/db';
import { fieldErrors } from '@/lib/safe-action';
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
} from './authoring';
import { adminEnrol } from './learning';
import { saveMaterial } from './materials';
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
 * per-admin limit 'admin', then the schema) or the route wrapper; `runAdmin` does the same for a `GuardResult`
 * (tests and scripts). The schema is the one validation; the data functions of lib/courses then take the input
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

/** Every admin operation of the course pages, by the manage page's op name (lib/courses/shared.ts `MANAGE_OPS`). */
export const adminOps = {
  /** Creates a course from the docs/SPEC-NOTES.md §7 payload; returns its id (the page then opens its manage page). */
  create: op(courseCreateSchema, async (input, user, deps) => ({
    id: (await createCourse(input, user.id, deps.db)).id,
  })),

  /** Changes a course's fields (`courseId` plus any of the creation fields). */
  update: op(
    courseUpdateSchema.extend({ courseId: id }),
    async ({ courseId, ...fields }, _user, deps): Promise<Course> => updateCourse(courseId, fields, deps.db),
  ),

  /** Publishes (`published: true`) or unpublishes a course. */
  publish: op(withCourse.extend({ published: z.boolean() }), async ({ courseId, published }, _user, deps) => {
    const course = await setPublished(courseId, published, deps.db);
    return { id: course.id, published: course.published };
  }),

  /** Adds a unit `{ courseId, title }` at the end of the course. */
  addUnit: op(unitInputSchema.extend({ courseId: id }), async ({ courseId, ...unit }, _user, deps) => ({
    id: (await addUnit(courseId, unit, deps.db)).id,
  })),

  /** Adds a lesson `{ unitId, title, body, videoUrl? }` at the end of the unit. */
  addLesson: op(lessonInputSchema.extend({ unitId: id }), async ({ unitId, ...lesson }, _user, deps) => ({
    id: (await addLesson(unitId, lesson, deps.db)).id,
  })),

  /** Changes a lesson `{ lessonId, title?, body?, videoUrl? }`. */
  updateLesson: op(
    lessonUpdateSchema.extend({ lessonId: id }),
    async ({ lessonId, ...fields }, _user, deps) => ({
      id: (await updateLesson(lessonId, fields, deps.db)).id,
    }),
  ),

  /** Moves a unit `{ unitId, toIndex }` (0-based) within its course; returns the unit ids in order. */
  moveUnit: op(withUnit.extend({ toIndex: index }), async ({ unitId, toIndex }, _user, deps) => ({
    order: (await moveUnit(unitId, toIndex, deps.db)).map((u) => u.id),
  })),

  /** Moves a lesson `{ lessonId, toIndex }` (0-based) within its unit; returns the lesson ids in order. */
  moveLesson: op(withLesson.extend({ toIndex: index }), async ({ lessonId, toIndex }, _user, deps) => ({
    order: (await moveLesson(lessonId, toIndex, {}, deps.db)).map((l) => l.id),
  })),

  /**
   * Moves a lesson `{ lessonId, toUnitId }` to the end of another unit of the same course; returns the target
   * unit and its lesson ids in order. 404 for an unknown lesson or unit, 422 'other-course' for a unit of
   * another course.
   */
  moveLessonToUnit: op(
    withLesson.extend({ toUnitId: id }),
    async ({ lessonId, toUnitId }, _user, deps) => ({
      unitId: toUnitId,
      order: (await moveLessonToUnit(lessonId, toUnitId, deps.db)).map((l) => l.id),
    }),
  ),

  /** Deletes a unit `{ unitId }` with its lessons. */
  deleteUnit: op(withUnit, async ({ unitId }, _user, deps) => {
    await deleteUnit(unitId, deps.db);
    return { deleted: true as const };
  }),

  /** Deletes a lesson `{ lessonId }`. */
  deleteLesson: op(withLesson, async ({ lessonId }, _user, deps) => {
    await deleteLesson(lessonId, deps.db);
    return { deleted: true as const };
  }),

  /**
   * Enrols a student `{ courseId, email }` in the course (issue 7: payments are out of scope, so an admin enrols
   * people in priced courses, and in drafts for trying them out): the account with that email – a local account,
   * or with Supabase Auth a user in auth.users – gets an active enrolment, payment_method 'admin', amount = the
   * course price (`adminEnrol`; enrolling again changes nothing). 404 'no-such-student' when no account uses the
   * address (the person signs up first), 404 'not-found' for an unknown course.
   */
  enrolStudent: op(
    withCourse.extend({ email: z.string().trim().toLowerCase().max(254).pipe(z.email()) }),
    async (input, _user, deps) => {
      const db = deps.db ?? (await getDb());
      const userId =
        authKind() === 'supabase'
          ? await findSupabaseUserId(db, input.email)
          : ((await findLocalUserByEmail(db, input.email))?.id ?? null);
      if (!userId) throw new CourseError('student-not-found', 'no account uses that email address');
      const { enrolment, created } = await adminEnrol(userId, input.courseId, {}, db);
      return { enrolmentId: enrolment.id, created };
    },
  ),

  /** docs/SPEC-NOTES.md §7 insert_test_course: an unpublished 'Test Course' priced 25; returns id, title and price. */
  testCourse: op(z.object({}), async (_input, user, deps) => {
    const course = await createTestCourse(user.id, deps.db);
    return { id: course.id, title: course.title, price: course.price };
  }),

  /**
   * Stores an uploaded material `{ courseId, file, lessonId? }` (docs/SPEC-NOTES.md §7: `{timestamp}_{filename}`;
   * limits and types of lib/courses: 413 too large, 415 type not allowed, 422 empty or no file, 404 unknown course).
   */
  upload: op(
    z.object({
      courseId: id,
      file: z.instanceof(Blob, { message: 'required' }),
      lessonId: z
        .unknown()
        .optional()
        .transform((v) => (typeof v === 'string' && v ? v : null)),
    }),
    async ({ courseId, file, lessonId }, _user, deps): Promise<{ material: CourseMaterial; url: string }> => {
      if (file.size > MATERIAL_MAX_BYTES) {
        throw new CourseError(
          'material-too-large',
          `the file is larger than ${MATERIAL_MAX_BYTES / 1048576} MB`,
        );
      }
      const name = 'name' in file && typeof file.name === 'string' ? file.name : 'upload';
      const bytes = new Uint8Array(await file.arrayBuffer());
      return saveMaterial(courseId, { name, type: file.type, bytes }, lessonId, deps, deps.db);
    },
  ),
};

/**
 * One operation for a caller's `GuardResult` (from `adminGuard` or `checkAdmin()`), outside the action pipeline:
 * a refused guard answers its refusal (401, 403, 503) before anything is read, invalid input 422 'invalid' with
 * the fields' message keys, then the work as `attemptAdmin` answers it. Counts no rate limit (the pipeline and
 * the route wrapper do). Never throws.
 */
export async function runAdmin<S extends z.ZodType, T>(
  operation: AdminOp<S, T>,
  guard: GuardResult,
  raw: unknown,
  deps: AdminDeps = {},
): Promise<ActionResult<T, AdminErrorCode>> {
  if (!guard.ok) return { ok: false, status: guard.status, error: guard.error };
  const parsed = operation.schema.safeParse(raw);
  if (!parsed.success)
    return { ok: false, status: 422, error: 'invalid', fieldErrors: fieldErrors(parsed.error) };
  const result = await attemptAdmin(() => operation.run(parsed.data, guard.user, deps));
  return isFailure(result) ? result : { ok: true, data: result };
}

function isFailure<T>(value: T | ActionFailure<AdminErrorCode>): value is ActionFailure<AdminErrorCode> {
  return typeof value === 'object' && value !== null && (value as { ok?: unknown }).ok === false;
}
