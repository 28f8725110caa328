import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { createElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import type { AuthUser, GuardResult } from '@/lib/auth';
import { adminGuard, adminOps } from '@/lib/courses/admin';
import { runAdmin } from '@/tests/helpers/course-admin';
import { getCourse, getCourseOutline, listMaterials } from '@/lib/courses';
import { MATERIAL_MAX_BYTES } from '@/lib/courses/shared';
import { localMaterialStorage } from '@/lib/storage';
import { grantRole, insertLocalUser } from '@/lib/db';
import type { DatabaseHandle } from '@/lib/db/client';
import { openMemoryDatabase } from '@/tests/helpers/test-engines';

import en from '@/messages/en.json';

// The pages below are rendered as React trees: their guard passes (the guards themselves are the handlers' and the
// e2e spec's business), their database is this file's PGlite, strings come from messages/en.json.
const pageDb = vi.hoisted(() => ({ current: null as unknown }));
vi.mock('@/lib/db', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/db')>()),
  getDb: async () => pageDb.current,
}));
vi.mock('@/lib/auth', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/auth')>()),
  requireAdmin: async () => ({
    id: crypto.randomUUID(),
    email: 'a@example.org',
    name: 'A',
    emailConfirmed: true,
  }),
}));
vi.mock('next-intl/server', () => ({
  getTranslations: async ({ namespace }: { namespace: string }) => {
    // Dotted namespaces too ('AdminLists.students': the manage page's enrolled students).
    const table = namespace
      .split('.')
      .reduce<unknown>((t, k) => (t as Record<string, unknown>)[k], en) as Record<string, string>;
    return (key: string, values: Record<string, unknown> = {}) => {
      if (!(key in table)) throw new Error(`missing message ${namespace}.${key}`);
      return table[key]!.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name]));
    };
  },
}));
vi.mock('@/i18n/navigation', () => ({
  Link: ({ href, children, ...rest }: { href: string; children: ReactNode }) =>
    createElement('a', { href, ...rest }, children),
  redirect: () => {
    throw new Error('redirect');
  },
}));

/**
 * The admin course handlers (lib/courses/admin.ts) called directly, without the UI, as a server action or
 * route handler would after `checkAdmin()`: signed out → 401, a signed-in non-admin → 403 and nothing written, an
 * admin (user_roles 'admin' row) → the change. PGlite in memory; materials go to a temporary directory.
 */
describe('course admin handlers', () => {
  let handle: DatabaseHandle;
  let uploads: string;
  let signedOut: GuardResult;
  let student: GuardResult;
  let admin: GuardResult;
  let deps: { db: DatabaseHandle['db']; storage: ReturnType<typeof localMaterialStorage> };

  const account = async (email: string): Promise<AuthUser> => {
    const row = (await insertLocalUser(handle.db, {
      email,
      passwordHash: 'scrypt$15$8$1$x$y',
      fullName: email,
    }))!;
    return { id: row.id, email, name: email, emailConfirmed: true };
  };

  beforeAll(async () => {
    handle = await openMemoryDatabase();
    uploads = await mkdtemp(path.join(os.tmpdir(), 'course-admin-'));
    deps = { db: handle.db, storage: localMaterialStorage(uploads) };
    pageDb.current = handle.db;
    const adminUser = await account('admin@example.org');
    await grantRole(handle.db, adminUser.id, 'admin');
    signedOut = await adminGuard(null, handle.db, []);
    student = await adminGuard(await account('student@example.org'), handle.db, []);
    admin = await adminGuard(adminUser, handle.db, []);
  }, 60_000);

  afterAll(async () => {
    await handle?.close();
    await rm(uploads, { recursive: true, force: true });
  });

  it('decides the guard from the database: 401 signed out, 403 without the role, ok with it', () => {
    expect(signedOut).toEqual({ ok: false, status: 401, error: 'unauthenticated' });
    expect(student).toEqual({ ok: false, status: 403, error: 'forbidden' });
    expect(admin.ok).toBe(true);
  });

  it('refuses every handler to the signed out (401) and to non-admins (403), writing nothing', async () => {
    const course = await runAdmin(adminOps.create, admin, { title: 'Guarded', price: 0 }, deps);
    if (!course.ok) throw new Error('setup failed');
    const courseId = course.data.id;
    const unit = await runAdmin(adminOps.addUnit, admin, { courseId, title: 'Unit' }, deps);
    if (!unit.ok) throw new Error('setup failed');
    const lesson = await runAdmin(adminOps.addLesson, admin, { unitId: unit.data.id, title: 'Lesson' }, deps);
    if (!lesson.ok) throw new Error('setup failed');
    const unitId = unit.data.id;
    const lessonId = lesson.data.id;
    const file = new File([new Uint8Array([37, 80, 68, 70])], 'notes.pdf', { type: 'application/pdf' });

    const calls: [string, (guard: GuardResult) => Promise<{ ok: boolean; status?: number }>][] = [
      ['create', (g) => runAdmin(adminOps.create, g, { title: 'Nope' }, deps)],
      ['update', (g) => runAdmin(adminOps.update, g, { courseId, title: 'Hacked' }, deps)],
      ['publish', (g) => runAdmin(adminOps.publish, g, { courseId, published: true }, deps)],
      ['add unit', (g) => runAdmin(adminOps.addUnit, g, { courseId, title: 'Extra' }, deps)],
      ['add lesson', (g) => runAdmin(adminOps.addLesson, g, { unitId, title: 'Extra' }, deps)],
      ['update lesson', (g) => runAdmin(adminOps.updateLesson, g, { lessonId, title: 'Hacked' }, deps)],
      ['move unit', (g) => runAdmin(adminOps.moveUnit, g, { unitId, toIndex: 0 }, deps)],
      ['move lesson', (g) => runAdmin(adminOps.moveLesson, g, { lessonId, toIndex: 0 }, deps)],
      [
        'move lesson to unit',
        (g) => runAdmin(adminOps.moveLessonToUnit, g, { lessonId, toUnitId: unitId }, deps),
      ],
      ['delete lesson', (g) => runAdmin(adminOps.deleteLesson, g, { lessonId }, deps)],
      ['delete unit', (g) => runAdmin(adminOps.deleteUnit, g, { unitId }, deps)],
      ['test course', (g) => runAdmin(adminOps.testCourse, g, {}, deps)],
      ['upload', (g) => runAdmin(adminOps.upload, g, { courseId, file }, deps)],
      [
        'enrol student',
        (g) => runAdmin(adminOps.enrolStudent, g, { courseId, email: 'someone@example.org' }, deps),
      ],
    ];
    for (const [name, call] of calls) {
      expect({ name, ...(await call(signedOut)) }).toEqual({
        name,
        ok: false,
        status: 401,
        error: 'unauthenticated',
      });
      expect({ name, ...(await call(student)) }).toEqual({
        name,
        ok: false,
        status: 403,
        error: 'forbidden',
      });
    }

    const outline = await getCourseOutline(courseId, { includeDrafts: true }, handle.db);
    expect(outline?.course).toMatchObject({ title: 'Guarded', published: false });
    expect(outline?.units.map((u) => [u.title, u.lessons.map((l) => l.title)])).toEqual([
      ['Unit', ['Lesson']],
    ]);
    expect((await handle.db.query.courses.findMany()).map((c) => c.title)).toEqual(['Guarded']);
    expect(await readdir(uploads)).toEqual([]);
  });

  it('lets an admin create, edit, structure and publish a course', async () => {
    const created = await runAdmin(
      adminOps.create,
      admin,
      {
        title: ' Anti-racism at work ',
        description: 'For managers.',
        price: 12.5,
        thumbnail: '',
        certification: { title: 'Certificate of Completion', description: '' },
        published: false,
      },
      deps,
    );
    expect(created.ok).toBe(true);
    if (!created.ok) return;
    const courseId = created.data.id;
    expect(await getCourse(courseId, {}, handle.db)).toBeNull();

    expect(
      (
        await runAdmin(
          adminOps.update,
          admin,
          { courseId, title: 'Anti-racism at work (2027)', price: 0 },
          deps,
        )
      ).ok,
    ).toBe(true);
    const u1 = await runAdmin(adminOps.addUnit, admin, { courseId, title: 'First' }, deps);
    const u2 = await runAdmin(adminOps.addUnit, admin, { courseId, title: 'Second' }, deps);
    if (!u1.ok || !u2.ok) throw new Error('units');
    const l1 = await runAdmin(
      adminOps.addLesson,
      admin,
      { unitId: u1.data.id, title: 'A', body: 'Text' },
      deps,
    );
    const l2 = await runAdmin(
      adminOps.addLesson,
      admin,
      { unitId: u1.data.id, title: 'B', videoUrl: 'https://www.youtube.com/watch?v=abc' },
      deps,
    );
    if (!l1.ok || !l2.ok) throw new Error('lessons');
    expect(await runAdmin(adminOps.moveUnit, admin, { unitId: u2.data.id, toIndex: 0 }, deps)).toEqual({
      ok: true,
      data: { order: [u2.data.id, u1.data.id] },
    });
    expect(await runAdmin(adminOps.moveLesson, admin, { lessonId: l2.data.id, toIndex: '0' }, deps)).toEqual({
      ok: true,
      data: { order: [l2.data.id, l1.data.id] },
    });
    expect(
      (await runAdmin(adminOps.updateLesson, admin, { lessonId: l1.data.id, title: 'A, revised' }, deps)).ok,
    ).toBe(true);
    expect(await runAdmin(adminOps.publish, admin, { courseId, published: true }, deps)).toEqual({
      ok: true,
      data: { id: courseId, published: true },
    });

    const outline = await getCourseOutline(courseId, {}, handle.db);
    expect(outline?.course).toMatchObject({ title: 'Anti-racism at work (2027)', price: 0, published: true });
    expect(outline?.units.map((u) => [u.title, u.lessons.map((l) => l.title)])).toEqual([
      ['Second', []],
      ['First', ['B', 'A, revised']],
    ]);

    expect((await runAdmin(adminOps.deleteLesson, admin, { lessonId: l2.data.id }, deps)).ok).toBe(true);
    expect((await runAdmin(adminOps.deleteUnit, admin, { unitId: u2.data.id }, deps)).ok).toBe(true);
    const after = await getCourseOutline(courseId, {}, handle.db);
    expect(after?.units.map((u) => [u.title, u.position, u.lessons.map((l) => l.title)])).toEqual([
      ['First', 0, ['A, revised']],
    ]);
  });

  it('gives an admin field errors (422) and not-found (404) instead of throwing', async () => {
    expect(await runAdmin(adminOps.create, admin, { title: '  ', price: -1 }, deps)).toEqual({
      ok: false,
      status: 422,
      error: 'invalid',
      fieldErrors: { title: 'required', price: 'invalidPrice' },
    });
    expect(await runAdmin(adminOps.create, admin, 'not an object', deps)).toMatchObject({ status: 422 });
    const unknown = crypto.randomUUID();
    expect(await runAdmin(adminOps.update, admin, { courseId: unknown, title: 'X' }, deps)).toMatchObject({
      ok: false,
      status: 404,
      error: 'not-found',
    });
    expect(await runAdmin(adminOps.addLesson, admin, { unitId: 'nope', title: 'X' }, deps)).toMatchObject({
      status: 404,
    });
  });

  it('creates the test course priced 25 (docs/SPEC-NOTES.md §9), unpublished', async () => {
    const result = await runAdmin(adminOps.testCourse, admin, {}, deps);
    expect(result).toMatchObject({ ok: true, data: { title: 'Test Course', price: 25 } });
    if (!result.ok) return;
    const course = await getCourse(result.data.id, { includeDrafts: true }, handle.db);
    expect(course).toMatchObject({ price: 25, published: false });
  });

  it('stores a material as {timestamp}_{filename} and refuses oversized, wrong-type and empty files', async () => {
    const created = await runAdmin(adminOps.create, admin, { title: 'With materials' }, deps);
    if (!created.ok) throw new Error('setup');
    const courseId = created.data.id;
    const pdf = new File([new Uint8Array([37, 80, 68, 70, 45])], 'Session notes.pdf', {
      type: 'application/pdf',
    });
    const good = await runAdmin(
      adminOps.upload,
      admin,
      { courseId, file: pdf },
      { ...deps, now: () => 1_700_000_000_000 },
    );
    expect(good.ok).toBe(true);
    if (!good.ok) return;
    expect(good.data.material.storagePath).toMatch(/^1700000000000_Session[-_ ]?notes\.pdf$/);
    expect(await readdir(uploads)).toEqual([good.data.material.storagePath]);
    expect((await listMaterials(courseId, { storage: deps.storage }, handle.db)).map((m) => m.url)).toEqual([
      good.data.url,
    ]);

    const big = new File([new Uint8Array(MATERIAL_MAX_BYTES + 1)], 'big.pdf', { type: 'application/pdf' });
    expect(await runAdmin(adminOps.upload, admin, { courseId, file: big }, deps)).toMatchObject({
      ok: false,
      status: 413,
      error: 'too-large',
    });
    const script = new File(['alert(1)'], 'evil.js', { type: 'application/pdf' });
    expect(await runAdmin(adminOps.upload, admin, { courseId, file: script }, deps)).toMatchObject({
      ok: false,
      status: 415,
      error: 'bad-type',
    });
    const empty = new File([], 'empty.pdf');
    expect(await runAdmin(adminOps.upload, admin, { courseId, file: empty }, deps)).toMatchObject({
      status: 422,
    });
    expect(await runAdmin(adminOps.upload, admin, { courseId, file: 'text' }, deps)).toMatchObject({
      status: 422,
    });
    expect(
      await runAdmin(adminOps.upload, admin, { courseId: crypto.randomUUID(), file: pdf }, deps),
    ).toMatchObject({ status: 404 });
    expect(await readdir(uploads)).toHaveLength(1);
  });
});

describe('admin failures never echo driver or file-system messages (security review L16)', () => {
  let handle: DatabaseHandle;
  let admin: GuardResult;
  beforeAll(async () => {
    handle = await openMemoryDatabase();
    const user = await account('l16-admin@example.org');
    await grantRole(handle.db, user.id, 'admin');
    admin = await adminGuard(user, handle.db, []);
  }, 120_000);
  afterAll(async () => handle?.close());

  async function account(email: string): Promise<AuthUser> {
    const row = (await insertLocalUser(handle.db, {
      email,
      passwordHash: 'scrypt$15$8$1$x$y',
      fullName: null,
    }))!;
    return { id: row.id, email, name: null, emailConfirmed: true };
  }

  it('a failed upload gives a generic server failure, and logs the code and errno, not the path', async () => {
    const created = await runAdmin(adminOps.create, admin, { title: 'Disk full' }, { db: handle.db });
    if (!created.ok) throw new Error('setup');
    const secretPath = '/srv/lrjn/.data/uploads/1700000000000_notes.pdf';
    const full = Object.assign(new Error(`ENOSPC: no space left on device, open '${secretPath}'`), {
      code: 'ENOSPC',
    });
    const storage = {
      put: async () => Promise.reject(full),
      remove: async () => {},
      url: (p: string) => `/uploads/${p}`,
    };
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const pdf = new File([new Uint8Array([37, 80, 68, 70])], 'notes.pdf', { type: 'application/pdf' });
      const result = await runAdmin(
        adminOps.upload,
        admin,
        { courseId: created.data.id, file: pdf },
        { db: handle.db, storage },
      );
      expect(result).toEqual({ ok: false, status: 500, error: 'server' });
      expect(JSON.stringify(result)).not.toMatch(/ENOSPC|srv|uploads/);
      const logged = log.mock.calls.map((args) => args.map(String).join(' ')).join('\n');
      expect(logged).toContain('material-failed');
      expect(logged).toContain('ENOSPC');
      expect(logged).not.toContain(secretPath);
    } finally {
      log.mockRestore();
    }
  });

  it('a failed create gives a generic server failure, and the log carries no value from the query', async () => {
    const driver = Object.assign(
      new Error(
        'duplicate key value violates unique constraint "x" Key (email)=(alice@example.org) already exists',
      ),
      { code: '23505' },
    );
    // Every insert fails, in the transaction the operation opens for its audit entry too.
    type Db = DatabaseHandle['db'];
    const failing = (conn: Db): Db =>
      new Proxy(conn, {
        get(target, prop, receiver) {
          if (prop === 'insert')
            return () => {
              throw driver;
            };
          if (prop === 'transaction')
            return (work: (tx: Db) => Promise<unknown>) =>
              target.transaction((tx) => work(failing(tx as Db)));
          return Reflect.get(target, prop, receiver);
        },
      });
    const db = failing(handle.db);
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const result = await runAdmin(adminOps.create, admin, { title: 'Clash' }, { db });
      expect(result).toEqual({ ok: false, status: 500, error: 'server' });
      const logged = log.mock.calls.map((args) => args.map(String).join(' ')).join('\n');
      expect(logged).toContain('create-failed');
      expect(logged).toContain('23505');
      expect(logged).not.toContain('alice@example.org');
    } finally {
      log.mockRestore();
    }
  });
});

describe('admin course pages (rendered)', () => {
  let handle: DatabaseHandle;
  let admin: GuardResult;
  beforeAll(async () => {
    handle = await openMemoryDatabase();
    pageDb.current = handle.db;
    const row = (await insertLocalUser(handle.db, {
      email: 'ad@example.org',
      passwordHash: 'x$y',
      fullName: null,
    }))!;
    await grantRole(handle.db, row.id, 'admin');
    admin = await adminGuard(
      { id: row.id, email: 'ad@example.org', name: null, emailConfirmed: true },
      handle.db,
      [],
    );
  }, 60_000);
  afterAll(async () => {
    await handle?.close();
  });

  const render = async (page: Promise<ReactNode>) => renderToStaticMarkup(await page);
  const props = (params: Record<string, string>, query: Record<string, string> = {}) =>
    ({ params: Promise.resolve({ locale: 'en', ...params }), searchParams: Promise.resolve(query) }) as never;

  it('manage page: fields, units in order with Move up/Move down, Move to unit, lessons, delete confirmations, status', async () => {
    const { default: ManagePage } = await import('@/app/[locale]/courses/manage/[courseId]/page');
    const created = await runAdmin(
      adminOps.create,
      admin,
      { title: 'Rendered course', price: 4.5 },
      { db: handle.db },
    );
    if (!created.ok) throw new Error('setup');
    const courseId = created.data.id;
    const u1 = await runAdmin(adminOps.addUnit, admin, { courseId, title: 'Alpha unit' }, { db: handle.db });
    const u2 = await runAdmin(adminOps.addUnit, admin, { courseId, title: 'Beta unit' }, { db: handle.db });
    if (!u1.ok || !u2.ok) throw new Error('setup');
    const lesson = await runAdmin(
      adminOps.addLesson,
      admin,
      { unitId: u1.data.id, title: 'First lesson' },
      { db: handle.db },
    );
    if (!lesson.ok) throw new Error('setup');

    const html = await render(ManagePage(props({ courseId }, { done: 'moveUnit' })));
    expect(html).toContain(
      '<h1 class="max-w-4xl text-3xl font-bold tracking-tight text-balance sm:text-5xl">Manage: Rendered course</h1>',
    );
    expect(html).toContain('Unit moved.');
    expect(html).toContain('Draft: not visible to students.');
    expect(html).toMatch(/name="price"[^>]*value="4.5"/);
    expect(html.indexOf('Alpha unit')).toBeLessThan(html.indexOf('Beta unit'));
    // The first unit cannot move up, the last cannot move down; each button names its unit.
    expect(html).toMatch(
      /<button type="submit" disabled="" [^>]*>Move up<span class="sr-only">: Alpha unit<\/span>/,
    );
    expect(html).toMatch(/<button type="submit" [^>]*>Move down<span class="sr-only">: Alpha unit<\/span>/);
    expect(html).not.toMatch(/disabled="" [^>]*>Move down<span class="sr-only">: Alpha unit/);
    expect(html).toContain('First lesson');
    // Move to unit: a labelled select of the other units only (not the lesson's own), posting moveLessonToUnit.
    const moveForm = html.match(
      /<form[^>]*>(?:(?!<\/form>).)*name="toUnitId"(?:(?!<\/form>).)*<\/form>/s,
    )?.[0];
    expect(moveForm).toBeDefined();
    // It posts to moveLessonToUnitAction (the form binds that action; no hidden verb field).
    const { MoveToUnit } = await import('@/components/courses/admin/parts');
    const { moveLessonToUnitAction } = await import('@/lib/courses/actions');
    const bound = MoveToUnit({
      locale: 'en',
      courseId,
      lessonId: lesson.data.id,
      lessonTitle: 'First lesson',
      units: [{ id: u2.data.id, label: 'Unit 2: Beta unit' }],
      labels: { select: 'Move to unit', submit: 'Move' },
    });
    expect((bound?.props as { action?: unknown } | undefined)?.action).toBe(moveLessonToUnitAction);
    expect(moveForm).not.toContain('name="op"');
    expect(moveForm).toContain(`<input type="hidden" name="lessonId" value="${lesson.data.id}"/>`);
    expect(moveForm).toMatch(
      new RegExp(
        `<label for="move-unit-${lesson.data.id}"[^>]*>Move to unit<span class="sr-only">: First lesson</span></label>`,
      ),
    );
    expect(moveForm).toContain(`<select id="move-unit-${lesson.data.id}" name="toUnitId" required=""`);
    expect(
      [...moveForm!.matchAll(/<option value="([^"]+)">([^<]+)<\/option>/g)].map((m) => [m[1], m[2]]),
    ).toEqual([[u2.data.id, 'Unit 2: Beta unit']]);
    expect(moveForm).toMatch(/<button type="submit" [^>]*>Move<span class="sr-only">: First lesson<\/span>/);
    expect(html).toContain('Yes, delete the unit');
    expect(html).toContain(
      `action="/api/courses/materials?redirect=1&amp;locale=en&amp;courseId=${courseId}"`,
    );
    expect(html).toContain('No materials yet.');
    const ids = [...html.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]);
    expect(new Set(ids).size).toBe(ids.length);

    await expect(ManagePage(props({ courseId: crypto.randomUUID() }))).rejects.toThrow();
  });

  it('manage page: shows the outcome of a move to another unit and of a refused one', async () => {
    const { default: ManagePage } = await import('@/app/[locale]/courses/manage/[courseId]/page');
    const created = await runAdmin(adminOps.create, admin, { title: 'Single unit' }, { db: handle.db });
    if (!created.ok) throw new Error('setup');
    const courseId = created.data.id;
    const unit = await runAdmin(adminOps.addUnit, admin, { courseId, title: 'Only unit' }, { db: handle.db });
    if (!unit.ok) throw new Error('setup');
    await runAdmin(
      adminOps.addLesson,
      admin,
      { unitId: unit.data.id, title: 'Lonely lesson' },
      { db: handle.db },
    );
    const moved = await render(ManagePage(props({ courseId }, { done: 'moveLessonToUnit' })));
    expect(moved).toContain('Lesson moved to another unit.');
    // With one unit there is nowhere to move a lesson to: no Move to unit form.
    expect(moved).not.toContain('name="toUnitId"');
    expect(await render(ManagePage(props({ courseId }, { error: 'other-course' })))).toContain(
      'The change was not saved: that unit belongs to another course.',
    );
    expect(await render(ManagePage(props({ courseId }, { error: 'rate-limited' })))).toContain(
      'Too many changes in a short time. Please wait a minute and try again.',
    );
  });

  it('test courses page marks the one just created and lists each with its price and a manage link', async () => {
    const { default: TestPage } = await import('@/app/[locale]/courses/test/page');
    const made = await runAdmin(adminOps.testCourse, admin, {}, { db: handle.db });
    if (!made.ok) throw new Error('setup');
    const html = await render(TestPage(props({}, { created: made.data.id })));
    expect(html).toContain('Test course created.');
    expect(html).toContain('£25');
    expect(html).toContain(`href="/courses/manage/${made.data.id}"`);
  });
});
