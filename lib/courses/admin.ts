import 'server-only';

import { z } from 'zod';

import type { ActionFailure, ActionResult } from '@/lib/action-result';
import { type AuthUser, type GuardResult, adminRefusal, adminStatus, checkAdmin } from '@/lib/auth';
import { authKind } from '@/lib/auth/config';
import {
  type Course,
  type CourseMaterial,
  type Database,
  findLocalUserByEmail,
  findSupabaseUserId,
  getDb,
} from '@/lib/db';
import { type Limiter, rateLimit } from '@/lib/rate-limit';
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
 * The admin side of the course platform (issue 7 item 4) as plain functions, behind the server actions of
 * lib/courses/actions.ts and the materials route handler: every operation takes the caller's `GuardResult` (from
 * `checkAdmin()`, or `adminGuard()` in tests), or the `AdminGate` below (the same after the per-admin rate
 * limit), and refuses with 401 (signed
 * out), 403 (not an admin), 503 (the admin check failed) or 429 (over the rate limit, with `retryAfterSeconds`)
 * before touching anything. Input is `unknown` (whatever a
 * form or direct call sends) and is validated here, once, with the schemas of lib/courses/shared.ts; the data
 * functions of lib/courses then take it typed. Never throws: failures come back as an
 * `ActionResult<T, AdminErrorCode>` (lib/action-result.ts, the one result type) with an HTTP-like status, a stable
 * error code, field keys of lib/courses/schema.ts for 'invalid', and for course errors the spec's English text.
 */

/**
 * The per-admin rate limit of the course admin actions and the materials upload handler: ADMIN_RATE_LIMIT_MAX
 * changes (default 120) per ADMIN_RATE_LIMIT_WINDOW_SECONDS (default 60) per signed-in admin (keyed by user id),
 * in Redis when REDIS_URL is set (shared by every instance), else in process: the budget 'admin' of
 * lib/rate-limit/index.ts. A
 * stolen or scripted admin session cannot hammer the database or fill the storage bucket.
 *
 * Counted only after the admin check passed, so signed-out callers and non-admins (refused with 401/403 anyway)
 * cannot use up an admin's budget, and before anything is read from the body or written.
 */

/** A refused admin gate: the guard's refusals plus 429 with the wait in whole seconds. */
export type AdminGate =
  GuardResult | { ok: false; status: 429; error: 'rate-limited'; retryAfterSeconds: number };

/**
 * Counts one admin change for a guard that passed; returns the guard unchanged when allowed or refused already
 * (a refused guard counts nothing), else 429 'rate-limited' with `retryAfterSeconds`. Never throws (the limiter
 * lets requests through if its store fails).
 */
export async function gateAdmin(
  guard: GuardResult,
  limiter: Limiter = rateLimit('admin'),
): Promise<AdminGate> {
  if (!guard.ok) return guard;
  const decision = await limiter.consume(guard.user.id);
  return decision.allowed
    ? guard
    : { ok: false, status: 429, error: 'rate-limited', retryAfterSeconds: decision.retryAfterSeconds };
}

/** For the admin server actions and route handlers: `checkAdmin()` then one count against the admin's limit. */
export async function checkAdminWithinLimit(): Promise<AdminGate> {
  return gateAdmin(await checkAdmin());
}

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

function fieldErrorsOf(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.map(String).join('.') || '_form';
    if (!(field in out)) out[field] = /^[A-Za-z]+$/.test(issue.message) ? issue.message : 'invalid';
  }
  return out;
}

/**
 * A thrown error as the failure the admin sees: a code the page translates (`FAILURE_KEYS` in lib/courses/shared.ts), never
 * the error's own text. Driver and file-system messages (a query's values, a server path) stay out of the
 * browser; server-side failures are logged by code and error name only (`errorSummary`), without personal data.
 */
function failureOf(error: unknown): ActionFailure<AdminErrorCode> {
  if (error instanceof z.ZodError) {
    return { ok: false, status: 422, error: 'invalid', fieldErrors: fieldErrorsOf(error) };
  }
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

async function run<T>(
  guard: AdminGate,
  work: (user: AuthUser) => Promise<T>,
): Promise<ActionResult<T, AdminErrorCode>> {
  if (!guard.ok) {
    const { status, error } = guard;
    return 'retryAfterSeconds' in guard
      ? { ok: false, status, error, retryAfterSeconds: guard.retryAfterSeconds }
      : { ok: false, status, error };
  }
  try {
    return { ok: true, data: await work(guard.user) };
  } catch (error) {
    return failureOf(error);
  }
}

/** A plain object from a direct call's input (anything else is invalid input, not a crash). */
function record(raw: unknown): Record<string, unknown> {
  return raw !== null && typeof raw === 'object' && !Array.isArray(raw)
    ? (raw as Record<string, unknown>)
    : {};
}

function without(source: Record<string, unknown>, key: string): Record<string, unknown> {
  return Object.fromEntries(Object.entries(source).filter(([k]) => k !== key));
}

const withCourse = z.object({ courseId: id });
const withUnit = z.object({ unitId: id });
const withLesson = z.object({ lessonId: id });

/** Creates a course from the docs/SPEC-NOTES.md §7 payload; returns its id (then the page goes to /courses/manage/{id}). */
export function handleCreateCourse(guard: AdminGate, raw: unknown, deps: AdminDeps = {}) {
  return run(guard, async (user) => {
    const course = await createCourse(courseCreateSchema.parse(raw), user.id, deps.db);
    return { id: course.id };
  });
}

/** Changes a course's fields (`courseId` plus any of the creation fields). */
export function handleUpdateCourse(guard: AdminGate, raw: unknown, deps: AdminDeps = {}) {
  return run(guard, async (): Promise<Course> => {
    const { courseId } = withCourse.parse(raw);
    const fields = without(record(raw), 'courseId');
    return updateCourse(courseId, courseUpdateSchema.parse(fields), deps.db);
  });
}

/** Publishes (`published: true`) or unpublishes a course. */
export function handleSetPublished(guard: AdminGate, raw: unknown, deps: AdminDeps = {}) {
  return run(guard, async () => {
    const { courseId, published } = withCourse.extend({ published: z.boolean() }).parse(raw);
    const course = await setPublished(courseId, published, deps.db);
    return { id: course.id, published: course.published };
  });
}

/** Adds a unit `{ courseId, title }` at the end of the course. */
export function handleAddUnit(guard: AdminGate, raw: unknown, deps: AdminDeps = {}) {
  return run(guard, async () => {
    const { courseId } = withCourse.parse(raw);
    const unit = await addUnit(courseId, unitInputSchema.parse(raw), deps.db);
    return { id: unit.id };
  });
}

/** Adds a lesson `{ unitId, title, body, videoUrl? }` at the end of the unit. */
export function handleAddLesson(guard: AdminGate, raw: unknown, deps: AdminDeps = {}) {
  return run(guard, async () => {
    const { unitId } = withUnit.parse(raw);
    const lesson = await addLesson(unitId, lessonInputSchema.parse(raw), deps.db);
    return { id: lesson.id };
  });
}

/** Changes a lesson `{ lessonId, title?, body?, videoUrl? }`. */
export function handleUpdateLesson(guard: AdminGate, raw: unknown, deps: AdminDeps = {}) {
  return run(guard, async () => {
    const { lessonId } = withLesson.parse(raw);
    const fields = without(record(raw), 'lessonId');
    const lesson = await updateLesson(lessonId, lessonUpdateSchema.parse(fields), deps.db);
    return { id: lesson.id };
  });
}

/** Moves a unit `{ unitId, toIndex }` (0-based) within its course; returns the unit ids in order. */
export function handleMoveUnit(guard: AdminGate, raw: unknown, deps: AdminDeps = {}) {
  return run(guard, async () => {
    const { unitId, toIndex } = withUnit.extend({ toIndex: index }).parse(raw);
    return { order: (await moveUnit(unitId, toIndex, deps.db)).map((u) => u.id) };
  });
}

/** Moves a lesson `{ lessonId, toIndex }` (0-based) within its unit; returns the lesson ids in order. */
export function handleMoveLesson(guard: AdminGate, raw: unknown, deps: AdminDeps = {}) {
  return run(guard, async () => {
    const { lessonId, toIndex } = withLesson.extend({ toIndex: index }).parse(raw);
    return { order: (await moveLesson(lessonId, toIndex, {}, deps.db)).map((l) => l.id) };
  });
}

/**
 * Moves a lesson `{ lessonId, toUnitId }` to the end of another unit of the same course; returns the target unit
 * and its lesson ids in order. 404 for an unknown lesson or unit, 422 'other-course' for a unit of another course.
 */
export function handleMoveLessonToUnit(guard: AdminGate, raw: unknown, deps: AdminDeps = {}) {
  return run(guard, async () => {
    const { lessonId, toUnitId } = withLesson.extend({ toUnitId: id }).parse(raw);
    const lessons = await moveLessonToUnit(lessonId, toUnitId, deps.db);
    return { unitId: toUnitId, order: lessons.map((l) => l.id) };
  });
}

/**
 * Enrols a student `{ courseId, email }` in the course (issue 7: payments are out of scope, so an admin enrols
 * people in priced courses, and in drafts for trying them out): the account with that email – a local account, or
 * with Supabase Auth a user in auth.users – gets an active enrolment, payment_method 'admin', amount = the course
 * price (`adminEnrol`; enrolling again changes nothing). 404 'no-such-student' when no account uses the address
 * (the person signs up first), 404 'not-found' for an unknown course.
 */
export function handleEnrolStudent(guard: AdminGate, raw: unknown, deps: AdminDeps = {}) {
  return run(guard, async () => {
    const input = withCourse
      .extend({ email: z.string().trim().toLowerCase().max(254).pipe(z.email()) })
      .parse(raw);
    const db = deps.db ?? (await getDb());
    const userId =
      authKind() === 'supabase'
        ? await findSupabaseUserId(db, input.email)
        : ((await findLocalUserByEmail(db, input.email))?.id ?? null);
    if (!userId) throw new CourseError('student-not-found', 'no account uses that email address');
    const { enrolment, created } = await adminEnrol(userId, input.courseId, {}, db);
    return { enrolmentId: enrolment.id, created };
  });
}

/** Deletes a unit `{ unitId }` with its lessons. */
export function handleDeleteUnit(guard: AdminGate, raw: unknown, deps: AdminDeps = {}) {
  return run(guard, async () => {
    await deleteUnit(withUnit.parse(raw).unitId, deps.db);
    return { deleted: true as const };
  });
}

/** Deletes a lesson `{ lessonId }`. */
export function handleDeleteLesson(guard: AdminGate, raw: unknown, deps: AdminDeps = {}) {
  return run(guard, async () => {
    await deleteLesson(withLesson.parse(raw).lessonId, deps.db);
    return { deleted: true as const };
  });
}

/** docs/SPEC-NOTES.md §7 insert_test_course: an unpublished 'Test Course' priced 25; returns id, title and price. */
export function handleCreateTestCourse(guard: AdminGate, deps: AdminDeps = {}) {
  return run(guard, async (user) => {
    const course = await createTestCourse(user.id, deps.db);
    return { id: course.id, title: course.title, price: course.price };
  });
}

/**
 * Stores an uploaded material `{ courseId, file, lessonId? }` (docs/SPEC-NOTES.md §7: `{timestamp}_{filename}`; limits and types
 * of lib/courses: 413 too large, 415 type not allowed, 422 empty or no file, 404 unknown course).
 */
export function handleUploadMaterial(
  guard: AdminGate,
  input: { courseId: unknown; file: unknown; lessonId?: unknown },
  deps: AdminDeps = {},
) {
  return run(guard, async (): Promise<{ material: CourseMaterial; url: string }> => {
    const courseId = id.parse(input.courseId);
    const lessonId = typeof input.lessonId === 'string' && input.lessonId ? input.lessonId : null;
    const file = input.file;
    if (!(file instanceof Blob)) {
      throw new z.ZodError([{ code: 'custom', path: ['file'], message: 'required', input: file }]);
    }
    if (file.size > MATERIAL_MAX_BYTES) {
      throw new CourseError(
        'material-too-large',
        `the file is larger than ${MATERIAL_MAX_BYTES / 1048576} MB`,
      );
    }
    const name = 'name' in file && typeof file.name === 'string' ? file.name : 'upload';
    const bytes = new Uint8Array(await file.arrayBuffer());
    return saveMaterial(courseId, { name, type: file.type, bytes }, lessonId, deps, deps.db);
  });
}
