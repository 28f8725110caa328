import { readFile } from 'node:fs/promises';

import type { Browser, Page, TestInfo } from '@playwright/test';

import { projectDatabase, uniqueEmail } from './database';
import { dismissCookieBanner, expect, test, waitForHydration } from './fixtures';
import { grantAdminByCommand, signInOrSignUp, signUpConfirmed } from './mailbox';

/**
 * The course wing of the back office (back-office review 2026-12-01 D2, D3, D19): an admin uploads a real PDF with
 * an accented name to a lesson; a student who enrols sees it on that lesson's page (name, type, size) and downloads
 * it through /uploads (the same bytes, as application/pdf, saved under its own name), while the signed out get
 * nothing; and an admin reaches the seeded draft course from /admin/courses, its manage page and its course page,
 * which is a 404 for everyone else.
 */

const PASSWORD = 'a long enough password';
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const DRAFT = {
  id: 'e8c3f5a2-1d6b-4a9e-b7f0-2c4d8e6a9b01',
  title: 'Building Anti-Racist Organisations (draft)',
};
const MATERIAL_NAME = 'Session-plan-Unicode-é.pdf';

/** A small but real PDF (one page saying "Session plan"), with a correct cross-reference table. */
function realPdf(): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 144] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    '<< /Length 44 >>\nstream\nBT /F1 18 Tf 36 72 Td (Session plan) Tj ET\nendstream',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** Signs `page` in as an admin: on the postgres project a new account granted by the command, else ADMIN_EMAILS'. */
async function signInAsAdmin(page: Page, info: TestInfo): Promise<void> {
  const sql = projectDatabase(info);
  try {
    if (sql) {
      const email = uniqueEmail('course-bo-admin');
      await signUpConfirmed(page, email, 'Ada Admin', PASSWORD);
      expect(await grantAdminByCommand(email, process.env.TEST_DATABASE_URL!)).toContain(
        `${email} is now an admin`,
      );
    } else {
      await signInOrSignUp(page, process.env.E2E_ADMIN_EMAIL!, 'Ada Admin', PASSWORD);
    }
  } finally {
    await sql?.end();
  }
}

async function newPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await dismissCookieBanner(page);
  return page;
}

// One after the other: on a new database both tests would sign up the ADMIN_EMAILS admin at once, and the second
// sign-up voids the first one's confirmation link (/login?error=link).
test.describe.configure({ mode: 'serial' });

test.beforeEach(async ({ page }) => {
  await dismissCookieBanner(page);
});

test("a student sees the lesson's material and downloads it @postgres", async ({
  page,
  browser,
  request,
}, info) => {
  test.setTimeout(180_000);
  const pdf = realPdf();
  await signInAsAdmin(page, info);

  // The admin makes a free published course with one lesson and attaches the PDF to it.
  await page.goto('/courses/create');
  await waitForHydration(page);
  const title = `Materials course ${Date.now()}`;
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel('Description', { exact: true }).fill('A course with a session plan.');
  await page.getByLabel('Price (GBP)').fill('0');
  await page.getByLabel('Published (shown on the course list)').check();
  await page.getByRole('button', { name: 'Create course' }).click();
  await expect(page).toHaveURL(new RegExp(`/courses/manage/${UUID}`), { timeout: 20_000 });
  const courseId = new RegExp(UUID).exec(page.url())![0];
  await page.getByLabel('New unit title').fill('Planning');
  await page.getByRole('button', { name: 'Add unit' }).click();
  await expect(page.getByRole('status').getByText('Unit added.')).toBeVisible();
  const addLesson = page.locator('#units details', { hasText: 'Add a lesson to Planning' });
  await addLesson.getByText('Add a lesson to Planning').click();
  await addLesson.getByLabel('Lesson title').fill('The session plan');
  await addLesson.getByLabel('Lesson text').fill('Read the plan before the session.');
  await addLesson.getByRole('button', { name: 'Add lesson' }).click();
  await expect(page.getByRole('status').getByText('Lesson added.')).toBeVisible();

  // An HTML page renamed .pdf is refused with a translated message (D19: content, not the extension).
  await page.getByLabel('File', { exact: true }).setInputFiles({
    name: 'fake.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('<!doctype html><title>x</title><script>alert(1)</script>'),
  });
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(
    page.getByRole('status').getByText(/^The file was not uploaded: its content does not match/),
  ).toBeVisible();

  await page.getByLabel('File', { exact: true }).setInputFiles({
    name: MATERIAL_NAME,
    mimeType: 'application/pdf',
    buffer: pdf,
  });
  await page
    .getByLabel('Attach to a lesson (optional)')
    .selectOption({ label: 'Planning: The session plan' });
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(page.getByRole('status').getByText('File uploaded.')).toBeVisible();
  const managed = page.getByTestId('manage-materials');
  await expect(managed.getByRole('link', { name: MATERIAL_NAME })).toBeVisible();
  await expect(managed).toContainText('For: Planning: The session plan');

  // The student signs up, enrols and opens the lesson: the material is there with its type and size.
  const student = await newPage(browser);
  await signUpConfirmed(student, uniqueEmail('course-bo-student'), 'Sam Student', PASSWORD);
  await student.goto(`/courses/${courseId}`);
  await waitForHydration(student);
  await student.getByRole('button', { name: 'Enrol for free' }).click();
  await expect(student).toHaveURL(new RegExp(`/courses/${courseId}/learn`), { timeout: 20_000 });
  const materials = student.getByTestId('lesson-materials');
  const link = materials.getByRole('link', { name: `Download ${MATERIAL_NAME}` });
  await expect(link).toBeVisible();
  expect(pdf.length).toBeLessThan(1000);
  await expect(materials).toContainText(`PDF, ${pdf.length} bytes`);
  const href = await link.getAttribute('href');
  expect(href).toMatch(/^\/uploads\/\d{13}_Session-plan-Unicode-e\.pdf$/);

  // The download: the same bytes, saved under the accented name (Content-Disposition filename*).
  const [download] = await Promise.all([student.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toBe(MATERIAL_NAME);
  expect(Buffer.compare(await readFile((await download.path())!), pdf)).toBe(0);
  const response = await student.request.get(href!);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('application/pdf');
  expect(response.headers()['cache-control']).toBe('private, no-store');
  expect(Buffer.compare(await response.body(), pdf)).toBe(0);

  // Signed out: no link on the course page, and the route refuses.
  expect((await request.get(href!)).status()).toBe(401);
  const anonymous = await newPage(browser);
  await anonymous.goto(`/courses/${courseId}`);
  await waitForHydration(anonymous);
  await expect(anonymous.locator('[data-enrol-state="signed-out"]')).toBeAttached();
  await expect(anonymous.locator(`a[href="${href}"]`)).toHaveCount(0);
  await expect(anonymous.getByTestId('course-materials')).toHaveCount(0);
});

test('an admin reaches a draft course from the back office @postgres', async ({ page, request }, info) => {
  test.setTimeout(120_000);
  // For everyone else the draft does not exist.
  expect((await request.get(`/courses/${DRAFT.id}`)).status()).toBe(404);

  await signInAsAdmin(page, info);
  // The catalogue leads an admin to the back office's list.
  await page.goto('/courses');
  await waitForHydration(page);
  await page.getByTestId('admin-courses-link').click();
  await expect(page).toHaveURL(/\/admin\/courses$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Courses' })).toBeVisible();
  const list = page.getByTestId('admin-courses');
  const row = list.locator('tr', { hasText: DRAFT.title });
  await expect(row).toContainText('Draft');

  // Filtered to drafts: the published demo courses go.
  await page.getByLabel('Status').selectOption('draft');
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page).toHaveURL(/status=draft/);
  await expect(list.locator('tr', { hasText: DRAFT.title })).toBeVisible();
  await expect(list.locator('tr', { hasText: 'Unlearning Racism: an introduction' })).toHaveCount(0);

  // Its title opens the manage page; from there, the draft's own page, which the admin may see.
  await list.getByRole('link', { name: DRAFT.title, exact: true }).click();
  await expect(page).toHaveURL(`/courses/manage/${DRAFT.id}`);
  await expect(page.getByTestId('publish-state')).toHaveText('Draft: not visible to students.');
  await page.getByRole('link', { name: 'Preview the course page' }).click();
  await expect(page).toHaveURL(`/courses/${DRAFT.id}`);
  await expect(page.getByRole('heading', { level: 1, name: DRAFT.title })).toBeVisible();
  await expect(page.getByTestId('draft-notice')).toBeVisible();
  await waitForHydration(page);
  await page.getByTestId('manage-course').click();
  await expect(page).toHaveURL(`/courses/manage/${DRAFT.id}`);
  // Still a 404 for the signed out.
  expect((await request.get(`/courses/${DRAFT.id}`)).status()).toBe(404);
});
