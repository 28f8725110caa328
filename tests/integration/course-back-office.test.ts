import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { AuthUser, GuardResult } from '@/lib/auth';
import { isEnrolled, listCoursesForBackOffice, listMaterials, studentMaterials } from '@/lib/courses';
import { adminGuard, adminOps } from '@/lib/courses/admin';
import { grantRole, insertLocalUser } from '@/lib/db';
import type { DatabaseHandle } from '@/lib/db/client';
import { localMaterialStorage } from '@/lib/storage';
import { runAdmin } from '@/tests/helpers/course-admin';
import { openMemoryDatabase } from '@/tests/helpers/test-engines';

const file = (text: string, name: string) => new File([new TextEncoder().encode(text)], name);

/**
 * The course wing of the back office (review 2026-12-01 D8, D19, D3): every course authoring write leaves its
 * audit entry in its own transaction, materials are replaced and deleted (files too), a student is un-enrolled
 * (progress kept), an upload whose bytes are not what its name says is refused, and the back office lists every
 * course with its enrolments. The operations of lib/courses/admin.ts on PGlite in memory, as the action pipeline
 * runs them after its admin check (tests/helpers/course-admin.ts).
 */
describe('course back office', () => {
  let handle: DatabaseHandle;
  let db: DatabaseHandle['db'];
  let uploads: string;
  let admin: GuardResult;
  let adminUser: AuthUser;
  let studentUser: AuthUser;
  let deps: { db: DatabaseHandle['db']; storage: ReturnType<typeof localMaterialStorage> };

  const account = async (email: string): Promise<AuthUser> => {
    const row = (await insertLocalUser(db, { email, passwordHash: 'scrypt$15$8$1$x$y', fullName: email }))!;
    return { id: row.id, email, name: email, emailConfirmed: true };
  };
  const audit = async () =>
    (await db.query.adminAudit.findMany({ orderBy: (a, { asc }) => [asc(a.createdAt)] })).map((a) => ({
      action: a.action,
      target: a.target,
      actorEmail: a.actorEmail,
      detail: a.detail,
    }));
  const ok = <T>(result: { ok: true; data: T } | { ok: false }): T => {
    if (!result.ok) throw new Error(`expected ok, got ${JSON.stringify(result)}`);
    return result.data;
  };

  beforeAll(async () => {
    handle = await openMemoryDatabase();
    db = handle.db;
    uploads = await mkdtemp(path.join(os.tmpdir(), 'course-back-office-'));
    deps = { db, storage: localMaterialStorage(uploads) };
    adminUser = await account('admin@example.org');
    await grantRole(db, adminUser.id, 'admin');
    admin = await adminGuard(adminUser, db, []);
    studentUser = await account('student@example.org');
  }, 60_000);
  afterAll(async () => {
    await handle?.close();
    await rm(uploads, { recursive: true, force: true });
  });

  it('D8: every authoring write leaves its course.* entry, by the admin, on the course', async () => {
    const before = (await audit()).length;
    const { id: courseId } = ok(await runAdmin(adminOps.create, admin, { title: 'Audited', price: 0 }, deps));
    ok(await runAdmin(adminOps.update, admin, { courseId, title: 'Audited course' }, deps));
    ok(await runAdmin(adminOps.publish, admin, { courseId, published: true }, deps));
    ok(await runAdmin(adminOps.publish, admin, { courseId, published: false }, deps));
    const u1 = ok(await runAdmin(adminOps.addUnit, admin, { courseId, title: 'One' }, deps));
    const u2 = ok(await runAdmin(adminOps.addUnit, admin, { courseId, title: 'Two' }, deps));
    ok(await runAdmin(adminOps.updateUnit, admin, { unitId: u1.id, title: 'One, renamed' }, deps));
    ok(await runAdmin(adminOps.moveUnit, admin, { unitId: u2.id, toIndex: 0 }, deps));
    const l1 = ok(
      await runAdmin(adminOps.addLesson, admin, { unitId: u1.id, title: 'L1', body: 'Secret text' }, deps),
    );
    const l2 = ok(await runAdmin(adminOps.addLesson, admin, { unitId: u1.id, title: 'L2' }, deps));
    ok(await runAdmin(adminOps.updateLesson, admin, { lessonId: l1.id, body: 'More secret text' }, deps));
    ok(await runAdmin(adminOps.moveLesson, admin, { lessonId: l2.id, toIndex: 0 }, deps));
    ok(await runAdmin(adminOps.moveLessonToUnit, admin, { lessonId: l2.id, toUnitId: u2.id }, deps));
    const up = ok(
      await runAdmin(
        adminOps.upload,
        admin,
        { courseId, file: file('%PDF-1.4 a', 'a.pdf'), lessonId: l1.id },
        deps,
      ),
    );
    ok(
      await runAdmin(
        adminOps.upload,
        admin,
        { courseId, file: file('%PDF-1.4 b', 'b.pdf'), materialId: up.material.id },
        deps,
      ),
    );
    ok(await runAdmin(adminOps.deleteMaterial, admin, { courseId, materialId: up.material.id }, deps));
    ok(await runAdmin(adminOps.enrolStudent, admin, { courseId, email: studentUser.email }, deps));
    // Enrolling again changes nothing, so it records nothing.
    ok(await runAdmin(adminOps.enrolStudent, admin, { courseId, email: studentUser.email }, deps));
    ok(await runAdmin(adminOps.unenrolStudent, admin, { courseId, userId: studentUser.id }, deps));
    ok(await runAdmin(adminOps.deleteLesson, admin, { lessonId: l1.id }, deps));
    ok(await runAdmin(adminOps.deleteUnit, admin, { unitId: u2.id }, deps));

    const entries = (await audit()).slice(before);
    expect(entries.map((e) => e.action)).toEqual([
      'course.create',
      'course.update',
      'course.publish',
      'course.unpublish',
      'course.unit.add',
      'course.unit.add',
      'course.unit.update',
      'course.unit.move',
      'course.lesson.add',
      'course.lesson.add',
      'course.lesson.update',
      'course.lesson.move',
      'course.lesson.move',
      'course.material.upload',
      'course.material.replace',
      'course.material.delete',
      'course.enrol',
      'course.unenrol',
      'course.lesson.delete',
      'course.unit.delete',
    ]);
    for (const e of entries) expect(e).toMatchObject({ target: courseId, actorEmail: 'admin@example.org' });
    expect(entries.find((e) => e.action === 'course.unit.update')?.detail).toMatchObject({
      unitId: u1.id,
      title: 'One, renamed',
    });
    expect(entries.find((e) => e.action === 'course.enrol')?.detail).toMatchObject({
      studentId: studentUser.id,
    });
    expect(entries.find((e) => e.action === 'course.material.replace')?.detail).toMatchObject({
      materialId: up.material.id,
      filename: 'b.pdf',
    });
    // No lesson text and no student email in the trail.
    expect(JSON.stringify(entries)).not.toMatch(/Secret text|student@example\.org/);
  }, 60_000);

  it('D8: a write and its entry go together: a refused write records nothing', async () => {
    const before = (await audit()).length;
    expect(
      await runAdmin(adminOps.updateUnit, admin, { unitId: crypto.randomUUID(), title: 'X' }, deps),
    ).toMatchObject({
      status: 404,
    });
    expect(
      await runAdmin(
        adminOps.unenrolStudent,
        admin,
        { courseId: crypto.randomUUID(), userId: studentUser.id },
        deps,
      ),
    ).toMatchObject({ status: 404, error: 'not-found' });
    expect((await audit()).length).toBe(before);
  });

  it('D19: replacing keeps the entry (lesson, place) with the new file, removes the old one; deleting removes both', async () => {
    const { id: courseId } = ok(await runAdmin(adminOps.create, admin, { title: 'Files' }, deps));
    const unit = ok(await runAdmin(adminOps.addUnit, admin, { courseId, title: 'U' }, deps));
    const lesson = ok(await runAdmin(adminOps.addLesson, admin, { unitId: unit.id, title: 'L' }, deps));
    const first = ok(
      await runAdmin(
        adminOps.upload,
        admin,
        { courseId, lessonId: lesson.id, file: file('%PDF-1.4 one', 'Session-plan-Unicode-é.pdf') },
        { ...deps, now: () => 1_700_000_000_000 },
      ),
    );
    expect(first.material).toMatchObject({
      filename: 'Session-plan-Unicode-é.pdf',
      storagePath: '1700000000000_Session-plan-Unicode-e.pdf',
    });
    const replaced = ok(
      await runAdmin(
        adminOps.upload,
        admin,
        { courseId, materialId: first.material.id, file: file('%PDF-1.4 two, longer', 'Plan v2.pdf') },
        { ...deps, now: () => 1_700_000_000_500 },
      ),
    );
    expect(replaced).toMatchObject({ replaced: true });
    expect(replaced.material).toMatchObject({
      id: first.material.id,
      lessonId: lesson.id,
      filename: 'Plan v2.pdf',
      storagePath: '1700000000500_Plan-v2.pdf',
    });
    expect(await readdir(uploads)).toContain('1700000000500_Plan-v2.pdf');
    expect(await readdir(uploads)).not.toContain('1700000000000_Session-plan-Unicode-e.pdf');
    // A fake PDF never replaces a real one.
    expect(
      await runAdmin(
        adminOps.upload,
        admin,
        { courseId, materialId: first.material.id, file: file('<html><body>hi</body></html>', 'x.pdf') },
        deps,
      ),
    ).toMatchObject({ ok: false, status: 415, error: 'bad-content' });
    // Another course's material is not this course's to replace or delete.
    const { id: otherId } = ok(await runAdmin(adminOps.create, admin, { title: 'Other' }, deps));
    expect(
      await runAdmin(
        adminOps.deleteMaterial,
        admin,
        { courseId: otherId, materialId: first.material.id },
        deps,
      ),
    ).toMatchObject({ status: 404 });

    const students = await studentMaterials(courseId, { storage: deps.storage }, db);
    expect(students).toEqual([
      {
        id: first.material.id,
        name: 'Plan v2.pdf',
        kind: 'pdf',
        sizeBytes: 20,
        url: '/uploads/1700000000500_Plan-v2.pdf',
        lessonId: lesson.id,
      },
    ]);
    ok(await runAdmin(adminOps.deleteMaterial, admin, { courseId, materialId: first.material.id }, deps));
    expect(await listMaterials(courseId, { storage: deps.storage }, db)).toEqual([]);
    expect(await readdir(uploads)).not.toContain('1700000000500_Plan-v2.pdf');
  });

  it('D19: un-enrolling takes the student out, keeps their progress, and enrolling again resumes', async () => {
    const { id: courseId } = ok(
      await runAdmin(adminOps.create, admin, { title: 'Leaving', published: true }, deps),
    );
    const unit = ok(await runAdmin(adminOps.addUnit, admin, { courseId, title: 'U' }, deps));
    const lesson = ok(await runAdmin(adminOps.addLesson, admin, { unitId: unit.id, title: 'L' }, deps));
    ok(await runAdmin(adminOps.enrolStudent, admin, { courseId, email: studentUser.email }, deps));
    const { completeLesson } = await import('@/lib/courses');
    await completeLesson(studentUser.id, courseId, lesson.id, { studentName: 'S' }, db);
    expect(await isEnrolled(studentUser.id, courseId, db)).toBe(true);
    ok(await runAdmin(adminOps.unenrolStudent, admin, { courseId, userId: studentUser.id }, deps));
    expect(await isEnrolled(studentUser.id, courseId, db)).toBe(false);
    expect(
      await runAdmin(adminOps.unenrolStudent, admin, { courseId, userId: studentUser.id }, deps),
    ).toMatchObject({
      status: 404,
    });
    ok(await runAdmin(adminOps.enrolStudent, admin, { courseId, email: studentUser.email }, deps));
    const { getProgress } = await import('@/lib/courses');
    expect((await getProgress(studentUser.id, courseId, db))?.completedLessons).toEqual([lesson.id]);
  });

  it('D3: the back office lists every course, drafts included, with active enrolments, by title and status', async () => {
    const { id: draftId } = ok(await runAdmin(adminOps.create, admin, { title: 'Zebra draft (100%)' }, deps));
    const { id: liveId } = ok(
      await runAdmin(adminOps.create, admin, { title: 'Zebra live', published: true, price: 12.5 }, deps),
    );
    ok(await runAdmin(adminOps.enrolStudent, admin, { courseId: liveId, email: studentUser.email }, deps));
    const zebras = await listCoursesForBackOffice({ q: 'zebra' }, db);
    expect(zebras.map((c) => [c.title, c.published, c.enrolments])).toEqual([
      ['Zebra live', true, 1],
      ['Zebra draft (100%)', false, 0],
    ]);
    expect((await listCoursesForBackOffice({ q: 'zebra', status: 'draft' }, db)).map((c) => c.id)).toEqual([
      draftId,
    ]);
    expect((await listCoursesForBackOffice({ q: '100%' }, db)).map((c) => c.id)).toEqual([draftId]);
    expect(await listCoursesForBackOffice({ q: '_' }, db)).toEqual([]);
    expect((await listCoursesForBackOffice({ q: 'ZEBRA LIVE', status: 'published' }, db))[0]).toMatchObject({
      id: liveId,
      price: 12.5,
    });
  });
});
