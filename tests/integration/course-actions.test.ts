import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import type { AuthUser } from '@/lib/auth';
import { addLesson, addUnit, adminEnrol, createCourse, getProgress, isEnrolled } from '@/lib/courses';
import { grantRole, insertMaterial } from '@/lib/db';
import type { DatabaseHandle } from '@/lib/db/client';
import { openMemoryDatabase } from '@/tests/helpers/test-engines';

/**
 * The student side's server actions and route handlers (lib/courses/actions.ts, the certificate PDF route, the
 * enrolment-state route, /uploads) called directly, without the UI, on PGlite in memory. The session is faked at
 * lib/auth's boundary (`checkUser` / `getAuth`), the database at `getDb`; everything between is the real code.
 */

const state = vi.hoisted(() => ({
  user: null as AuthUser | null,
  db: null as unknown,
}));

vi.mock('@/lib/auth', async (importOriginal) => {
  const real = await importOriginal<typeof import('@/lib/auth')>();
  return {
    ...real,
    checkUser: async () =>
      state.user
        ? { ok: true as const, user: state.user }
        : { ok: false as const, status: 401 as const, error: 'unauthenticated' as const },
    getAuth: async () => ({ currentUser: async () => state.user, verifiedUser: async () => state.user }),
  };
});

// The action pipeline reads the client address from the request's headers.
vi.mock('next/headers', () => ({ headers: async () => new Headers() }));

vi.mock('@/lib/db', async (importOriginal) => {
  const real = await importOriginal<typeof import('@/lib/db')>();
  return { ...real, getDb: async () => state.db };
});

const { completeLessonAction, enrolInCourse } = await import('@/lib/courses/actions');
const { GET: certificateGet } = await import('@/app/[locale]/courses/[courseId]/certificate/route');
const { GET: enrolmentGet } = await import('@/app/api/courses/[courseId]/enrolment/route');
const { GET: uploadGet } = await import('@/app/uploads/[file]/route');

const ADMIN = crypto.randomUUID();
const ALICE: AuthUser = {
  id: crypto.randomUUID(),
  email: 'alice@example.org',
  name: 'Alice Okafor',
  emailConfirmed: true,
};
const BOB: AuthUser = { id: crypto.randomUUID(), email: 'bob@example.org', name: null, emailConfirmed: true };

const certificateFor = (courseId: string, locale = 'en') =>
  certificateGet(new Request(`http://localhost/courses/${courseId}/certificate`), {
    params: Promise.resolve({ locale, courseId }),
  });

describe('course actions and handlers (PGlite in memory)', () => {
  let handle: DatabaseHandle;
  let db: DatabaseHandle['db'];

  beforeAll(async () => {
    handle = await openMemoryDatabase();
    db = handle.db;
    state.db = db;
  }, 120_000);
  afterAll(async () => handle?.close());
  afterEach(() => {
    state.user = null;
  });

  async function course(price = 0, published = true) {
    const c = await createCourse({ title: `Course ${price}`, description: 'D', price, published }, ADMIN, db);
    const unit = await addUnit(c.id, { title: 'Unit' }, db);
    const l1 = await addLesson(unit.id, { title: 'One' }, db);
    const l2 = await addLesson(unit.id, { title: 'Two' }, db);
    return { id: c.id, lessons: [l1.id, l2.id] };
  }

  it('refuses enrolment signed out with "User not authenticated" and stores nothing', async () => {
    const free = await course();
    expect(await enrolInCourse(free.id)).toMatchObject({ ok: false, error: 'errorNotAuthenticated' });
    expect(await completeLessonAction(free.id, free.lessons[0])).toEqual({
      ok: false,
      status: 401,
      error: 'errorNotAuthenticated',
    });
    expect(await db.query.courseEnrollments.findMany()).toHaveLength(0);
  });

  it('refuses a priced course (payment required), a draft, an unknown and a malformed id', async () => {
    state.user = ALICE;
    const priced = await course(25);
    const draft = await course(0, false);
    expect(await enrolInCourse(priced.id)).toMatchObject({ ok: false, error: 'errorPaymentRequired' });
    expect(await enrolInCourse(draft.id)).toMatchObject({ ok: false, error: 'errorCourseNotFound' });
    expect(await enrolInCourse(crypto.randomUUID())).toMatchObject({
      ok: false,
      error: 'errorCourseNotFound',
    });
    expect(await enrolInCourse('not-a-uuid')).toMatchObject({ ok: false, error: 'errorCourseNotFound' });
    expect(await enrolInCourse({ id: priced.id })).toMatchObject({ ok: false, error: 'errorCourseNotFound' });
    expect(await isEnrolled(ALICE.id, priced.id, db)).toBe(false);
  });

  it('does not record progress for a student who is not enrolled', async () => {
    state.user = BOB;
    const free = await course();
    expect(await completeLessonAction(free.id, free.lessons[0])).toEqual({
      ok: false,
      status: 422,
      error: 'errorProgress',
    });
    expect(await getProgress(BOB.id, free.id, db)).toBeNull();
  });

  it('enrols, completes every lesson to 100% with a certificate, and serves its PDF to the owner only', async () => {
    const free = await course();

    // The course page's island: signed out, then signed in before and after enrolling.
    const stateOf = async () =>
      (
        await enrolmentGet(new Request('http://localhost/'), {
          params: Promise.resolve({ courseId: free.id }),
        })
      ).json();
    expect(await stateOf()).toEqual({ signedIn: false, enrolled: false, admin: false, materials: [] });

    state.user = ALICE;
    expect(await stateOf()).toEqual({ signedIn: true, enrolled: false, admin: false, materials: [] });
    expect(await enrolInCourse(free.id)).toEqual({ ok: true, data: { created: true } });
    expect(await enrolInCourse(free.id)).toEqual({ ok: true, data: { created: false } });
    expect(await stateOf()).toEqual({ signedIn: true, enrolled: true, admin: false, materials: [] });

    // Not complete yet: no certificate.
    expect((await certificateFor(free.id)).status).toBe(404);
    expect(await completeLessonAction(free.id, free.lessons[0])).toEqual({
      ok: true,
      data: { progress: 50, certificateId: null },
    });
    // A lesson of another course is refused.
    const other = await course();
    expect(await completeLessonAction(free.id, other.lessons[0])).toEqual({
      ok: false,
      status: 422,
      error: 'errorProgress',
    });

    const last = await completeLessonAction(free.id, free.lessons[1]);
    expect(last).toMatchObject({ ok: true, data: { progress: 100 } });
    const certificateId = last.ok ? last.data.certificateId : null;
    expect(certificateId).toMatch(/^[0-9a-f-]{36}$/);
    const issued = await db.query.courseCertificates.findFirst();
    expect(issued).toMatchObject({ id: certificateId, userId: ALICE.id, studentName: 'Alice Okafor' });

    const pdf = await certificateFor(free.id, 'fr');
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toBe(
      `attachment; filename="certificate-${certificateId}.pdf"`,
    );
    expect(pdf.headers.get('cache-control')).toContain('no-store');
    const bytes = Buffer.from(await pdf.arrayBuffer());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // Another student (not enrolled) and a signed-out visitor get nothing.
    state.user = BOB;
    expect((await certificateFor(free.id)).status).toBe(404);
    state.user = null;
    const signedOut = await certificateFor(free.id);
    expect(signedOut.status).toBe(401);
    expect(await signedOut.json()).toEqual({ error: 'unauthenticated' });
  }, 60_000);

  it('names the certificate with the email address when the account has no name', async () => {
    const free = await course();
    state.user = BOB;
    await enrolInCourse(free.id);
    await completeLessonAction(free.id, free.lessons[1]);
    const done = await completeLessonAction(free.id, free.lessons[0]);
    expect(done).toMatchObject({ ok: true, data: { progress: 100 } });
    const cert = await db.query.courseCertificates.findFirst({
      where: (c, { eq }) => eq(c.id, done.ok ? done.data.certificateId! : ''),
    });
    expect(cert?.studentName).toBe('bob@example.org');
  });
});

describe('/uploads/{file}', () => {
  let dir: string;
  let handle: DatabaseHandle;
  let db: DatabaseHandle['db'];
  const files: Record<'free' | 'priced' | 'draft' | 'pricedDraft' | 'slides', string> = {
    free: '1700000000000_notes.pdf',
    priced: '1700000000001_workbook.pdf',
    draft: '1700000000002_draft.pdf',
    pricedDraft: '1700000000003_priced-draft.pdf',
    slides: '1700000000000_slides.docx',
  };
  let pricedId = '';
  beforeAll(async () => {
    handle = await openMemoryDatabase();
    db = handle.db;
    state.db = db;
    dir = await mkdtemp(path.join(os.tmpdir(), 'lrjn-uploads-'));
    await mkdir(path.join(dir, '.data/uploads'), { recursive: true });
    for (const name of Object.values(files)) {
      await writeFile(path.join(dir, '.data/uploads', name), name === files.free ? '%PDF-1.4 test' : 'bytes');
    }
    await writeFile(path.join(dir, '.data/uploads/1700000000009_orphan.pdf'), 'not recorded');
    await writeFile(path.join(dir, '.data/secret.pdf'), 'outside');
    const record = async (name: string, price: number, published: boolean) => {
      const c = await createCourse(
        { title: `Course ${name}`, description: 'D', price, published },
        ADMIN,
        db,
      );
      await insertMaterial(db, {
        courseId: c.id,
        filename: name,
        storagePath: name,
        contentType: 'application/pdf',
        sizeBytes: 5,
      });
      return c.id;
    };
    await record(files.free, 0, true);
    pricedId = await record(files.priced, 25, true);
    await record(files.draft, 0, false);
    await record(files.pricedDraft, 25, false);
    await record(files.slides, 0, true);
    vi.spyOn(process, 'cwd').mockReturnValue(dir);
  }, 120_000);
  afterAll(async () => {
    vi.restoreAllMocks();
    await handle?.close();
    await rm(dir, { recursive: true, force: true });
  });
  afterEach(() => {
    state.user = null;
  });
  const get = (file: string) =>
    uploadGet(new Request(`http://localhost/uploads/${file}`), { params: Promise.resolve({ file }) });

  it('D2: serves a free course’s PDF to its enrolled students only, inline with its name, type and nosniff, never cached', async () => {
    const signedOut = await get(files.free);
    expect(signedOut.status).toBe(401);
    state.user = ALICE;
    expect((await get(files.free)).status).toBe(403);
    await adminEnrol(
      ALICE.id,
      (await db.query.courseMaterials.findFirst({
        where: (m, { eq }) => eq(m.storagePath, files.free),
      }))!.courseId,
      {},
      db,
    );
    const res = await get(files.free);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('content-disposition')).toBe(
      `inline; filename="${files.free}"; filename*=UTF-8''${files.free}`,
    );
    expect(await res.text()).toBe('%PDF-1.4 test');
  });

  it('sends office documents as attachments', async () => {
    await grantRole(db, ADMIN, 'admin');
    state.user = { id: ADMIN, email: 'admin@example.org', name: null, emailConfirmed: true };
    const res = await get(files.slides);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="1700000000000_slides.docx"; filename*=UTF-8''1700000000000_slides.docx`,
    );
  });

  it('answers 401 to the signed out for any name, and 404 for missing or unrecorded files, names not of the stored form, and paths out of the folder', async () => {
    expect((await get('1700000000000_missing.pdf')).status).toBe(401);
    await grantRole(db, ADMIN, 'admin');
    state.user = { id: ADMIN, email: 'admin@example.org', name: null, emailConfirmed: true };
    for (const file of [
      '1700000000000_missing.pdf',
      '1700000000009_orphan.pdf',
      'notes.pdf',
      '..%2Fsecret.pdf',
      '1_..%2F..%2Fsecret.pdf',
      '1700000000000_notes.exe',
      '%E0%A4%A',
    ]) {
      expect((await get(file)).status, file).toBe(404);
    }
  });

  it('hides a draft course’s materials from anonymous visitors (401) and students not in it (404), not from admins (security review L5)', async () => {
    for (const file of [files.draft, files.pricedDraft]) {
      expect((await get(file)).status, file).toBe(401);
      state.user = BOB;
      expect((await get(file)).status, file).toBe(404);
      state.user = null;
    }
    await grantRole(db, ADMIN, 'admin');
    state.user = { id: ADMIN, email: 'admin@example.org', name: null, emailConfirmed: true };
    const res = await get(files.draft);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
  });

  it('serves a priced course’s materials only to enrolled students (401 signed out, 403 not enrolled; L5)', async () => {
    const signedOut = await get(files.priced);
    expect(signedOut.status).toBe(401);
    expect(await signedOut.text()).not.toContain('bytes');
    state.user = BOB;
    expect((await get(files.priced)).status).toBe(403);
    await adminEnrol(BOB.id, pricedId, {}, db);
    const enrolled = await get(files.priced);
    expect(enrolled.status).toBe(200);
    expect(enrolled.headers.get('cache-control')).toBe('private, no-store');
    expect(await enrolled.text()).toBe('bytes');
  });
});
