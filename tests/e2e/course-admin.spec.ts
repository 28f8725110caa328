import type { Page } from '@playwright/test';

import { projectDatabase, uniqueEmail } from './database';
import { axeViolations, dismissCookieBanner, expect, test, useTheme, waitForHydration } from './fixtures';

/**
 * The admin course pages (issue 7 item 4; spec §2, §6, §7, §8): /courses/create (and its alias /course/create),
 * /courses/manage/{id} and /courses/test are checked on the server, so a signed-out visitor is sent to sign in
 * with `next`, and the materials handler answers 401. On the `postgres` project, whose database the test can
 * open, a signed-up user is confirmed there: as a non-admin they are turned away from the pages (→ /courses?denied=admin)
 * and get 403 from the handler; once given the admin role in user_roles they create a course (success toast, then
 * the manage page), edit it, add and reorder units, add a lesson, upload a material and publish it.
 */

const PASSWORD = 'a long enough password';
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

test.beforeEach(async ({ page }) => {
  await dismissCookieBanner(page);
});

test('signed out, every admin course page sends the visitor to sign in with next', async ({ page }) => {
  await page.goto('/courses/create');
  await expect(page).toHaveURL(/\/login\?next=%2Fcourses%2Fcreate$/);
  await expect(page.getByRole('button', { name: 'Create course' })).toHaveCount(0);

  await page.goto('/course/create');
  await expect(page).toHaveURL(/\/login\?next=%2Fcourses%2Fcreate$/);

  await page.goto('/es/courses/create');
  await expect(page).toHaveURL(/\/es\/login\?next=%2Fcourses%2Fcreate$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');

  await page.goto('/courses/test');
  await expect(page).toHaveURL(/\/login\?next=%2Fcourses%2Ftest$/);

  const id = '00000000-0000-4000-8000-000000000000';
  await page.goto(`/courses/manage/${id}`);
  await expect(page).toHaveURL(new RegExp(`/login\\?next=%2Fcourses%2Fmanage%2F${id}$`));
});

test('signed out, the pages answer with a redirect and the materials handler with 401', async ({
  request,
}) => {
  for (const path of ['/courses/create', '/fr/course/create', '/courses/test']) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(307);
    expect(await response.text(), path).not.toContain('Create course');
  }
  const upload = await request.post('/api/courses/materials', {
    multipart: {
      courseId: '00000000-0000-4000-8000-000000000000',
      file: { name: 'notes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') },
    },
  });
  expect(upload.status()).toBe(401);
  expect(await upload.json()).toEqual({ error: 'unauthenticated' });
});

/** POSTs a small file to the materials handler with the browser's own session (fetch from the page). */
async function uploadFromBrowser(page: Page, courseId: string, name = 'notes.pdf') {
  return page.evaluate(
    async ([id, filename]) => {
      const form = new FormData();
      form.set('courseId', id);
      form.set('file', new File(['%PDF-1.4'], filename, { type: 'application/pdf' }));
      const response = await fetch('/api/courses/materials', { method: 'POST', body: form });
      return { status: response.status, body: (await response.json()) as unknown };
    },
    [courseId, name] as const,
  );
}

async function signUpAndConfirm(page: Page, sql: NonNullable<ReturnType<typeof projectDatabase>>) {
  const email = uniqueEmail('course-admin');
  await page.goto('/login?mode=signup');
  await waitForHydration(page);
  await page.getByLabel('Full name').fill('Ada Admin');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/email-confirmation$/, { timeout: 20_000 });
  const [user] = await sql<{ id: string }[]>`
    update local_users set email_confirmed_at = now() where email = ${email} returning id`;
  expect(user?.id, 'the signed-up account').toBeTruthy();
  await page.goto('/login');
  await waitForHydration(page);
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('button', { name: /Account menu: Signed in as Ada Admin/ })).toBeVisible({
    timeout: 20_000,
  });
  return user!.id;
}

test('a non-admin is turned away and refused; an admin creates, edits and publishes a course', async ({
  page,
}, info) => {
  const sql = projectDatabase(info);
  if (!sql) {
    // The embedded database belongs to the server process: no account can be made an admin from here.
    const response = await page.request.get('/courses/create', { maxRedirects: 0 });
    expect(response.status()).toBe(307);
    return;
  }
  test.setTimeout(180_000);
  try {
    const userId = await signUpAndConfirm(page, sql);

    // Signed in, not an admin: the pages redirect to the course list's Access Denied, the handler says 403.
    // The course list shows the Access Denied toast, then drops `?denied=admin` from the address bar.
    await page.goto('/courses/create');
    await expect(page.getByText('Access Denied')).toBeVisible();
    await expect(page).toHaveURL(/\/courses(\?denied=admin)?$/);
    await page.goto('/courses/test');
    await expect(page.getByText('Access Denied')).toBeVisible();
    await expect(page).toHaveURL(/\/courses(\?denied=admin)?$/);
    expect(await uploadFromBrowser(page, '00000000-0000-4000-8000-000000000000')).toEqual({
      status: 403,
      body: { error: 'forbidden' },
    });

    await sql`insert into user_roles (user_id, role_name) values (${userId}, 'admin')`;

    // Create (spec §7 form, §8 success toast), then the manage page.
    await page.goto('/courses/create');
    await waitForHydration(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Create a course' })).toBeVisible();
    await expect(page.getByLabel('Certificate title')).toHaveValue('Certificate of Completion');
    await page.getByRole('button', { name: 'Create course' }).click();
    await expect(page.getByText('This field is required.')).toBeVisible();
    const title = `E2E course ${Date.now()}`;
    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByLabel('Description', { exact: true }).fill('A course made by the end-to-end test.');
    await page.getByLabel('Price (GBP)').fill('0');
    await page.getByRole('button', { name: 'Create course' }).click();
    await expect(page.getByText(new RegExp(`^Course created successfully with ID: ${UUID}$`))).toBeVisible({
      timeout: 20_000,
    });
    await expect(page).toHaveURL(new RegExp(`/courses/manage/${UUID}$`));
    const courseId = new RegExp(UUID).exec(page.url())![0];
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Manage: ${title}`);
    await expect(page.getByTestId('publish-state')).toHaveText('Draft: not visible to students.');

    // Edit.
    await page.getByLabel('Title', { exact: true }).fill(`${title} (edited)`);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByRole('status').getByText('Course details saved.')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Manage: ${title} (edited)`);

    // Two units, the second moved up; a lesson in one of them.
    const units = page.locator('#units');
    for (const unit of ['Getting started', 'Going further']) {
      await page.getByLabel('New unit title').fill(unit);
      await page.getByRole('button', { name: 'Add unit' }).click();
      await expect(page.getByRole('status').getByText('Unit added.')).toBeVisible();
      await expect(units.getByRole('heading', { level: 3, name: new RegExp(unit) })).toBeVisible();
    }
    await page.getByRole('button', { name: /^Move up ?: Going further$/ }).click();
    await expect(page.getByRole('status').getByText('Unit moved.')).toBeVisible();
    await expect(units.getByRole('heading', { level: 3 })).toHaveText([
      'Unit 1: Going further',
      'Unit 2: Getting started',
    ]);
    await expect(page.getByRole('button', { name: /^Move up ?: Going further$/ })).toBeDisabled();
    const addLesson = units.locator('details', { hasText: 'Add a lesson to Going further' });
    await addLesson.getByText('Add a lesson to Going further').click();
    await addLesson.getByLabel('Lesson title').fill('Why this matters');
    await addLesson.getByLabel('Lesson text').fill('First paragraph.\n\nSecond paragraph.');
    await addLesson.getByRole('button', { name: 'Add lesson' }).click();
    await expect(page.getByRole('status').getByText('Lesson added.')).toBeVisible();
    await expect(page.getByText('1. Why this matters')).toBeVisible();

    // A material through the upload form (multipart POST to the handler, then back here).
    await page.getByLabel('File', { exact: true }).setInputFiles({
      name: 'reading list.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4 test'),
    });
    await page.getByRole('button', { name: 'Upload' }).click();
    await expect(page.getByRole('status').getByText('File uploaded.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'reading-list.pdf' })).toHaveAttribute(
      'href',
      /^\/uploads\/\d{13}_reading-list\.pdf$/,
    );
    const wrongType = await uploadFromBrowser(page, courseId, 'notes.exe');
    expect(wrongType.status).toBe(415);

    // Publish.
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(page.getByRole('status').getByText('Publication status changed.')).toBeVisible();
    await expect(page.getByTestId('publish-state')).toHaveText('Published: visible on the course list.');
    const [row] = await sql<{ title: string; published: boolean }[]>`
      select title, published from courses where id = ${courseId}`;
    expect(row).toEqual({ title: `${title} (edited)`, published: true });
    expect(await axeViolations(page)).toEqual([]);

    // The test course (spec §9: price 25).
    await page.goto('/courses/test');
    await page.getByRole('button', { name: 'Create a test course' }).click();
    await expect(page.getByRole('status').getByText('Test course created.')).toBeVisible();
    await expect(page.getByTestId('test-course').filter({ hasText: '£25.00' }).first()).toBeVisible();
  } finally {
    await sql.end();
  }
});

for (const theme of ['light', 'dark'] as const) {
  test.describe(`axe WCAG 2.2 AA, ${theme} theme`, () => {
    test.beforeEach(async ({ page }) => useTheme(page, theme));

    // Scanned where a signed-out visitor ends up: the sign-in page with `next`.
    for (const path of ['/courses/create', '/es/course/create', '/courses/test']) {
      test(path, async ({ page }) => {
        await page.goto(path);
        await expect(page).toHaveURL(/\/login\?next=/);
        await waitForHydration(page);
        await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /\bdark\b/ : /\blight\b/);
        expect(await axeViolations(page)).toEqual([]);
      });
    }
  });
}
