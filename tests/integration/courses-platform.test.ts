import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import {
  CourseError,
  addLesson,
  addUnit,
  adminEnrol,
  completeLesson,
  createCourse,
  createTestCourse,
  deleteLesson,
  deleteUnit,
  enrol,
  getCertificate,
  getCourse,
  getCourseOutline,
  getProgress,
  isEnrolled,
  issueCertificate,
  listAllCourses,
  listMaterials,
  listPublishedCourses,
  moveLesson,
  moveUnit,
  myCourses,
  resumeLesson,
  saveMaterial,
  seedDemoCourses,
  setPublished,
  updateCourse,
  updateLesson,
  visitLesson,
} from '@/lib/courses';
import { demoCourses } from '@/lib/courses/seed';
import { courseCreateSchema, courseUpdateSchema } from '@/lib/courses/schema';
import { localMaterialStorage } from '@/lib/storage';
import { type DatabaseHandle, openDatabase } from '@/lib/db/client';

import { testEngines } from '../helpers/test-engines';

/**
 * lib/courses on real engines: PGlite in memory, and PostgreSQL when TEST_DATABASE_URL is set (like db.test.ts).
 * Every table is emptied before each test.
 */
const engines = testEngines('lrjn_courses');

const ADMIN = crypto.randomUUID();
const codeOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    return error instanceof CourseError ? error.code : `not a CourseError: ${String(error)}`;
  }
  return 'resolved';
};

describe.each(engines)('lib/courses on $name', (engine) => {
  let handle: DatabaseHandle;
  let dispose: () => Promise<void>;
  let db: DatabaseHandle['db'];

  beforeAll(async () => {
    ({ handle, dispose } = await engine.open());
    db = handle.db;
  }, 120_000);
  afterAll(async () => dispose?.());
  beforeEach(async () => {
    await db.execute(
      sql.raw(
        'truncate course_certificates, course_materials, course_lessons, course_units, user_course_progress, course_enrollments, courses cascade',
      ),
    );
  });

  /** A published course with two units: [a1, a2] and [b1]. */
  async function threeLessonCourse(price = 0) {
    const course = await createCourse(
      { title: 'Three lessons', description: 'D', price, published: true },
      ADMIN,
      db,
    );
    const unitA = await addUnit(course.id, { title: 'A' }, db);
    const unitB = await addUnit(course.id, { title: 'B' }, db);
    const a1 = await addLesson(unitA.id, { title: 'a1', body: 'First\n\nSecond' }, db);
    const a2 = await addLesson(unitA.id, { title: 'a2' }, db);
    const b1 = await addLesson(unitB.id, { title: 'b1' }, db);
    return { course, unitA, unitB, a1, a2, b1 };
  }

  describe('courses and outline', () => {
    it('creates a course with the spec defaults, the admin as creator, and lists published ones newest first', async () => {
      const draft = await createCourse(courseCreateSchema.parse({ title: '  Draft  ' }), ADMIN, db);
      expect(draft).toMatchObject({
        title: 'Draft',
        description: '',
        price: 0,
        published: false,
        thumbnail: null,
        createdBy: ADMIN,
        certificationTitle: 'Certificate of Completion',
        certificationDescription: 'This certifies that the student has successfully completed the course.',
      });
      const older = await createCourse({ title: 'Older', published: true }, ADMIN, db);
      await db.execute(sql`update courses set created_at = now() - interval '1 day' where id = ${older.id}`);
      const newer = await createCourse(
        courseCreateSchema.parse({
          title: 'Newer',
          published: true,
          price: 12.5,
          thumbnail: '/content-media/x.jpg',
          certification: { title: 'Custom', description: '' },
        }),
        ADMIN,
        db,
      );
      expect(newer).toMatchObject({
        price: 12.5,
        certificationTitle: 'Custom',
        thumbnail: '/content-media/x.jpg',
      });
      expect(newer.certificationDescription).toMatch(/^This certifies/);
      expect((await listPublishedCourses(db)).map((c) => c.title)).toEqual(['Newer', 'Older']);
      expect((await listAllCourses(db)).map((c) => c.title)).toContain('Draft');
      expect(await getCourse(draft.id, {}, db)).toBeNull();
      expect((await getCourse(draft.id, { includeDrafts: true }, db))?.title).toBe('Draft');
      expect(await getCourse('not-a-uuid', {}, db)).toBeNull();
    });

    // Input is validated once, by the schema the admin operations parse with (lib/courses/admin.ts).
    it('rejects invalid input with the schema', () => {
      expect(() => courseCreateSchema.parse({ title: '' })).toThrow();
      expect(() => courseCreateSchema.parse({ title: 'X', price: -1 })).toThrow();
      expect(() => courseCreateSchema.parse({ title: 'X', price: 1.234 })).toThrow();
      expect(() => courseCreateSchema.parse({ title: 'X', thumbnail: 'javascript:alert(1)' })).toThrow();
    });

    it('updates fields, publishes, and resets an emptied certificate title to the default', async () => {
      const course = await createCourse({ title: 'C', certification: { title: 'Mine' } }, ADMIN, db);
      const changed = await updateCourse(
        course.id,
        courseUpdateSchema.parse({ title: 'C2', certification: { title: '' } }),
        db,
      );
      expect(changed).toMatchObject({ title: 'C2', certificationTitle: 'Certificate of Completion' });
      expect((await setPublished(course.id, true, db)).published).toBe(true);
      expect(await codeOf(updateCourse(crypto.randomUUID(), { title: 'x' }, db))).toBe('course-not-found');
    });

    it('returns the outline in position order, with sanitised lesson bodies', async () => {
      const { course, a1 } = await threeLessonCourse();
      const outline = await getCourseOutline(course.id, {}, db);
      expect(outline!.units.map((u) => [u.title, u.position, u.lessons.map((l) => l.title)])).toEqual([
        ['A', 0, ['a1', 'a2']],
        ['B', 1, ['b1']],
      ]);
      expect(outline!.lessonIds).toHaveLength(3);
      expect(a1.body).toBe('<p>First</p>\n<p>Second</p>');
      const unsafe = await updateLesson(
        a1.id,
        { body: '<p onclick="x()">Hi <script>alert(1)</script><a href="javascript:x">l</a><img src=x></p>' },
        db,
      );
      expect(unsafe.body).toBe('<p>Hi <a>l</a></p>');
      await setPublished(course.id, false, db);
      expect(await getCourseOutline(course.id, {}, db)).toBeNull();
      expect(await getCourseOutline(course.id, { includeDrafts: true }, db)).not.toBeNull();
    });

    it('creates the test course: priced 25, unpublished', async () => {
      const course = await createTestCourse(ADMIN, db);
      expect(course).toMatchObject({ price: 25, published: false, createdBy: ADMIN });
    });

    it('returns [] and null rather than raising when the database fails (docs/SPEC-NOTES.md §8)', async () => {
      // A database whose every query fails (as when the server is unreachable).
      const broken = new Proxy({} as DatabaseHandle['db'], {
        get: () => () => {
          throw new Error('connection refused');
        },
      });
      const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      expect(await listPublishedCourses(broken)).toEqual([]);
      expect(await getCourse(crypto.randomUUID(), {}, broken)).toBeNull();
      expect(error).toHaveBeenCalled();
      error.mockRestore();
    });
  });

  describe('ordering', () => {
    it('moves units and lessons, keeping positions dense', async () => {
      const { course, unitA, unitB, a1, a2, b1 } = await threeLessonCourse();
      const unitC = await addUnit(course.id, { title: 'C' }, db);
      expect((await moveUnit(unitC.id, 0, db)).map((u) => [u.title, u.position])).toEqual([
        ['C', 0],
        ['A', 1],
        ['B', 2],
      ]);
      expect((await moveUnit(unitC.id, 99, db)).map((u) => u.title)).toEqual(['A', 'B', 'C']);
      expect((await moveLesson(a2.id, 0, {}, db)).map((l) => [l.title, l.position])).toEqual([
        ['a2', 0],
        ['a1', 1],
      ]);
      // Across units: a2 goes to B between nothing and b1; A closes the gap.
      expect(
        (await moveLesson(a2.id, 0, { toUnitId: unitB.id }, db)).map((l) => [l.title, l.position]),
      ).toEqual([
        ['a2', 0],
        ['b1', 1],
      ]);
      const outline = await getCourseOutline(course.id, {}, db);
      expect(outline!.units[0]!.lessons.map((l) => [l.title, l.position])).toEqual([['a1', 0]]);
      expect(outline!.lessonIds).toEqual([a1.id, a2.id, b1.id]);
      await deleteUnit(unitA.id, db);
      await deleteLesson(a2.id, db);
      const after = await getCourseOutline(course.id, {}, db);
      expect(
        after!.units.map((u) => [u.title, u.position, u.lessons.map((l) => [l.title, l.position])]),
      ).toEqual([
        ['B', 0, [['b1', 0]]],
        ['C', 1, []],
      ]);
      const other = await createCourse({ title: 'Other' }, ADMIN, db);
      const foreign = await addUnit(other.id, { title: 'F' }, db);
      expect(await codeOf(moveLesson(b1.id, 0, { toUnitId: foreign.id }, db))).toBe('unit-not-found');
    });
  });

  describe('enrolment', () => {
    it('enrols in a free published course once (docs/SPEC-NOTES.md §3 values), and refuses priced, drafts and no user', async () => {
      const { course } = await threeLessonCourse();
      const user = crypto.randomUUID();
      expect(await isEnrolled(user, course.id, db)).toBe(false);
      const first = await enrol(user, course.id, db);
      expect(first.created).toBe(true);
      expect(first.enrolment).toMatchObject({
        paymentMethod: 'free',
        amount: 0,
        status: 'active',
        paymentId: null,
      });
      const again = await enrol(user, course.id, db);
      expect(again).toMatchObject({ created: false, enrolment: { id: first.enrolment.id } });
      expect(await isEnrolled(user, course.id, db)).toBe(true);

      const priced = await createCourse({ title: 'Priced', price: 45, published: true }, ADMIN, db);
      const error = await enrol(user, priced.id, db).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(CourseError);
      expect(error).toMatchObject({ code: 'payment-required' });
      expect((error as Error).message).toMatch(/^Failed to create enrollment: /);
      const draft = await createCourse({ title: 'Draft' }, ADMIN, db);
      expect(await codeOf(enrol(user, draft.id, db))).toBe('course-not-found');
      expect(await codeOf(enrol(user, crypto.randomUUID(), db))).toBe('course-not-found');
      expect(await codeOf(enrol('', course.id, db))).toBe('not-authenticated');
      await expect(enrol('', course.id, db)).rejects.toThrow('User not authenticated');
    });

    it('lets an admin enrol a student in a priced course, for its price; the student may then "enrol" again', async () => {
      const priced = await createCourse({ title: 'Priced', price: 45, published: true }, ADMIN, db);
      const student = crypto.randomUUID();
      const { enrolment } = await adminEnrol(student, priced.id, { paymentId: 'INV-7' }, db);
      expect(enrolment).toMatchObject({
        amount: 45,
        paymentMethod: 'admin',
        paymentId: 'INV-7',
        status: 'active',
      });
      expect(await enrol(student, priced.id, db)).toMatchObject({ created: false });
      expect(await isEnrolled(student, priced.id, db)).toBe(true);
    });
  });

  describe('progress and certificates', () => {
    it('upserts progress with rounded percentages and issues the certificate once at 100%', async () => {
      const { course, a1, a2, b1 } = await threeLessonCourse();
      const user = crypto.randomUUID();
      expect(await codeOf(completeLesson(user, course.id, a1.id, { studentName: 'Ama' }, db))).toBe(
        'not-enrolled',
      );
      await enrol(user, course.id, db);
      expect((await resumeLesson(user, course.id, db))?.id).toBe(a1.id);

      let step = await completeLesson(user, course.id, a1.id, { studentName: 'Ama' }, db);
      expect(step.progress).toMatchObject({ progress: 33, completedLessons: [a1.id] });
      step = await completeLesson(user, course.id, a1.id, { studentName: 'Ama' }, db);
      expect(step.progress).toMatchObject({ progress: 33, completedLessons: [a1.id] });
      expect((await resumeLesson(user, course.id, db))?.id).toBe(a2.id);
      step = await completeLesson(user, course.id, b1.id, { studentName: 'Ama' }, db);
      expect(step.progress.progress).toBe(67);
      expect(step.certificate).toBeNull();
      expect((await resumeLesson(user, course.id, db))?.id).toBe(a2.id);

      step = await completeLesson(user, course.id, a2.id, { studentName: ' Ama Mensah ' }, db);
      expect(step.progress.progress).toBe(100);
      expect(step.certificateIssued).toBe(true);
      expect(step.certificate).toMatchObject({
        userId: user,
        courseId: course.id,
        studentName: 'Ama Mensah',
        courseTitle: 'Three lessons',
        certificateTitle: 'Certificate of Completion',
      });
      const again = await completeLesson(user, course.id, a2.id, { studentName: 'Someone Else' }, db);
      expect(again).toMatchObject({ certificateIssued: false, certificate: { id: step.certificate!.id } });
      expect(await issueCertificate(user, course.id, { studentName: 'X' }, db)).toMatchObject({
        id: step.certificate!.id,
        studentName: 'Ama Mensah',
      });

      const rows = await db.execute(sql`select count(*)::int as n from user_course_progress`);
      expect(JSON.stringify(rows)).toContain('"n":1');
      expect(await getCertificate(step.certificate!.id, db)).toMatchObject({ studentName: 'Ama Mensah' });
      expect(await getCertificate(crypto.randomUUID(), db)).toBeNull();
      expect(await getCertificate('nope', db)).toBeNull();

      // All done: resume at the last lesson opened.
      await visitLesson(user, course.id, b1.id, db);
      expect((await resumeLesson(user, course.id, db))?.id).toBe(b1.id);
      expect((await getProgress(user, course.id, db))?.lastLessonId).toBe(b1.id);

      const dashboard = await myCourses(user, db);
      expect(dashboard).toHaveLength(1);
      expect(dashboard[0]).toMatchObject({
        course: { id: course.id },
        progress: 100,
        completedLessons: 3,
        certificateId: step.certificate!.id,
      });
    });

    it('refuses a lesson of another course, and has no certificate before 100%', async () => {
      const { course } = await threeLessonCourse();
      const other = await threeLessonCourse();
      const user = crypto.randomUUID();
      await enrol(user, course.id, db);
      expect(await codeOf(completeLesson(user, course.id, other.a1.id, { studentName: 'A' }, db))).toBe(
        'lesson-not-found',
      );
      expect(await codeOf(issueCertificate(user, course.id, { studentName: 'A' }, db))).toBe('not-complete');
      expect(await myCourses(crypto.randomUUID(), db)).toEqual([]);
    });

    it('keeps the certificate, with its copied titles, when the course is deleted', async () => {
      const course = await createCourse({ title: 'Short', published: true }, ADMIN, db);
      const unit = await addUnit(course.id, { title: 'U' }, db);
      const lesson = await addLesson(unit.id, { title: 'Only' }, db);
      const user = crypto.randomUUID();
      await enrol(user, course.id, db);
      const { certificate } = await completeLesson(user, course.id, lesson.id, { studentName: 'Kwame' }, db);
      await db.execute(sql`delete from courses where id = ${course.id}`);
      expect(await getCertificate(certificate!.id, db)).toMatchObject({
        courseId: null,
        courseTitle: 'Short',
      });
    });
  });

  describe('materials', () => {
    let dir: string;
    beforeAll(async () => {
      dir = await mkdtemp(path.join(os.tmpdir(), 'lrjn-uploads-'));
    });
    afterAll(async () => rm(dir, { recursive: true, force: true }));

    it('stores {timestamp}_{safe filename}, records it, and returns its /uploads URL', async () => {
      const { course, a1 } = await threeLessonCourse();
      const storage = localMaterialStorage(dir);
      const bytes = new TextEncoder().encode('%PDF-1.4 test');
      const { material, url } = await saveMaterial(
        course.id,
        { name: '../../Élan vital (final).PDF', type: 'text/html', bytes },
        a1.id,
        { storage, now: () => 1_700_000_000_000 },
        db,
      );
      // The name students see keeps the accent, spaces and brackets (D19); the stored name is ASCII.
      expect(material).toMatchObject({
        filename: 'Élan vital (final).pdf',
        storagePath: '1700000000000_Elan-vital-final.pdf',
        contentType: 'application/pdf',
        sizeBytes: bytes.byteLength,
        lessonId: a1.id,
      });
      expect(url).toBe('/uploads/1700000000000_Elan-vital-final.pdf');
      expect(await readFile(path.join(dir, material.storagePath), 'utf8')).toBe('%PDF-1.4 test');
      // Same name in the same millisecond: the next millisecond, not an overwrite.
      const second = await saveMaterial(
        course.id,
        { name: 'Élan vital (final).pdf', bytes },
        null,
        {
          storage,
          now: () => 1_700_000_000_000,
        },
        db,
      );
      expect(second.material.storagePath).toBe('1700000000001_Elan-vital-final.pdf');
      expect((await listMaterials(course.id, { storage }, db)).map((m) => m.url)).toEqual([
        url,
        '/uploads/1700000000001_Elan-vital-final.pdf',
      ]);
    });

    it('refuses empty, too large and disallowed files, and lessons of another course, storing nothing', async () => {
      const { course } = await threeLessonCourse();
      const other = await threeLessonCourse();
      const storage = localMaterialStorage(dir);
      const before = await readdir(dir);
      const save = (name: string, size: number, lessonId?: string) =>
        codeOf(saveMaterial(course.id, { name, bytes: new Uint8Array(size) }, lessonId, { storage }, db));
      expect(await save('a.pdf', 0)).toBe('material-empty');
      expect(await save('a.pdf', 20 * 1024 * 1024 + 1)).toBe('material-too-large');
      expect(await save('a.exe', 10)).toBe('material-type');
      expect(await save('a.html', 10)).toBe('material-type');
      expect(await save('noextension', 10)).toBe('material-type');
      // D19: the content must be what the extension says (an HTML page renamed .pdf is not a PDF).
      expect(await save('a.pdf', 10)).toBe('material-content');
      const html = new TextEncoder().encode('<!doctype html><script>alert(1)</script>');
      expect(
        await codeOf(saveMaterial(course.id, { name: 'a.pdf', bytes: html }, null, { storage }, db)),
      ).toBe('material-content');
      const pdf = new TextEncoder().encode('%PDF-1.7');
      expect(
        await codeOf(saveMaterial(course.id, { name: 'a.pdf', bytes: pdf }, other.a1.id, { storage }, db)),
      ).toBe('lesson-not-found');
      expect(await readdir(dir)).toEqual(before);
    });
  });

  describe('demo content', () => {
    it('seeds at least 3 published courses with units and lessons and 1 draft, idempotently', async () => {
      const first = await seedDemoCourses(db);
      expect(first.inserted).toHaveLength(demoCourses().length);
      const published = await listPublishedCourses(db);
      expect(published.length).toBeGreaterThanOrEqual(3);
      expect(published.some((c) => c.price > 0)).toBe(true);
      expect((await listAllCourses(db)).filter((c) => !c.published)).toHaveLength(1);
      const unlearning = published.find((c) => c.title === 'Unlearning Racism: an introduction')!;
      const outline = await getCourseOutline(unlearning.id, {}, db);
      expect(outline!.units.length).toBeGreaterThanOrEqual(2);
      expect(outline!.lessonIds.length).toBeGreaterThanOrEqual(4);
      expect(outline!.units[0]!.lessons[0]!.body).toContain('<p>');

      // An admin deletes a demo lesson: a second seed brings nothing back and adds no duplicates.
      await deleteLesson(outline!.lessonIds[0]!, db);
      const second = await seedDemoCourses(db);
      expect(second).toEqual({ inserted: [], skipped: first.inserted });
      expect((await listAllCourses(db)).length).toBe(demoCourses().length);
      expect((await getCourseOutline(unlearning.id, {}, db))!.lessonIds).toHaveLength(
        outline!.lessonIds.length - 1,
      );
    });
  });
});

describe('first start of the embedded database', () => {
  it('seeds the demo courses when the migrations create the course tables, and only then', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'lrjn-pglite-'));
    const created: string[][] = [];
    const hook = async (db: DatabaseHandle['db'], tables: string[]) => {
      created.push(tables);
      if (tables.includes('course_units')) await seedDemoCourses(db);
    };
    try {
      let handle = await openDatabase({ pgliteDir: path.join(dir, 'db'), afterMigrate: hook });
      expect((await listAllCourses(handle.db)).length).toBe(demoCourses().length);
      await handle.close();
      handle = await openDatabase({ pgliteDir: path.join(dir, 'db'), afterMigrate: hook });
      expect(created[1]).toEqual([]);
      await handle.close();
      expect(created[0]).toContain('course_certificates');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
