import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import type { AuthUser, GuardResult } from '@/lib/auth';
import { adminGuard, handleEnrolStudent } from '@/lib/courses/admin';
import { createCourse, isEnrolled } from '@/lib/courses';
import { grantRole, insertLocalUser } from '@/lib/db';
import type { DatabaseHandle } from '@/lib/db/client';

import { submitManageForm } from '../helpers/manage-action';
import { testEngines } from '../helpers/test-engines';

/**
 * An admin enrols a student in a course (issue 7: payments are out of scope, so priced courses are enrolled by
 * an admin), through the handler and the manage page's server action, on PGlite in memory and on PostgreSQL when
 * TEST_DATABASE_URL is set. The session is faked at lib/auth's boundary: `checkAdmin` decides with the real
 * `adminGuard` (a user_roles row in this database) for `state.user`.
 */

const state = vi.hoisted(() => ({ user: null as AuthUser | null, db: null as unknown }));

vi.mock('@/lib/auth', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/auth')>()),
  checkAdmin: async (): Promise<GuardResult> => {
    const { adminGuard: guard } = await import('@/lib/courses/admin');
    return guard(state.user, state.db as never, []);
  },
}));
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

const { enrolStudentAction } = await import('@/lib/courses/actions');

/** Runs the manage page's enrol action with these form fields; returns where it redirected (`{locale}:{href}`). */
const submit = (fields: Record<string, string>) => submitManageForm(enrolStudentAction, fields);

function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

describe.each(testEngines('lrjn_course_enrol'))('admin enrols a student ($name)', (engine) => {
  let handle: DatabaseHandle;
  let dispose: () => Promise<void>;
  let db: DatabaseHandle['db'];
  let admin: AuthUser;
  let student: AuthUser;

  const account = async (email: string, isAdmin = false): Promise<AuthUser> => {
    const row = (await insertLocalUser(db, { email, passwordHash: 'scrypt$15$8$1$x$y', fullName: email }))!;
    if (isAdmin) await grantRole(db, row.id, 'admin');
    return { id: row.id, email, name: email, emailConfirmed: true };
  };

  beforeAll(async () => {
    ({ handle, dispose } = await engine.open());
    db = handle.db;
    state.db = db;
    admin = await account('admin@example.org', true);
    student = await account('student@example.org');
  }, 120_000);
  afterAll(async () => {
    state.user = null;
    await dispose?.();
  });

  it('enrols the account with that email in a priced course: active, by admin, amount = price; once', async () => {
    const course = await createCourse({ title: 'Priced', price: 45, published: true }, admin.id, db);
    state.user = admin;
    expect(await submit({ courseId: course.id, email: '  Student@Example.org ' })).toBe(
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

    const again = await handleEnrolStudent(await adminGuard(admin, db, []), {
      courseId: course.id,
      email: 'student@example.org',
    });
    expect(again).toMatchObject({ ok: true, data: { created: false } });
  });

  it('refuses an address with no account, a bad address and an unknown course, enrolling nobody', async () => {
    const course = await createCourse({ title: 'Free' }, admin.id, db);
    state.user = admin;
    expect(await submit({ courseId: course.id, email: 'nobody@example.org' })).toBe(
      `en:/courses/manage/${course.id}?error=no-such-student#students`,
    );
    expect(await submit({ courseId: course.id, email: 'not an email' })).toBe(
      `en:/courses/manage/${course.id}?error=invalid#students`,
    );
    const unknown = crypto.randomUUID();
    expect(await submit({ courseId: unknown, email: 'student@example.org' })).toBe(
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
      const result = await handleEnrolStudent(await adminGuard(user, db, []), {
        courseId: course.id,
        email: 'student@example.org',
      });
      expect(result).toMatchObject({ ok: false, status });
      state.user = user;
      expect(await submit({ courseId: course.id, email: 'student@example.org' })).toMatch(
        /\?error=(unauthenticated|forbidden)#students$/,
      );
    }
    expect(await isEnrolled(student.id, course.id, db)).toBe(false);
  });
});
