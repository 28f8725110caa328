import type { Page } from '@playwright/test';

import { projectDatabase, uniqueEmail } from './database';
import { axeViolations, dismissCookieBanner, expect, test, useTheme, waitForHydration } from './fixtures';
import { grantAdminByCommand, signInOrSignUp, signUpConfirmed } from './mailbox';

/**
 * The admin course pages (issue 7 item 4; docs/SPEC-NOTES.md §2, §6, §7, §8): /courses/create (and its alias /course/create),
 * /courses/manage/{id} and /courses/test are checked on the server, so a signed-out visitor is sent to sign in
 * with `next`, and the materials handler answers 401. A user who signed up and confirmed through the mailed link
 * is, as a non-admin, turned away from the pages (→ /courses?denied=admin) and gets 403 from the handler; as an
 * admin (on the `postgres` project granted by `npm run user:admin`, on the embedded default through
 * ADMIN_EMAILS) they create a course (success toast, then the manage page), edit it, add and reorder units, add a
 * lesson and move it to another unit, upload a material, enrol a student by email and publish it.
 */

const PASSWORD = 'a long enough password';
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

test.beforeEach(async ({ page }) => {
  await dismissCookieBanner(page);
});

test(
  'signed out, every admin course page sends the visitor to sign in with next',
  { tag: '@browser-only' },
  async ({ page }) => {
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
  },
);

test(
  'signed out, the pages answer with a redirect and the materials handler with 401',
  { tag: '@browser-only' },
  async ({ request }) => {
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
  },
);

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

test('a non-admin is turned away and refused; an admin creates, edits and publishes a course @postgres', async ({
  page,
}, info) => {
  test.setTimeout(180_000);
  const sql = projectDatabase(info);
  try {
    const email = uniqueEmail('course-admin');
    await signUpConfirmed(page, email, 'Ada Admin', PASSWORD);

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

    if (sql) {
      // The operator's command grants the role (a user_roles row) on the database the server uses.
      expect(await grantAdminByCommand(email, process.env.TEST_DATABASE_URL!)).toContain(
        `${email} is now an admin`,
      );
    } else {
      // The embedded PGlite belongs to the server process, so the command cannot run beside it: there the
      // admin is an address in ADMIN_EMAILS (playwright.config.ts gives server 3100 one per run).
      await page.context().clearCookies();
      await signInOrSignUp(page, process.env.E2E_ADMIN_EMAIL!, 'Ada Admin', PASSWORD);
    }

    // Create (docs/SPEC-NOTES.md §7 form, §8 success toast), then the manage page.
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
    await expect(page).toHaveURL(new RegExp(`/courses/manage/${UUID}$`), { timeout: 20_000 });
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

    // Move the lesson to the other unit (a form per lesson; works without JavaScript).
    const moveTo = page.getByLabel(/^Move to unit ?: Why this matters$/);
    await expect(moveTo.locator('option')).toHaveText(['Unit 2: Getting started']);
    await moveTo.selectOption({ label: 'Unit 2: Getting started' });
    await page.getByRole('button', { name: /^Move ?: Why this matters$/ }).click();
    await expect(page.getByRole('status').getByText('Lesson moved to another unit.')).toBeVisible();
    await expect(page).toHaveURL(/\?done=moveLessonToUnit#lesson-/);
    const unitItem = (name: string) =>
      units.locator(':scope > ol > li', {
        has: page.getByRole('heading', { level: 3, name: new RegExp(name) }),
      });
    await expect(unitItem('Getting started').getByText('1. Why this matters')).toBeVisible();
    await expect(unitItem('Going further').getByText('No lessons in this unit yet.')).toBeVisible();

    // A material through the upload form (multipart POST to the handler, then back here).
    await page.getByLabel('File', { exact: true }).setInputFiles({
      name: 'reading list.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4 test'),
    });
    await page.getByRole('button', { name: 'Upload' }).click();
    await expect(page.getByRole('status').getByText('File uploaded.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'reading list.pdf' })).toHaveAttribute(
      'href',
      /^\/uploads\/\d{13}_reading-list\.pdf$/,
    );
    const wrongType = await uploadFromBrowser(page, courseId, 'notes.exe');
    expect(wrongType.status).toBe(415);

    // Enrol a student by email (the account made above): payments are not taken online.
    await page.getByLabel("Student's email address").fill(email.toUpperCase());
    await page.getByRole('button', { name: 'Enrol student' }).click();
    await expect(page.getByRole('status').getByText('Student enrolled.')).toBeVisible();
    await page.getByLabel("Student's email address").fill('nobody-here@example.org');
    await page.getByRole('button', { name: 'Enrol student' }).click();
    await expect(page.getByRole('status').getByText(/^No account uses that email address/)).toBeVisible();

    // Publish.
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(page.getByRole('status').getByText('Publication status changed.')).toBeVisible();
    await expect(page.getByTestId('publish-state')).toHaveText('Published: visible on the course list.');
    if (sql) {
      const [row] = await sql<{ title: string; published: boolean }[]>`
        select title, published from courses where id = ${courseId}`;
      expect(row).toEqual({ title: `${title} (edited)`, published: true });
    }
    expect(await axeViolations(page)).toEqual([]);

    // The test course (docs/SPEC-NOTES.md §9: price 25).
    await page.goto('/courses/test');
    await page.getByRole('button', { name: 'Create a test course' }).click();
    await expect(page.getByRole('status').getByText('Test course created.')).toBeVisible();
    await expect(page.getByTestId('test-course').filter({ hasText: '£25' }).first()).toBeVisible();
    await page.goto('/courses');
    await expect(
      page.getByTestId('course-list').getByRole('link', { name: `${title} (edited)`, exact: true }),
    ).toHaveAttribute('href', `/courses/${courseId}`);
  } finally {
    await sql?.end();
  }
});

for (const theme of ['light', 'dark'] as const) {
  test.describe(`axe WCAG 2.2 AA, ${theme} theme`, () => {
    test.beforeEach(async ({ page }) => useTheme(page, theme));

    // Scanned where a signed-out visitor ends up: the sign-in page with `next` (one path: every admin page, here
    // and /admin/discussions, redirects to that same state, tested above and in discussions.spec.ts).
    for (const path of ['/courses/create']) {
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
