import { createHash, randomBytes } from 'node:crypto';

import { createElement, type ReactElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import { Redirected } from '../helpers/manage-action';
import { renderServer } from '../helpers/render-server';

import en from '@/messages/en.json';

/**
 * The back-office pages, server actions and CSV route handlers (issue 17 items 3-6, 8) with their real guards:
 * local accounts and sessions in PGlite (memory), Next's cookies replaced by a jar holding the session cookie.
 * Signed out → sign in (pages) or 401 (handlers, actions' notice); a student → 403; staff → the lists, but 403
 * on the admin-only logs page and students export; an admin → everything.
 */
const jar = new Map<string, string>();
vi.mock('next/headers', () => ({
  cookies: async () => ({
    getAll: () => [...jar].map(([name, value]) => ({ name, value })),
    set: () => undefined,
  }),
  headers: async () => new Headers(),
}));
class Forbidden extends Error {}
vi.mock('next/navigation', async (original) => ({
  ...(await original<typeof import('next/navigation')>()),
  forbidden: () => {
    throw new Forbidden('403');
  },
}));
vi.mock('@/i18n/navigation', async () => ({
  ...(await import('../helpers/manage-action')).redirectMock,
  Link: ({ href, children }: { href: string; children: ReactNode }) => createElement('a', { href }, children),
}));
vi.mock('next-intl/server', () => ({
  getTranslations: async ({ namespace }: { namespace: string }) => {
    const table = namespace
      .split('.')
      .reduce<unknown>((t, k) => (t as Record<string, unknown>)[k], en) as Record<string, unknown>;
    return (key: string, values: Record<string, unknown> = {}) => {
      const text = key.split('.').reduce<unknown>((t, k) => (t as Record<string, unknown>)?.[k], table);
      if (typeof text !== 'string') throw new Error(`missing message ${namespace}.${key}`);
      return text.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name]));
    };
  },
}));

process.env.PGLITE_DIR = 'memory://';
delete process.env.NEXT_PUBLIC_SUPABASE_URL;
delete process.env.ADMIN_EMAILS;

type Db = typeof import('@/lib/db');
let db: Db;
let database: Awaited<ReturnType<Db['getDb']>>;
const sessions: Record<'student' | 'staff' | 'admin', string> = { student: '', staff: '', admin: '' };
let volunteerId: string;
let courseId: string;

async function account(email: string, role?: 'staff' | 'admin'): Promise<string> {
  const user = (await db.insertLocalUser(database, {
    email,
    passwordHash: 'scrypt$15$8$1$x$y',
    fullName: email.split('@')[0]!,
  }))!;
  const { localUsers } = await import('@/lib/db/schema');
  const { eq } = await import('drizzle-orm');
  await database.update(localUsers).set({ emailConfirmedAt: new Date() }).where(eq(localUsers.id, user.id));
  if (role) await db.grantRole(database, user.id, role);
  const token = randomBytes(32).toString('base64url');
  await db.insertLocalSession(database, {
    id: createHash('sha256').update(token).digest('hex'),
    userId: user.id,
    expiresAt: new Date(Date.now() + 3600_000),
  });
  return token;
}

async function as(who: 'anonymous' | keyof typeof sessions) {
  const { SESSION_COOKIE } = await import('@/lib/auth');
  jar.clear();
  if (who !== 'anonymous') jar.set(SESSION_COOKIE, sessions[who]);
}

type PageModule = { default: (props: never) => Promise<ReactElement> };
const pages = {
  network: () => import('@/app/[locale]/admin/network/page') as Promise<PageModule>,
  newsletter: () => import('@/app/[locale]/admin/newsletter/page') as Promise<PageModule>,
  outbox: () => import('@/app/[locale]/admin/outbox/page') as Promise<PageModule>,
  logs: () => import('@/app/[locale]/admin/logs/page') as Promise<PageModule>,
};

/** Renders a page as the given person: its HTML, or where it redirected, or 'forbidden'. */
async function render(name: keyof typeof pages, query: Record<string, string> = {}): Promise<string> {
  return renderIn('en', name, query);
}

/** `render` in another locale. */
async function renderIn(
  locale: string,
  name: keyof typeof pages,
  query: Record<string, string> = {},
): Promise<string> {
  const Page = (await pages[name]()).default;
  try {
    const element = await Page({
      params: Promise.resolve({ locale }),
      searchParams: Promise.resolve(query),
    } as never);
    return await renderServer(element);
  } catch (error) {
    if (error instanceof Redirected) return `redirect ${error.href}`;
    if (error instanceof Forbidden) return 'forbidden';
    throw error;
  }
}

/** Posts `fields` to a back-office action as its StaffForm does (locale, a fresh requestKey unless given). */
async function act(
  action: (form: FormData) => Promise<void>,
  fields: Record<string, string>,
): Promise<string> {
  const form = new FormData();
  for (const [k, v] of Object.entries({ locale: 'en', requestKey: crypto.randomUUID(), ...fields }))
    form.set(k, v);
  try {
    await action(form);
  } catch (error) {
    if (error instanceof Redirected) return error.href;
    if (error instanceof Forbidden) return 'forbidden';
    throw error;
  }
  throw new Error('no redirect');
}

beforeAll(async () => {
  db = await import('@/lib/db');
  database = await db.getDb();
  sessions.student = await account('student@example.org');
  sessions.staff = await account('staff@example.org', 'staff');
  sessions.admin = await account('admin@example.org', 'admin');
  const v = await db.insertVolunteer(database, {
    name: 'Nia Network',
    email: 'nia@example.org',
    phone: '0113 496 0001',
    membershipType: 'individual',
    interests: ['climate-justice', 'other: Oral history'],
    availability: ['evenings'],
    experienceLevel: 'intermediate',
    country: 'Spain',
    location: 'Madrid',
  });
  volunteerId = v.id;
  await db.upsertNewsletterSubscriber(database, {
    email: 'reader@example.org',
    locale: 'es',
    source: 'footer',
  });
  await db.enqueueOutbox(database, {
    kind: 'enquiry.forward',
    payload: { enquiryId: 'e1', email: 'secret@example.org' },
  });
  await db.enqueueOutbox(database, { kind: 'volunteer.followup', payload: { volunteerId } });
  courseId = (await db.insertCourse(database, { title: 'Course' })).id;
}, 60_000);
afterAll(async () => {
  await db?.closeDb();
});
beforeEach(() => jar.clear());

describe('back-office pages', () => {
  it(
    'send the signed out to sign in with next, and answer 403 to a student',
    { timeout: 60_000 },
    async () => {
      for (const name of Object.keys(pages) as (keyof typeof pages)[]) {
        await as('anonymous');
        expect(await render(name)).toBe(`redirect en:/login?next=${encodeURIComponent(`/admin/${name}`)}`);
        await as('student');
        expect(await render(name)).toBe('forbidden');
      }
    },
  );

  it('show staff the network, newsletter and deliveries lists, but not the admin-only logs', async () => {
    await as('staff');
    const network = await render('network', { country: 'Spain', done: 'statusSaved' });
    expect(network).toContain('Nia Network');
    expect(network).toContain('nia@example.org');
    expect(network).toContain('Madrid, Spain');
    // Stored values read as labels in the admin's language (lib/back-office/labels.ts); free text kept.
    expect(network).toContain('Climate justice, Other: Oral history');
    expect(network).toContain('>Evenings<');
    expect(network).toContain('Status saved.');
    // The CSV link carries the filters and the admin's language, and says it holds every matching row.
    expect(network).toContain('href="/api/admin/network/export?country=Spain&amp;locale=en"');
    expect(network).toContain('Download all matching (1) as CSV');
    // Each name opens the person's record; each row can be ticked for the bulk form.
    expect(network).toContain(`href="/admin/people/member-${volunteerId}"`);
    expect(network).toContain(`form="network-bulk" aria-label="Select Nia Network"`);
    expect(network).toMatch(/<form[^>]*role="search"[^>]*aria-label="Filter the network registrations"/);
    expect(await render('network', { country: 'France' })).toContain('No registrations match these filters.');
    // Text search: name, email or organisation.
    expect(await render('network', { q: 'NIA@EXAMPLE' })).toContain('Nia Network');
    expect(await render('network', { q: 'nobody' })).toContain('No registrations match these filters.');
    // In Spanish the country and the values are Spanish (lib/back-office/labels.ts).
    const spanish = await renderIn('es', 'network');
    expect(spanish).toContain('Madrid, España');
    expect(spanish).toContain('Justicia climática');

    const newsletter = await render('newsletter');
    expect(newsletter).toContain('reader@example.org');
    expect(newsletter).toContain('Pending (not confirmed)');
    expect(newsletter).toContain('>footer<'); // a source the site does not know is shown as stored
    expect(newsletter).toMatch(/href="\/admin\/people\/subscriber-[0-9a-f-]{36}"/);
    expect(await render('newsletter', { q: 'READER@' })).toContain('reader@example.org');
    expect(await render('newsletter', { q: 'nobody' })).toContain('No subscribers match.');

    // Deliveries say what they are and whom they concern (D15), never a payload's address.
    const outbox = await render('outbox');
    expect(outbox).toContain('Enquiry forwarded to the team');
    expect(outbox).toContain('enquiry.forward');
    expect(outbox).not.toContain('secret@example.org');
    expect(outbox).toContain('New member added to the mailing list');
    expect(outbox).toContain(`href="/admin/people/member-${volunteerId}">Nia Network</a>`);
    const filtered = await render('outbox', { kind: 'volunteer.followup', q: 'nia' });
    expect(filtered).toContain('Nia Network');
    expect(filtered).not.toContain('Enquiry forwarded to the team</th>');
    expect(await render('logs')).toBe('forbidden');
    // The navigation matches: staff are not offered the logs; Deliveries lives at /admin/outbox.
    const { navItemsFor } = await import('@/components/back-office/nav-items');
    expect(navItemsFor('staff').map((i) => i.key)).not.toContain('logs');
    expect(navItemsFor('admin').find((i) => i.key === 'deliveries')?.href).toBe('/admin/outbox');
  });

  it('show an admin the logs: screening, webhook calls and server errors', async () => {
    const { recordWebhookCall, recordServerError, clearRecent } = await import('@/lib/log/recent');
    clearRecent();
    recordWebhookCall({
      status: 200,
      result: 'revalidated',
      action: 'save',
      postType: 'event',
      slug: 'gala-night',
      tags: 3,
    });
    recordServerError(
      new TypeError('kaput'),
      { method: 'GET', path: '/blog' },
      { routePath: '/[locale]/blog' },
    );
    await as('admin');
    const html = await render('logs');
    expect(html).toContain('gala-night');
    expect(html).toContain('200 Pages refreshed');
    expect(html).toContain('kaput');
    expect(html).toContain('/[locale]/blog');
    expect(html).toContain('No request has been blocked.');
  });
});

describe('course manage page: enrolled students', () => {
  it('lists them with progress, last activity and certificate, and links the admins-only CSV', async () => {
    const student = (await db.findLocalUserByEmail(database, 'student@example.org'))!;
    await db.insertEnrolment(database, { userId: student.id, courseId });
    const Page = (await import('@/app/[locale]/courses/manage/[courseId]/page')).default;
    await as('admin');
    const html = renderToStaticMarkup(
      await Page({
        params: Promise.resolve({ locale: 'en', courseId }),
        searchParams: Promise.resolve({}),
      } as never),
    );
    expect(html).toContain('Enrolled students (1)');
    expect(html).toContain('student@example.org');
    expect(html).toContain('0% · lessons completed: 0');
    expect(html).toContain('Not started');
    expect(html).toContain('None yet');
    expect(html).toContain(`href="/api/courses/${courseId}/students?locale=en"`);
  });
});

describe('back-office actions', () => {
  it('re-check the caller: signed out → sign in, students → 403, nothing changed; staff change the status', async () => {
    const { setVolunteerStatusAction } = await import('@/lib/back-office/actions');
    const fields = { id: volunteerId, status: 'active', return: 'country=Spain&evil=<x>' };
    await as('anonymous');
    expect(await act(setVolunteerStatusAction, fields)).toBe('en:/login?next=%2Fadmin%2Fnetwork');
    await as('student');
    expect(await act(setVolunteerStatusAction, fields)).toBe('forbidden');
    expect((await db.listVolunteers(database, { status: 'active' })).length).toBe(0);
    await as('staff');
    expect(await act(setVolunteerStatusAction, { ...fields, locale: 'pt' })).toBe(
      'pt:/admin/network?country=Spain&done=statusSaved',
    );
    expect((await db.listVolunteers(database, { status: 'active' })).map((v) => v.id)).toEqual([volunteerId]);
  });

  it('set the status of a selection, and refuse a bulk form sent with no row ticked', async () => {
    const { setVolunteerStatusesAction } = await import('@/lib/back-office/actions');
    await as('student');
    expect(await act(setVolunteerStatusesAction, { ids: volunteerId, to: 'left' })).toBe('forbidden');
    await as('staff');
    expect(await act(setVolunteerStatusesAction, { to: 'left', return: 'q=nia&page=2' })).toBe(
      'en:/admin/network?q=nia&page=2&error=noSelection',
    );
    expect(await act(setVolunteerStatusesAction, { ids: volunteerId, to: 'left', return: 'q=nia' })).toBe(
      'en:/admin/network?q=nia&done=statusesSaved',
    );
    expect((await db.listVolunteers(database, { status: 'left' })).map((v) => v.id)).toEqual([volunteerId]);
    expect(await act(setVolunteerStatusesAction, { ids: 'not-an-id', to: 'left' })).toBe(
      'en:/admin/network?error=invalid',
    );
  });

  it('newsletter and deliveries actions refuse students and work for staff', async () => {
    const actions = await import('@/lib/back-office/actions');
    const [subscriber] = await db.listSubscribers(database);
    const { pending } = await db.listDeliveries(database);
    const item = pending[0]!;
    await as('student');
    for (const action of [
      actions.unsubscribeSubscriberAction,
      actions.resyncSubscriberAction,
      actions.updateEnquiryAction,
      actions.addNoteAction,
      actions.replyAction,
    ])
      expect(await act(action, { id: subscriber!.id, status: 'closed', body: 'x' })).toBe('forbidden');
    expect(await act(actions.retryDeliveryAction, { id: item.id })).toBe('forbidden');
    expect(await act(actions.giveUpDeliveryAction, { id: item.id })).toBe('forbidden');
    // Staff work the lists and the inbox but change no roles (admins only).
    await as('staff');
    expect(
      await act(actions.setRoleAction, { email: 'student@example.org', role: 'admin', password: 'x' }),
    ).toBe('forbidden');
    await as('student');
    expect(await db.findNewsletterSubscriberById(database, subscriber!.id)).not.toBeNull();

    await as('staff');
    expect(await act(actions.resyncSubscriberAction, { id: subscriber!.id, return: 'status=pending' })).toBe(
      'en:/admin/newsletter?status=pending&done=resyncNothing',
    );
    expect(await act(actions.retryDeliveryAction, { id: item.id, return: 'kind=enquiry.forward&x=1' })).toBe(
      'en:/admin/outbox?kind=enquiry.forward&done=retried',
    );
    expect(await act(actions.giveUpDeliveryAction, { id: item.id })).toBe('en:/admin/outbox?done=gaveUp');
    expect((await db.listDeliveries(database)).failed.map((d) => d.id)).toContain(item.id);
    expect(await act(actions.resyncSubscribersAction, { ids: subscriber!.id, return: 'q=reader' })).toBe(
      'en:/admin/newsletter?q=reader&done=resyncedSelection',
    );
    expect(await act(actions.unsubscribeSubscriberAction, { id: subscriber!.id })).toBe(
      'en:/admin/newsletter?done=unsubscribed',
    );
    expect(await db.findNewsletterSubscriberById(database, subscriber!.id)).toBeNull();
    expect(await act(actions.unsubscribeSubscriberAction, { id: 'not-an-id' })).toBe(
      'en:/admin/newsletter?error=invalid',
    );
  });
});

describe('single-use request keys (D4: a double-clicked reply was sent twice)', () => {
  it('a form posted twice with one key runs once and answers the same notice; a new key runs again', async () => {
    const actions = await import('@/lib/back-office/actions');
    const enquiry = await db.insertEnquiry(database, {
      name: 'Dora Double',
      email: 'dora@example.org',
      message: 'Hello',
      locale: 'en',
    });
    const notes = async () => (await db.findEnquiryDetail(database, enquiry.id))!.notes.length;
    await as('staff');
    const fields = { id: enquiry.id, body: 'Thanks, Dora.', requestKey: crypto.randomUUID() };
    // A double click: both posts arrive at once with the form's one key.
    const both = await Promise.all([act(actions.addNoteAction, fields), act(actions.addNoteAction, fields)]);
    expect(both).toEqual([
      `en:/admin/enquiries/${enquiry.id}?done=noteAdded`,
      `en:/admin/enquiries/${enquiry.id}?done=noteAdded`,
    ]);
    expect(await notes()).toBe(1);
    // A resent post later (back button, reload) with the same key: the same answer, still one note.
    expect(await act(actions.addNoteAction, fields)).toBe(`en:/admin/enquiries/${enquiry.id}?done=noteAdded`);
    expect(await notes()).toBe(1);
    // The page renders a new key after the redirect: a second note is a second operation.
    expect(await act(actions.addNoteAction, { ...fields, requestKey: crypto.randomUUID() })).toBe(
      `en:/admin/enquiries/${enquiry.id}?done=noteAdded`,
    );
    expect(await notes()).toBe(2);
    // No key, or not a UUID: refused before the operation.
    for (const requestKey of ['', 'not-a-key'])
      expect(await act(actions.addNoteAction, { ...fields, requestKey })).toBe(
        `en:/admin/enquiries/${enquiry.id}?error=invalid`,
      );
    expect(await notes()).toBe(2);
    // Another member of staff cannot replay someone else's key.
    await as('admin');
    expect(await act(actions.addNoteAction, fields)).toBe(`en:/admin/enquiries/${enquiry.id}?error=invalid`);
    expect(await notes()).toBe(2);
  });
});

describe('CSV route handlers', () => {
  it('network and newsletter exports: 401 signed out, 403 student, CSV for staff', async () => {
    const network = await import('@/app/api/admin/network/export/route');
    const newsletter = await import('@/app/api/admin/newsletter/export/route');
    for (const [route, path] of [
      [network, '/api/admin/network/export?country=Spain'],
      [newsletter, '/api/admin/newsletter/export'],
    ] as const) {
      await as('anonymous');
      expect((await route.GET(new Request(`http://localhost${path}`))).status).toBe(401);
      await as('student');
      expect((await route.GET(new Request(`http://localhost${path}`))).status).toBe(403);
      await as('staff');
      const res = await route.GET(new Request(`http://localhost${path}`));
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    }
    const body = await (
      await network.GET(new Request('http://localhost/api/admin/network/export?country=Spain'))
    ).text();
    expect(body).toContain('"Nia Network","nia@example.org","0113 496 0001"');
    // A selection: only the ticked rows; the bulk form's download with none ticked goes back to the list.
    const selected = await network.GET(
      new Request(
        `http://localhost/api/admin/network/export?selection=1&ids=${volunteerId}&locale=fr&to=left`,
      ),
    );
    expect(selected.headers.get('content-disposition')).toMatch(/filename="network-members-selection-/);
    expect((await selected.text()).split('\r\n')[0]).toContain(
      '"Inscription (heure du Royaume-Uni)","Statut","Nom"',
    );
    const none = await network.GET(
      new Request('http://localhost/api/admin/network/export?selection=1&locale=es'),
    );
    expect(none.status).toBe(303);
    expect(none.headers.get('location')).toBe('http://localhost/es/admin/network?error=noSelection');
    expect((await network.GET(new Request(`http://localhost/api/admin/network/export?ids=bad`))).status).toBe(
      422,
    );
  });

  it('course students export: admins only (staff 403)', async () => {
    const route = await import('@/app/api/courses/[courseId]/students/route');
    const call = () =>
      route.GET(new Request(`http://localhost/api/courses/${courseId}/students`), {
        params: Promise.resolve({ courseId }),
      });
    await as('anonymous');
    expect((await call()).status).toBe(401);
    await as('student');
    expect((await call()).status).toBe(403);
    await as('staff');
    expect((await call()).status).toBe(403);
    await as('admin');
    const res = await call();
    expect(res.status).toBe(200);
    expect((await res.text()).split('\r\n')[0]).toContain('"Name","Email","Enrolled (UK time)"');
  });
});
