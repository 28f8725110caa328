import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

import type { APIRequestContext } from '@playwright/test';

import { projectDatabase } from './database';
import { expect, test } from './fixtures';

/**
 * Hostile input (issue 5, "Must show"): malformed, oversized and hostile payloads posted straight to every server
 * action of the build and to every POST route handler. Every answer must be our own refusal (an action result
 * with a 4xx status, a redirect to a refusal notice, or a 4xx with our body), carry no stack trace, and store
 * nothing; never a 500, and never Next's "Server Action unavailable" (an action posted to a page that does not
 * use it never reaches our validation).
 *
 * The actions are Next's server-reference manifest's (ids, modules and the pages whose bundles hold each), so a
 * new action fails this spec until `PAGE_OF` names the page it is posted to.
 */

const distDir = process.env.NEXT_DIST_DIR || '.next';
const manifestPath = [
  path.join(distDir, 'server', 'server-reference-manifest.json'),
  path.join(distDir, 'dev', 'server', 'server-reference-manifest.json'),
].find((p) => existsSync(p) && Object.keys(JSON.parse(readFileSync(p, 'utf8')).node ?? {}).length > 0);

type ManifestEntry = { exportedName?: string; filename?: string; workers?: Record<string, unknown> };
/**
 * The modules of the server actions: every lib/<domain>/actions.ts (where all of them live; components and pages
 * import them from there).
 */
const ACTION_MODULE = /^lib\/[\w-]+\/actions\.ts$/;
const actions: { id: string; name: string; workers: string[] }[] = manifestPath
  ? Object.entries(JSON.parse(readFileSync(manifestPath, 'utf8')).node as Record<string, ManifestEntry>)
      .filter(([, entry]) => ACTION_MODULE.test(entry.filename ?? ''))
      .map(([id, entry]) => ({
        id,
        name: entry.exportedName ?? id,
        workers: Object.keys(entry.workers ?? {}),
      }))
  : [];

/**
 * The page each action is posted to (under app/[locale]/, '' the home page): one whose form or island uses it.
 * `as: 'admin'` posts it signed in as the e2e admin (tests/e2e/fixtures.ts), for the signed-in pages and the
 * actions that check the session before their input, so the payloads reach validation; 'visitor' signed out.
 * Never signed in: signOut (it would end the admin's shared session).
 */
const PAGE_OF: Record<string, { page: string; as: 'admin' | 'visitor' }> = {
  signOut: { page: '', as: 'visitor' },
  subscribeToNewsletter: { page: '', as: 'visitor' },
  subscribeToNewsletterForm: { page: '', as: 'visitor' },
  confirmNewsletterAction: { page: 'newsletter/confirm', as: 'visitor' },
  unsubscribeNewsletterAction: { page: 'newsletter/unsubscribe', as: 'visitor' },
  submitEnquiry: { page: 'contact', as: 'visitor' },
  forwardEnquiry: { page: 'contact', as: 'visitor' },
  submitEnquiryForm: { page: 'contact', as: 'visitor' },
  submitRegistration: { page: 'community', as: 'visitor' },
  submitRegistrationForm: { page: 'community/register', as: 'visitor' },
  signIn: { page: 'login', as: 'visitor' },
  signUp: { page: 'login', as: 'visitor' },
  requestPasswordReset: { page: 'login', as: 'visitor' },
  resendConfirmation: { page: 'login', as: 'visitor' },
  resetPassword: { page: 'login', as: 'visitor' },
  signInForm: { page: 'login', as: 'visitor' },
  signUpForm: { page: 'login', as: 'visitor' },
  requestPasswordResetForm: { page: 'login', as: 'visitor' },
  resendConfirmationForm: { page: 'login', as: 'visitor' },
  resetPasswordForm: { page: 'login', as: 'visitor' },
  createCourseForm: { page: 'courses/create', as: 'admin' },
  deleteOwnAccountAction: { page: 'dashboard', as: 'admin' },
  lookupPersonAction: { page: 'admin/data-rights', as: 'admin' },
  erasePersonAction: { page: 'admin/data-rights', as: 'admin' },
  logDataRightsRequestAction: { page: 'admin/data-rights', as: 'admin' },
  closeDataRightsRequestAction: { page: 'admin/data-rights', as: 'admin' },
  setVolunteerStatusAction: { page: 'admin/network', as: 'admin' },
  setVolunteerStatusesAction: { page: 'admin/network', as: 'admin' },
  unsubscribeSubscriberAction: { page: 'admin/newsletter', as: 'admin' },
  resyncSubscriberAction: { page: 'admin/newsletter', as: 'admin' },
  resyncSubscribersAction: { page: 'admin/newsletter', as: 'admin' },
  retryDeliveryAction: { page: 'admin/outbox', as: 'admin' },
  giveUpDeliveryAction: { page: 'admin/outbox', as: 'admin' },
  setRoleAction: { page: 'admin/staff', as: 'admin' },
  updateEnquiryAction: { page: 'admin/enquiries/[id]', as: 'admin' },
  addNoteAction: { page: 'admin/enquiries/[id]', as: 'admin' },
  replyAction: { page: 'admin/enquiries/[id]', as: 'admin' },
  bulkEnquiriesAction: { page: 'admin/enquiries', as: 'admin' },
  enrolInCourse: { page: 'courses/[courseId]', as: 'admin' },
  completeLessonAction: { page: 'courses/[courseId]/learn', as: 'admin' },
  createCourseAction: { page: 'courses/create', as: 'admin' },
  createTestCourseAction: { page: 'courses/test', as: 'admin' },
  updateCourseAction: { page: 'courses/manage/[courseId]', as: 'admin' },
  publishCourseAction: { page: 'courses/manage/[courseId]', as: 'admin' },
  addUnitAction: { page: 'courses/manage/[courseId]', as: 'admin' },
  addLessonAction: { page: 'courses/manage/[courseId]', as: 'admin' },
  updateLessonAction: { page: 'courses/manage/[courseId]', as: 'admin' },
  moveUnitAction: { page: 'courses/manage/[courseId]', as: 'admin' },
  moveLessonAction: { page: 'courses/manage/[courseId]', as: 'admin' },
  moveLessonToUnitAction: { page: 'courses/manage/[courseId]', as: 'admin' },
  deleteUnitAction: { page: 'courses/manage/[courseId]', as: 'admin' },
  deleteLessonAction: { page: 'courses/manage/[courseId]', as: 'admin' },
  updateUnitAction: { page: 'courses/manage/[courseId]', as: 'admin' },
  deleteMaterialAction: { page: 'courses/manage/[courseId]', as: 'admin' },
  unenrolStudentAction: { page: 'courses/manage/[courseId]', as: 'admin' },
  enrolStudentAction: { page: 'courses/manage/[courseId]', as: 'admin' },
};

/** The page's URL with its dynamic segments filled in (an id nothing uses: the payloads must not find a row). */
const urlOf = (page: string) => `/${page.replace(/\[\w+\]/g, '00000000-0000-4000-8000-000000000000')}`;
/** The manifest's name of that page's bundle. */
const workerOf = (page: string) => `app/[locale]/${page ? `${page}/` : ''}page`;

/** What Next answers for an action it cannot find on the page it was posted to. */
const NOT_FOUND_BODY =
  /Server Action unavailable|Invalid Server Action request|Failed to find Server Action/i;

const MARKER = `hostile-${Date.now().toString(36)}`;
const STACK = /\bat [\w.<>]+ \(|node_modules|\.tsx?:\d+|"stack"\s*:/;

/**
 * The actions of useActionState forms, called as (previous state, form): the payloads go in the second argument,
 * after a null previous state, so they reach the action's validation instead of being ignored as the state.
 */
const AFTER_PREVIOUS_STATE = new Set([
  'lookupPersonAction',
  'erasePersonAction',
  'deleteOwnAccountAction',
  'submitEnquiryForm',
  'subscribeToNewsletterForm',
  'submitRegistrationForm',
  'signInForm',
  'signUpForm',
  'requestPasswordResetForm',
  'resendConfirmationForm',
  'resetPasswordForm',
  'createCourseForm',
]);

/**
 * Actions that only read: an admin's data-rights look-up of the payload's well-formed address is a valid request
 * (it finds nothing for this run's marker), so it may answer `ok: true`; every other answer is still checked.
 */
const READ_ONLY = new Set(['lookupPersonAction']);

/** A payload's argument list with a null previous state first (bodies that are not an argument list unchanged). */
function afterPreviousState(body: string): string {
  try {
    const args: unknown = JSON.parse(body);
    return Array.isArray(args) ? JSON.stringify([null, ...args]) : body;
  } catch {
    return body;
  }
}

/** The form name each public action checks its token against (tokens are bound to one form). */
const FORM_OF: Record<string, string> = {
  subscribeToNewsletter: 'newsletter',
  subscribeToNewsletterForm: 'newsletter',
  submitEnquiry: 'contact',
  submitEnquiryForm: 'contact',
  submitRegistration: 'registration',
  submitRegistrationForm: 'registration',
  signUp: 'sign-up',
  requestPasswordReset: 'password-reset',
  resendConfirmation: 'resend-confirmation',
  signUpForm: 'sign-up',
  requestPasswordResetForm: 'password-reset',
  resendConfirmationForm: 'resend-confirmation',
};

async function formToken(request: APIRequestContext, form: string): Promise<string> {
  const res = await request.get(`/api/form-token?form=${form}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

/** Hostile argument lists for an action (each is the JSON array of arguments React would send). */
function payloads(token: string): { label: string; body: string }[] {
  const email = `${MARKER}@example.org`;
  const huge = 'x'.repeat(200_000);
  const guard = { formToken: token, website_url: '', formLocale: 'en' };
  return [
    { label: 'not JSON', body: 'garbage' },
    { label: 'truncated JSON', body: '[{"email":' },
    { label: 'not an argument list', body: '{"email":"a@example.org"}' },
    { label: 'a dangling React reference', body: '["$@1"]' },
    { label: 'no arguments', body: '[]' },
    { label: 'a number', body: '[42]' },
    { label: 'a string', body: '["email=a@example.org"]' },
    { label: 'an array', body: JSON.stringify([[email]]) },
    {
      label: 'no token',
      body: JSON.stringify([{ email, name: 'Ada Lovelace', message: 'Hello there, friends.' }]),
    },
    {
      label: 'a forged token',
      body: JSON.stringify([{ ...guard, formToken: `${Date.now() - 60_000}.${'A'.repeat(43)}`, email }]),
    },
    {
      label: 'a filled honeypot',
      body: JSON.stringify([{ ...guard, website_url: 'http://spam.example', email }]),
    },
    {
      label: 'wrong types',
      body: JSON.stringify([
        {
          ...guard,
          email: { $ne: null },
          name: ['Ada'],
          message: 12,
          fullName: true,
          interests: 'all',
          enquiryId: 7,
        },
      ]),
    },
    {
      label: 'huge strings and arrays',
      body: JSON.stringify([
        {
          ...guard,
          email: `${huge}@example.org`,
          name: huge,
          message: huge,
          fullName: huge,
          interests: Array(10_000).fill('events'),
        },
      ]),
    },
    {
      label: 'markup and SQL',
      body: JSON.stringify([
        {
          ...guard,
          email: `${MARKER}'); drop table enquiries;--@example.org`,
          name: '<script>alert(1)</script>',
          message: "'; drop table enquiries; --",
          enquiryId: "' or 1=1 --",
        },
      ]),
    },
    {
      label: 'prototype keys',
      body: `[{"formToken":"${token}","__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}]`,
    },
    { label: 'over the size limit', body: JSON.stringify([{ ...guard, message: 'y'.repeat(1_200_000) }]) },
  ];
}

test.describe('hostile payloads', () => {
  test('every action of the manifest has a page that uses it, and no page is named for a gone action', () => {
    expect(
      [...AFTER_PREVIOUS_STATE].filter((name) => !PAGE_OF[name]),
      'unknown useActionState actions',
    ).toEqual([]);
    expect(actions.map((a) => a.name)).toContain('subscribeToNewsletter');
    const names = actions.map((a) => a.name);
    expect(
      names.filter((name) => !PAGE_OF[name]),
      'actions without a page in PAGE_OF',
    ).toEqual([]);
    expect(
      Object.keys(PAGE_OF).filter((name) => !names.includes(name)),
      'PAGE_OF names no action',
    ).toEqual([]);
    const elsewhere = actions.filter((a) => !a.workers.includes(workerOf(PAGE_OF[a.name]!.page)));
    expect(
      elsewhere.map((a) => `${a.name}: ${PAGE_OF[a.name]!.page} is not one of ${a.workers.join(', ')}`),
    ).toEqual([]);
  });

  test('every server action answers our own refusal, with no stack trace, and stores nothing @postgres', async ({
    request,
    page,
    signInAsAdmin,
  }, info) => {
    test.setTimeout(300_000);
    expect(actions.length).toBeGreaterThan(0);
    await signInAsAdmin();
    const tokens = new Map<string, string>();
    for (const form of new Set(Object.values(FORM_OF))) tokens.set(form, await formToken(request, form));
    // The tokens must be old enough to pass the fill-time check, so the payloads reach validation.
    await new Promise((resolve) => setTimeout(resolve, 3_200));
    for (const action of actions) {
      const { page: where, as } = PAGE_OF[action.name]!;
      const client = as === 'admin' ? page.request : request;
      for (const payload of payloads(tokens.get(FORM_OF[action.name] ?? 'contact')!)) {
        const { label } = payload;
        const body = AFTER_PREVIOUS_STATE.has(action.name) ? afterPreviousState(payload.body) : payload.body;
        const res = await client.post(urlOf(where), {
          headers: {
            'Next-Action': action.id,
            'Content-Type': 'text/plain;charset=UTF-8',
            Accept: 'text/x-component',
          },
          data: body,
          failOnStatusCode: false,
          maxRedirects: 0,
        });
        const text = await res.text();
        const about = `${action.name} (${as}) on ${urlOf(where)} with ${label}: HTTP ${res.status()} ${text.slice(0, 200)}`;
        expect(res.status(), about).toBeLessThan(500);
        expect(text, about).not.toMatch(STACK);
        expect(res.headers()['x-nextjs-action-not-found'], about).toBeUndefined();
        expect(text, about).not.toMatch(NOT_FOUND_BODY);
        // A redirect answer (the forms that work without JavaScript; Next says it in `x-action-redirect`, with
        // the target page's payload and status 200): only ever to a refusal, never to a done notice or a created
        // course; signed out, to the sign-in page or with 'unauthenticated'.
        const location =
          res.headers()['x-action-redirect'] ??
          (res.status() === 303 ? res.headers()['location'] : undefined);
        if (as === 'admin') {
          // Signed in: the guard let the payload through to validation (no refusal for being signed out).
          expect(location ?? '', about).not.toMatch(/error=unauthenticated|\/login\?next=/);
          expect(text, about).not.toMatch(/"error":"(unauthenticated|errorNotAuthenticated)"/);
        }
        if (location !== undefined) {
          // The data-rights request log answers in its own `?request=` notice (lib/data-rights/shared.ts).
          expect(location, about).toMatch(
            /[?&]error=[\w-]+|[?&]request=(invalid|not-open|server)\b|\/login\?next=/,
          );
          expect(location, about).not.toMatch(/[?&](done|created)=|[?&]request=(logged|closed)\b/);
        } else if (res.status() === 200 && READ_ONLY.has(action.name) && /"ok":true/.test(text)) {
          expect(text, about).toMatch(/"empty":true/);
        } else if (res.status() === 200 && /"status":"refused"/.test(text)) {
          // A no-JavaScript form action's refusal (lib/forms/form-state.ts): the form again, nothing stored.
          expect(text, about).toMatch(/"formError":"\w+"/);
        } else if (res.status() === 200) {
          expect(text, about).toMatch(/"ok":false/);
          const status = Number(/"status":(\d{3})/.exec(text)?.[1]);
          expect(status, about).toBeGreaterThanOrEqual(400);
          expect(status, about).toBeLessThan(500);
        } else {
          expect(res.status(), about).toBeGreaterThanOrEqual(400);
        }
      }
    }
    // The admin's session survived every payload (no action signed it out or deleted the account).
    const session = await page.request.get('/api/session');
    expect(await session.json()).toMatchObject({ signedIn: true });

    // On the PostgreSQL project the test can look: no row carries the marker of this run's payloads.
    const db = projectDatabase(info);
    if (db) {
      try {
        for (const table of ['newsletter_subscribers', 'enquiries', 'volunteers']) {
          const rows = await db.unsafe(`select count(*)::int as n from ${table} where email like $1`, [
            `%${MARKER}%`,
          ]);
          expect(rows[0]!.n, table).toBe(0);
        }
      } finally {
        await db.end();
      }
    }
  });

  test('every POST route handler answers 4xx, with no stack trace @postgres', async ({ request }) => {
    // (/api/revalidate answers 503 until REVALIDATE_SECRET is set; its signed-body checks are unit-tested.)
    const routes = ['/api/mailchimp/subscribe', '/api/assistant'];
    const bodies: { label: string; data: string; type: string }[] = [
      { label: 'not JSON', data: 'garbage', type: 'application/json' },
      { label: 'an empty object', data: '{}', type: 'application/json' },
      {
        label: 'wrong types',
        data: JSON.stringify({ email: { $ne: null }, message: 42, tags: 'x' }),
        type: 'application/json',
      },
      {
        label: 'markup',
        data: JSON.stringify({ email: '<script>@x', message: '' }),
        type: 'application/json',
      },
      { label: 'a form post', data: 'email=a%40example.org', type: 'application/x-www-form-urlencoded' },
      {
        label: 'huge',
        data: JSON.stringify({ email: `${MARKER}@example.org`, message: 'z'.repeat(2_000_000) }),
        type: 'application/json',
      },
    ];
    for (const route of routes) {
      for (const { label, data, type } of bodies) {
        const res = await request.post(route, {
          headers: { 'Content-Type': type },
          data,
          failOnStatusCode: false,
        });
        const text = await res.text();
        const where = `${route} with ${label}: HTTP ${res.status()} ${text.slice(0, 200)}`;
        expect(res.status(), where).toBeGreaterThanOrEqual(400);
        expect(res.status(), where).toBeLessThan(500);
        expect(text, where).not.toMatch(STACK);
      }
    }
  });
});
