import { cloneElement, createElement, isValidElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import type { AuthUser } from '@/lib/auth';
import { addLesson, addUnit, completeLesson, createCourse, enrol } from '@/lib/courses';
import { type DatabaseHandle, openDatabase } from '@/lib/db/client';
import en from '@/messages/en.json';

/**
 * The student course pages rendered as React trees from PGlite (in memory) data: the course page (outline, price,
 * certificate, Course JSON-LD, 404s), the learn screen (navigation with aria-current, progress bar, Mark complete,
 * resume, certificate link at 100%), /verify/{id} and the dashboard. The session is faked at lib/auth, strings come
 * from messages/en.json, Next's cache and navigation are plain stand-ins; the client islands render their first
 * (server) state.
 */

const state = vi.hoisted(() => ({ db: null as unknown, user: null as AuthUser | null, admin: false }));

vi.mock('@/lib/db', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/db')>()),
  getDb: async () => state.db,
}));
vi.mock('@/lib/auth', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/auth')>()),
  requireUser: async () => {
    if (!state.user) throw new Error('redirect:login');
    return state.user;
  },
  // The course page asks only for an id that is not a published course (an admin's draft preview, D3).
  checkAdmin: async () =>
    state.admin && state.user
      ? { ok: true as const, user: state.user }
      : { ok: false as const, status: 401 as const, error: 'unauthenticated' as const },
}));
vi.mock('next/cache', () => ({ unstable_cache: (fn: unknown) => fn }));
vi.mock('next-intl/server', () => ({
  getTranslations: async (arg: string | { namespace: string }) => {
    const namespace = typeof arg === 'string' ? arg : arg.namespace;
    const table = (en as unknown as Record<string, Record<string, string>>)[namespace]!;
    return (key: string, values: Record<string, unknown> = {}) => {
      if (!(key in table)) throw new Error(`missing message ${namespace}.${key}`);
      return table[key]!.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name]));
    };
  },
}));
vi.mock('@/i18n/scoped-client-messages', () => ({
  ScopedClientMessages: ({ children }: { children: ReactNode }) => children,
}));
vi.mock('@/i18n/navigation', () => ({
  Link: ({ href, children, ...rest }: { href: string; children: ReactNode }) =>
    createElement('a', { href, ...rest }, children),
  redirect: ({ href }: { href: string }) => {
    throw new Error(`redirect:${href}`);
  },
}));
vi.mock('@/i18n/client', () => ({
  Link: ({ href, children, ...rest }: { href: string; children: ReactNode }) =>
    createElement('a', { href, ...rest }, children),
  useRouter: () => ({ push: () => {}, replace: () => {}, refresh: () => {} }),
  useLocale: () => 'en',
  useClientMessageTable: () => en,
}));

const ALICE: AuthUser = {
  id: crypto.randomUUID(),
  email: 'alice@example.org',
  name: 'Alice Okafor',
  emailConfirmed: true,
};
const props = (params: Record<string, string>, query: Record<string, string> = {}) =>
  ({ params: Promise.resolve({ locale: 'en', ...params }), searchParams: Promise.resolve(query) }) as never;
/**
 * renderToStaticMarkup cannot wait for async components (CoursePrice, CmsHtml): call those first, walking the
 * page's own JSX and children props (client islands and other sync components are left to React).
 */
async function resolveAsync(node: ReactNode): Promise<ReactNode> {
  if (Array.isArray(node)) return Promise.all(node.map(resolveAsync));
  if (!isValidElement(node)) return node;
  const { type, props } = node as { type: unknown; props: Record<string, unknown> };
  if (typeof type === 'function' && type.constructor.name === 'AsyncFunction') {
    return resolveAsync(await (type as (p: unknown) => Promise<ReactNode>)(props));
  }
  if (props && 'children' in props) {
    return cloneElement(node, undefined, await resolveAsync(props.children as ReactNode));
  }
  return node;
}
const render = async (page: Promise<ReactNode> | ReactNode) =>
  renderToStaticMarkup(await resolveAsync(await page));

describe('student course pages (rendered)', { timeout: 30_000 }, () => {
  let handle: DatabaseHandle;
  let courseId: string;
  let lessons: string[];

  beforeAll(async () => {
    handle = await openDatabase({ pgliteDir: 'memory://' });
    state.db = handle.db;
    const course = await createCourse(
      { title: 'Rendered course', description: 'About the course.', price: 0, published: true },
      crypto.randomUUID(),
      handle.db,
    );
    courseId = course.id;
    const u1 = await addUnit(courseId, { title: 'Alpha unit' }, handle.db);
    const u2 = await addUnit(courseId, { title: 'Beta unit' }, handle.db);
    const l1 = await addLesson(u1.id, { title: 'First lesson', body: '<p>Body one</p>' }, handle.db);
    const l2 = await addLesson(
      u1.id,
      { title: 'Second lesson', videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' },
      handle.db,
    );
    const l3 = await addLesson(u2.id, { title: 'Third lesson' }, handle.db);
    lessons = [l1.id, l2.id, l3.id];
  }, 60_000);
  afterAll(async () => handle?.close());

  it('course page: outline in order, Free, certificate texts, Course JSON-LD and the signed-out Enrol link', async () => {
    const { default: CoursePage } = await import('@/app/[locale]/courses/[courseId]/page');
    const html = await render(CoursePage(props({ courseId })));
    expect(html).toContain('<h1');
    expect(html).toContain('Rendered course');
    expect(html.indexOf('Unit 1: Alpha unit')).toBeLessThan(html.indexOf('Unit 2: Beta unit'));
    expect(html.indexOf('First lesson')).toBeLessThan(html.indexOf('Third lesson'));
    expect(html).toContain('data-testid="course-price">Free<');
    expect(html).toContain('Certificate of Completion');
    expect(html).toContain(`href="/login?next=${encodeURIComponent(`/courses/${courseId}`)}"`);
    const ld = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(ld!)).toMatchObject({
      '@type': 'Course',
      name: 'Rendered course',
      offers: { price: '0.00' },
    });
  });

  it('D3: a draft course page renders for an admin, with the draft notice and no JSON-LD, and is a 404 for others', async () => {
    const { default: CoursePage } = await import('@/app/[locale]/courses/[courseId]/page');
    const draft = await createCourse(
      { title: 'Draft in the making', description: 'Not yet.', price: 0, published: false },
      crypto.randomUUID(),
      handle.db,
    );
    await expect(render(CoursePage(props({ courseId: draft.id })))).rejects.toThrow(/NEXT_HTTP_ERROR/);
    state.user = ALICE;
    await expect(render(CoursePage(props({ courseId: draft.id })))).rejects.toThrow(/NEXT_HTTP_ERROR/);
    state.admin = true;
    try {
      const html = await render(CoursePage(props({ courseId: draft.id })));
      expect(html).toContain('Draft in the making');
      expect(html).toContain('data-testid="draft-notice"');
      expect(html).not.toContain('application/ld+json');
    } finally {
      state.admin = false;
      state.user = null;
    }
  });

  it('course page: unknown and malformed ids are a 404', async () => {
    const { default: CoursePage } = await import('@/app/[locale]/courses/[courseId]/page');
    await expect(render(CoursePage(props({ courseId: crypto.randomUUID() })))).rejects.toThrow(
      /NEXT_HTTP_ERROR/,
    );
    await expect(render(CoursePage(props({ courseId: 'nope' })))).rejects.toThrow(/NEXT_HTTP_ERROR/);
  });

  it('learn page: not enrolled → the course page; enrolled → lessons, aria-current, progress, then the certificate', async () => {
    const { default: LearnPage } = await import('@/app/[locale]/courses/[courseId]/learn/page');
    state.user = ALICE;
    await expect(render(LearnPage(props({ courseId })))).rejects.toThrow(`redirect:/courses/${courseId}`);

    await enrol(ALICE.id, courseId, handle.db);
    let html = await render(LearnPage(props({ courseId })));
    expect(html).toMatch(/<a href="[^"]*lesson=[^"]*" aria-current="page"[^>]*>.*?First lesson/);
    expect(html).toContain('aria-valuenow="0"');
    expect(html).toContain('Lesson 1 of 3');
    expect(html).toContain('Body one');
    expect(html).toContain('Mark complete');

    // The ?lesson= parameter opens that lesson (with its click-to-load video).
    html = await render(LearnPage(props({ courseId }, { lesson: lessons[1]! })));
    expect(html).toContain('Lesson 2 of 3');
    expect(html).toContain('Play video');

    // Resume: the first lesson not completed.
    await completeLesson(ALICE.id, courseId, lessons[0]!, { studentName: 'Alice Okafor' }, handle.db);
    html = await render(LearnPage(props({ courseId })));
    expect(html).toContain('Lesson 2 of 3');
    expect(html).toContain('aria-valuenow="33"');

    await completeLesson(ALICE.id, courseId, lessons[1]!, { studentName: 'Alice Okafor' }, handle.db);
    const done = await completeLesson(
      ALICE.id,
      courseId,
      lessons[2]!,
      { studentName: 'Alice Okafor' },
      handle.db,
    );
    html = await render(LearnPage(props({ courseId })));
    expect(html).toContain('aria-valuenow="100"');
    expect(html).toContain('You have completed this lesson.');
    expect(html).toContain(`href="/courses/${courseId}/certificate"`);
    expect(html).toContain(`href="/verify/${done.certificate!.id}"`);
  });

  it('verify page: genuine certificate details; unknown ids are a 404', async () => {
    const { default: VerifyPage } = await import('@/app/[locale]/verify/[id]/page');
    const cert = await handle.db.query.courseCertificates.findFirst();
    const html = await render(VerifyPage(props({ id: cert!.id })));
    expect(html).toContain('This certificate is genuine');
    expect(html).toContain('Alice Okafor');
    expect(html).toContain('Rendered course');
    await expect(render(VerifyPage(props({ id: crypto.randomUUID() })))).rejects.toThrow(/NEXT_HTTP_ERROR/);
    await expect(render(VerifyPage(props({ id: 'not-a-real-id' })))).rejects.toThrow(/NEXT_HTTP_ERROR/);
  });

  it('dashboard: my course at 100% with certificate links; empty state for a new student', async () => {
    const { default: DashboardPage } = await import('@/app/[locale]/dashboard/page');
    state.user = ALICE;
    let html = await render(DashboardPage(props({})));
    expect(html).toContain('Rendered course');
    expect(html).toContain('aria-valuenow="100"');
    expect(html).toContain('Download certificate');
    state.user = { ...ALICE, id: crypto.randomUUID(), email: 'new@example.org' };
    html = await render(DashboardPage(props({})));
    expect(html).toContain('You haven&#x27;t enrolled in any courses yet.');
    expect(html).toContain('href="/courses"');
    // The dashboard's "Your data" section: the own-data download and the account deletion.
    expect(html).toContain('href="/api/account/export"');
    expect(html).toContain('Delete my account');
  });

  it('verify page: once the holder’s data is erased, the certificate says it is revoked and names no one', async () => {
    const { default: VerifyPage } = await import('@/app/[locale]/verify/[id]/page');
    const { erasePersonalData } = await import('@/lib/db');
    const cert = await handle.db.query.courseCertificates.findFirst();
    await erasePersonalData(handle.db, { email: ALICE.email, userIds: [ALICE.id] });
    const html = await render(VerifyPage(props({ id: cert!.id })));
    expect(html).toContain('This certificate has been revoked');
    expect(html).not.toContain('This certificate is genuine');
    expect(html).not.toContain('Alice Okafor');
  });
});
