import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import type { AuthUser } from '@/lib/auth';
import { adminGuard, adminOps } from '@/lib/courses/admin';
import { runAdmin } from '@/tests/helpers/course-admin';
import {
  addLesson,
  addUnit,
  createCourse,
  getCourseOutline,
  isEnrolled,
  moveLessonToUnit,
} from '@/lib/courses';
import { grantRole, insertLocalUser } from '@/lib/db';
import type { DatabaseHandle } from '@/lib/db/client';

import { submitManageForm } from '../helpers/manage-action';
import { testEngines } from '../helpers/test-engines';

/**
 * The course admin's server actions (lib/courses/actions.ts) with their operations (lib/courses/admin.ts), on
 * PGlite in memory and on PostgreSQL when TEST_DATABASE_URL is set, one database per engine:
 * - moving a lesson to another unit (lib/courses `moveLessonToUnit`, its operation and the manage page's action);
 * - the per-admin rate limit of the admin actions and the materials upload handler;
 * - an admin enrolling a student (issue 7: payments are out of scope, so priced courses are enrolled by an admin).
 * The session is faked at lib/auth's boundary: `checkStaff` decides with the real `staffGuard` (a user_roles row in
 * this database) for `state.user`. The admin limit is 3 changes per minute in this file, so each test that
 * changes something signs in its own admin.
 */

const state = vi.hoisted(() => {
  process.env.ADMIN_RATE_LIMIT_MAX = '3';
  process.env.ADMIN_RATE_LIMIT_WINDOW_SECONDS = '60';
  return { user: null as AuthUser | null, db: null as unknown };
});

vi.mock('@/lib/auth', async (importOriginal) => {
  const real = await importOriginal<typeof import('@/lib/auth')>();
  return {
    ...real,
    // The action pipeline and the route wrapper ask `checkStaff(role)`; decided here with the real staffGuard.
    checkStaff: async (role?: 'staff' | 'admin') => real.staffGuard(state.user, role, state.db as never, []),
  };
});
vi.mock('next/headers', () => ({ headers: async () => new Headers() }));
vi.mock('@/lib/db', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/db')>()),
  getDb: async () => state.db,
}));
vi.mock('next/cache', () => ({
  unstable_cache: (fn: unknown) => fn,
  updateTag: () => undefined,
  revalidateTag: () => undefined,
  revalidatePath: () => undefined,
}));
vi.mock('@/i18n/navigation', async () => (await import('../helpers/manage-action')).redirectMock);

const { createCourseAction, enrolStudentAction, moveLessonToUnitAction } =
  await import('@/lib/courses/actions');
const { POST: uploadPost } = await import('@/app/api/courses/materials/route');

/** Runs the manage page's Move to unit action with these form fields; returns where it redirected (`{locale}:{href}`). */
const submit = (fields: Record<string, string>) => submitManageForm(moveLessonToUnitAction, fields);
/** The same for the enrol action. */
const submitEnrol = (fields: Record<string, string>) => submitManageForm(enrolStudentAction, fields);

function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

describe.each(testEngines('lrjn_course_admin_actions'))('course admin actions ($name)', (engine) => {
  let handle: DatabaseHandle;
  let dispose: () => Promise<void>;
  let db: DatabaseHandle['db'];
  let student: AuthUser;

  const account = async (email: string, admin = false): Promise<AuthUser> => {
    const row = (await insertLocalUser(db, { email, passwordHash: 'scrypt$15$8$1$x$y', fullName: email }))!;
    if (admin) await grantRole(db, row.id, 'admin');
    return { id: row.id, email, name: email, emailConfirmed: true };
  };

  /** Course with units A (a1, a2, a3) and B (b1), plus another course with unit F. */
  async function fixture() {
    const course = await createCourse({ title: 'Moves' }, crypto.randomUUID(), db);
    const unitA = await addUnit(course.id, { title: 'A' }, db);
    const unitB = await addUnit(course.id, { title: 'B' }, db);
    const a1 = await addLesson(unitA.id, { title: 'a1' }, db);
    const a2 = await addLesson(unitA.id, { title: 'a2' }, db);
    const a3 = await addLesson(unitA.id, { title: 'a3' }, db);
    const b1 = await addLesson(unitB.id, { title: 'b1' }, db);
    const other = await createCourse({ title: 'Other' }, crypto.randomUUID(), db);
    const foreign = await addUnit(other.id, { title: 'F' }, db);
    return { course, unitA, unitB, a1, a2, a3, b1, foreign };
  }

  /** Units as [title, position, [[lesson, position]…]]. */
  const shape = async (courseId: string) =>
    (await getCourseOutline(courseId, { includeDrafts: true }, db))!.units.map((u) => [
      u.title,
      u.position,
      u.lessons.map((l) => [l.title, l.position]),
    ]);

  beforeAll(async () => {
    ({ handle, dispose } = await engine.open());
    db = handle.db;
    state.db = db;
    student = await account('student@example.org');
  }, 120_000);
  afterAll(async () => {
    state.user = null;
    await dispose?.();
  });

  it('moves a lesson to the end of another unit, closing up the positions of its old unit', async () => {
    const { course, unitA, unitB, a1, a2, a3, b1 } = await fixture();
    expect((await moveLessonToUnit(a1.id, unitB.id, db)).map((l) => [l.title, l.position])).toEqual([
      ['b1', 0],
      ['a1', 1],
    ]);
    expect(await shape(course.id)).toEqual([
      [
        'A',
        0,
        [
          ['a2', 0],
          ['a3', 1],
        ],
      ],
      [
        'B',
        1,
        [
          ['b1', 0],
          ['a1', 1],
        ],
      ],
    ]);
    // To the unit it is already in: nothing changes (not even its place in the unit).
    expect((await moveLessonToUnit(a2.id, unitA.id, db)).map((l) => l.title)).toEqual(['a2', 'a3']);
    // The last lesson out leaves an empty unit, and coming back puts it at the end.
    await moveLessonToUnit(b1.id, unitA.id, db);
    expect(await shape(course.id)).toEqual([
      [
        'A',
        0,
        [
          ['a2', 0],
          ['a3', 1],
          ['b1', 2],
        ],
      ],
      ['B', 1, [['a1', 0]]],
    ]);
    expect((await getCourseOutline(course.id, { includeDrafts: true }, db))!.lessonIds).toEqual([
      a2.id,
      a3.id,
      b1.id,
      a1.id,
    ]);
  });

  it('handler: 422 for a unit of another course, 404 for unknown lessons or units, 401/403 before anything', async () => {
    const admin = await adminGuard(await account('handler-admin@example.org', true), db, []);
    const { course, unitB, a1, foreign } = await fixture();
    const before = await shape(course.id);
    expect(await runAdmin(adminOps.moveLessonToUnit, admin, { lessonId: a1.id, toUnitId: foreign.id }, { db })).toEqual({
      ok: false,
      status: 422,
      error: 'other-course',
    });
    expect(
      await runAdmin(adminOps.moveLessonToUnit, admin, { lessonId: crypto.randomUUID(), toUnitId: unitB.id }, { db }),
    ).toMatchObject({ ok: false, status: 404, error: 'not-found' });
    expect(
      await runAdmin(adminOps.moveLessonToUnit, admin, { lessonId: a1.id, toUnitId: crypto.randomUUID() }, { db }),
    ).toMatchObject({ ok: false, status: 404, error: 'not-found' });
    expect(await runAdmin(adminOps.moveLessonToUnit, admin, { lessonId: a1.id }, { db })).toMatchObject({
      ok: false,
      status: 422,
      error: 'invalid',
      fieldErrors: { toUnitId: 'invalid' },
    });
    const input = { lessonId: a1.id, toUnitId: unitB.id };
    expect(await runAdmin(adminOps.moveLessonToUnit, await adminGuard(null, db, []), input, { db })).toEqual({
      ok: false,
      status: 401,
      error: 'unauthenticated',
    });
    expect(await runAdmin(adminOps.moveLessonToUnit, await adminGuard(student, db, []), input, { db })).toEqual({
      ok: false,
      status: 403,
      error: 'forbidden',
    });
    expect(await shape(course.id)).toEqual(before);
    expect(await runAdmin(adminOps.moveLessonToUnit, admin, input, { db })).toEqual({
      ok: true,
      data: { unitId: unitB.id, order: [expect.any(String), a1.id] },
    });
  });

  it('manage page action: signed out → 401, student → 403 (nothing moved), admin → moved', async () => {
    const { course, unitA, unitB, a1, foreign } = await fixture();
    const before = await shape(course.id);
    const fields = { courseId: course.id, lessonId: a1.id, toUnitId: unitB.id };
    const back = `/courses/manage/${course.id}`;

    state.user = null;
    expect(await submit(fields)).toBe(`en:${back}?error=unauthenticated#lesson-${a1.id}`);
    state.user = student;
    expect(await submit({ ...fields, locale: 'fr' })).toBe(`fr:${back}?error=forbidden#lesson-${a1.id}`);
    expect(await shape(course.id)).toEqual(before);

    state.user = await account('action-admin@example.org', true);
    expect(await submit(fields)).toBe(`en:${back}?done=moveLessonToUnit#lesson-${a1.id}`);
    expect(await submit({ ...fields, toUnitId: foreign.id })).toBe(
      `en:${back}?error=other-course#lesson-${a1.id}`,
    );
    const outline = await getCourseOutline(course.id, { includeDrafts: true }, db);
    expect(outline!.units.find((u) => u.id === unitA.id)!.lessons.map((l) => l.title)).toEqual(['a2', 'a3']);
    expect(outline!.units.find((u) => u.id === unitB.id)!.lessons.map((l) => l.title)).toEqual(['b1', 'a1']);
  });

  it('limits each admin to ADMIN_RATE_LIMIT_MAX changes per window (429), counted after the admin check', async () => {
    const { course, unitA, unitB, a1 } = await fixture();
    const move = (toUnitId: string) => submit({ courseId: course.id, lessonId: a1.id, toUnitId });

    // Refused callers count nothing: a student gets 403 however often, never 429.
    state.user = student;
    for (let i = 0; i < 5; i++) expect(await move(unitB.id)).toContain('?error=forbidden');

    state.user = await account('busy-admin@example.org', true);
    expect(await move(unitB.id)).toContain('?done=moveLessonToUnit');
    expect(await move(unitA.id)).toContain('?done=moveLessonToUnit');
    expect(await move(unitB.id)).toContain('?done=moveLessonToUnit');
    expect(await move(unitA.id)).toContain('?error=rate-limited#');
    const refused = await createCourseAction({ title: 'One too many' });
    expect(refused).toMatchObject({ ok: false, status: 429, error: 'rate-limited' });
    expect(refused.ok ? 0 : refused.retryAfterSeconds).toBeGreaterThan(0);
    // The refused move wrote nothing: a1 is still in B, where the third move put it.
    const outline = await getCourseOutline(course.id, { includeDrafts: true }, db);
    expect(outline!.units.find((u) => u.id === unitB.id)!.lessons.map((l) => l.title)).toEqual(['b1', 'a1']);

    // Another admin has a budget of their own.
    state.user = await account('other-admin@example.org', true);
    expect(await move(unitA.id)).toContain('?done=moveLessonToUnit');
  });

  it('limits the materials upload handler too: 429 with Retry-After, or 303 back for the page form', async () => {
    const { course } = await fixture();
    const post = (query = '') => {
      const form = new FormData();
      form.set('courseId', course.id);
      return uploadPost(
        new Request(`http://localhost/api/courses/materials${query}`, { method: 'POST', body: form }),
      );
    };
    state.user = student;
    for (let i = 0; i < 4; i++) expect((await post()).status).toBe(403);

    state.user = await account('upload-admin@example.org', true);
    // Allowed requests get past the limit to the handler (no file: 422) and count.
    for (let i = 0; i < 3; i++) expect((await post()).status).toBe(422);
    const limited = await post();
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({ error: 'rate-limited' });
    const wait = Number(limited.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);

    const back = await post(`?${new URLSearchParams({ redirect: '1', locale: 'es', courseId: course.id })}`);
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe(`/es/courses/manage/${course.id}?error=rate-limited#materials`);
  });

  describe('admin enrols a student', () => {
    // Each test signs in its own admin: the rate limit above is 3 changes per minute per admin.
    let admin: AuthUser;
    beforeAll(async () => {
      admin = await account('admin@example.org', true);
    });

    it('enrols the account with that email in a priced course: active, by admin, amount = price; once', async () => {
      const course = await createCourse({ title: 'Priced', price: 45, published: true }, admin.id, db);
      state.user = admin;
      expect(await submitEnrol({ courseId: course.id, email: '  Student@Example.org ' })).toBe(
        `en:/courses/manage/${course.id}?done=enrolStudent#students`,
      );
      expect(await isEnrolled(student.id, course.id, db)).toBe(true);
      const rows = rowsOf<{ payment_method: string; amount: string; status: string }>(
        await db.execute(
          sql`select payment_method, amount::text as amount, status from course_enrollments
              where user_id = ${student.id} and course_id = ${course.id}`,
        ),
      );
      expect(rows).toEqual([
        { payment_method: 'admin', amount: expect.stringMatching(/^45(\.0+)?$/), status: 'active' },
      ]);

      const again = await runAdmin(adminOps.enrolStudent, await adminGuard(admin, db, []), {
        courseId: course.id,
        email: 'student@example.org',
      });
      expect(again).toMatchObject({ ok: true, data: { created: false } });
    });

    it('refuses an address with no account, a bad address and an unknown course, enrolling nobody', async () => {
      const course = await createCourse({ title: 'Free' }, admin.id, db);
      state.user = await account('enrol-admin-2@example.org', true);
      expect(await submitEnrol({ courseId: course.id, email: 'nobody@example.org' })).toBe(
        `en:/courses/manage/${course.id}?error=no-such-student#students`,
      );
      expect(await submitEnrol({ courseId: course.id, email: 'not an email' })).toBe(
        `en:/courses/manage/${course.id}?error=invalid#students`,
      );
      const unknown = crypto.randomUUID();
      expect(await submitEnrol({ courseId: unknown, email: 'student@example.org' })).toBe(
        `en:/courses/manage/${unknown}?error=not-found#students`,
      );
      expect(await isEnrolled(student.id, course.id, db)).toBe(false);
    });

    it('refuses callers who are not admins (401 signed out, 403 student) before looking anything up', async () => {
      const course = await createCourse({ title: 'Guarded', price: 10 }, admin.id, db);
      for (const [user, status] of [
        [null, 401],
        [student, 403],
      ] as const) {
        const result = await runAdmin(adminOps.enrolStudent, await adminGuard(user, db, []), {
          courseId: course.id,
          email: 'student@example.org',
        });
        expect(result).toMatchObject({ ok: false, status });
        state.user = user;
        expect(await submitEnrol({ courseId: course.id, email: 'student@example.org' })).toMatch(
          /\?error=(unauthenticated|forbidden)#students$/,
        );
      }
      expect(await isEnrolled(student.id, course.id, db)).toBe(false);
    });
  });
});
