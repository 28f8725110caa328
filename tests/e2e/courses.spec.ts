import { projectDatabase, uniqueEmail } from './database';
import { axeViolations, dismissCookieBanner, expect, test, useTheme, waitForHydration } from './fixtures';
import { signUpConfirmed } from './mailbox';

/**
 * The student side of the course platform (issue 7, docs/SPEC-NOTES.md §2 Courses, §6, §8): the published demo courses
 * (content/courses, seeded into a new embedded database), a course page with its outline and Course JSON-LD, the
 * Enrol island signed out, real 404s, the requireAdmin 'Access Denied' toast, protected pages sending to /login,
 * and axe in light and dark. The whole student path runs with no configuration: sign up → confirm through the
 * link in the mail folder → enrol in the demo introduction → complete every lesson → 100% → certificate PDF →
 * /verify/{id} → dashboard → sign out; on the `postgres` project the stored certificate is read back too.
 */

const UNLEARNING = {
  id: '7c1d0a52-3b8e-4f0e-9a61-0d5e2f8b1a01',
  title: 'Unlearning Racism: an introduction',
};
const CLIMATE = { id: '3f9a6c1e-82d4-4b7a-a0c3-5e1b9d2f4c01', title: 'Race and Climate Justice' };
const FACILITATING = {
  id: 'b24e7d90-5c1a-4e3f-8d2b-6a0f3c9e7d01',
  title: 'Facilitating Collective Conversations',
};
const DRAFT_ID = 'e8c3f5a2-1d6b-4a9e-b7f0-2c4d8e6a9b01';

test.beforeEach(async ({ page }) => {
  await dismissCookieBanner(page);
});

test('/courses lists the published demo courses with their prices, not the draft', async ({ page }) => {
  await page.goto('/courses');
  await expect(page.getByRole('heading', { level: 1, name: 'Courses' })).toBeVisible();
  const list = page.getByTestId('course-list');
  for (const course of [UNLEARNING, CLIMATE, FACILITATING]) {
    await expect(list.getByRole('link', { name: course.title })).toHaveAttribute(
      'href',
      `/courses/${course.id}`,
    );
  }
  await expect(list.locator(`a[href="/courses/${DRAFT_ID}"]`)).toHaveCount(0);
  const facilitating = list.locator('li').filter({ hasText: FACILITATING.title });
  await expect(facilitating).toContainText('£45');
  await expect(list.locator('li').filter({ hasText: UNLEARNING.title })).toContainText('Free');
});

test(
  'a course page shows its units, certificate and Course JSON-LD; signed out, Enrol goes to login',
  { tag: '@browser-only' },
  async ({ page }) => {
    await page.goto(`/courses/${UNLEARNING.id}`);
    await expect(page.getByRole('heading', { level: 1, name: UNLEARNING.title })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Course outline' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 3, name: /^Unit 1: / })).toBeVisible();
    await expect(page.getByTestId('course-price')).toHaveText('Free');
    await expect(page.getByText('Certificate of Completion: Unlearning Racism')).toBeVisible();

    const ld = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((t) =>
      JSON.parse(t),
    );
    const course = ld.find((d) => d['@type'] === 'Course');
    expect(course).toMatchObject({
      name: UNLEARNING.title,
      provider: { '@type': 'NGO', name: 'Leeds Racial Justice Network' },
      offers: { '@type': 'Offer', price: '0.00', priceCurrency: 'GBP' },
    });

    await waitForHydration(page);
    await expect(page.locator('[data-enrol-state="signed-out"]')).toBeAttached();
    await page.getByRole('link', { name: 'Sign in to enrol' }).click();
    await expect(page).toHaveURL(`/login?next=${encodeURIComponent(`/courses/${UNLEARNING.id}`)}`);
  },
);

test('a priced course says to contact us to enrol', { tag: '@browser-only' }, async ({ page }) => {
  await page.goto(`/courses/${FACILITATING.id}`);
  await expect(page.getByTestId('course-price')).toHaveText('£45');
  await waitForHydration(page);
  await expect(page.getByRole('link', { name: 'Contact us to enrol' })).toHaveAttribute('href', '/contact');
});

test('unknown, draft and malformed course ids and unknown certificates are real 404s @postgres', async ({
  page,
  request,
}) => {
  for (const path of [
    `/courses/${DRAFT_ID}`,
    '/courses/00000000-0000-4000-8000-000000000000',
    '/courses/not-an-id',
  ]) {
    expect((await request.get(path)).status(), path).toBe(404);
  }
  const response = await page.goto('/verify/not-a-real-id');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Certificate not found' })).toBeVisible();
  expect((await request.get('/verify/00000000-0000-4000-8000-000000000000')).status()).toBe(404);
});

test('requireAdmin refusals show their toast on /courses', { tag: '@browser-only' }, async ({ page }) => {
  await page.goto('/courses?denied=admin');
  await expect(page.getByText('Access Denied')).toBeVisible();
  await expect(page.getByText("You don't have permission to access this page")).toBeVisible();
  await expect(page).toHaveURL(/\/courses$/);

  await page.goto('/courses?denied=check');
  await expect(page.getByText('Failed to verify admin status. Please try again.')).toBeVisible();
});

test(
  'the dashboard and the learn screen send signed-out visitors to login; the PDF route answers 401',
  { tag: '@browser-only' },
  async ({ page, request }) => {
    await page.goto('/dashboard');
    await expect(page).toHaveURL('/login?next=%2Fdashboard');
    await page.goto(`/es/courses/${UNLEARNING.id}/learn`);
    await expect(page).toHaveURL(`/es/login?next=${encodeURIComponent(`/courses/${UNLEARNING.id}/learn`)}`);
    expect((await request.get(`/courses/${UNLEARNING.id}/certificate`)).status()).toBe(401);
  },
);

// /courses and a free course's page are scanned in both themes by a11y.spec.ts; here, the priced course's state.
for (const theme of ['light', 'dark'] as const) {
  test(`a priced course page has no axe violations (${theme})`, async ({ page }) => {
    await useTheme(page, theme);
    await page.goto(`/courses/${FACILITATING.id}`);
    await expect(page.getByTestId('course-price')).toHaveText('£45');
    await waitForHydration(page);
    expect(await axeViolations(page)).toEqual([]);
  });
}

test('sign up, confirm, enrol, complete every lesson, download and verify the certificate, sign out @postgres', async ({
  page,
}, info) => {
  test.setTimeout(180_000);
  // With no configuration: local accounts, the embedded database's demo course, the link from the mail folder.
  const email = uniqueEmail('courses-e2e');
  await signUpConfirmed(page, email, 'Grace Student', 'a long enough password');
  const coursePath = `/courses/${UNLEARNING.id}`;

  // Enrol.
  await page.goto(coursePath);
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Enrol for free' }).click();
  await expect(page).toHaveURL(`${coursePath}/learn`, { timeout: 20_000 });

  // Complete every lesson in the contents' order: Mark complete moves on to the next one.
  const contents = page.getByRole('navigation', { name: 'Course contents' });
  const lessons = await contents.getByRole('listitem').getByRole('link').all();
  const titles = await Promise.all(lessons.map((l) => l.textContent()));
  const hrefs = await Promise.all(lessons.map((l) => l.getAttribute('href')));
  expect(titles.length).toBeGreaterThanOrEqual(3);
  const bar = page.getByRole('progressbar', { name: 'Course progress' });
  await expect(bar).toHaveAttribute('aria-valuenow', '0');
  for (const [i, title] of titles.entries()) {
    await expect(page.getByRole('heading', { level: 2, name: title! })).toBeVisible();
    await expect(contents.getByRole('link', { name: title! })).toHaveAttribute('aria-current', 'page');
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Mark complete' }).click();
    if (i < titles.length - 1) await expect(page).toHaveURL(hrefs[i + 1]!);
    else await expect(page.getByText('You have completed this lesson.')).toBeVisible();
  }
  await expect(bar).toHaveAttribute('aria-valuenow', '100');

  // The certificate: a PDF for this user, and its public verification page.
  const download = page.getByRole('link', { name: 'Download certificate' });
  const pdf = await page.request.get((await download.getAttribute('href'))!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await page.getByRole('link', { name: 'Check your certificate online' }).click();
  await expect(page).toHaveURL(/\/verify\/[0-9a-f-]{36}$/);
  const certificateId = /[0-9a-f-]{36}$/.exec(page.url())![0];
  const genuine = page.getByTestId('certificate-genuine');
  await expect(genuine.getByRole('heading', { name: 'This certificate is genuine' })).toBeVisible();
  await expect(genuine).toContainText('Grace Student');
  await expect(genuine).toContainText(UNLEARNING.title);

  // The dashboard shows the course at 100% with the certificate.
  await page.goto('/dashboard');
  const item = page.getByTestId('my-courses').locator('li').filter({ hasText: UNLEARNING.title });
  await expect(item.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  await expect(item.getByRole('link', { name: 'Download certificate' })).toBeVisible();
  await expect(item.getByRole('link', { name: 'Verification page' })).toBeVisible();

  const sql = projectDatabase(info);
  if (sql) {
    try {
      const rows = await sql<{ email: string; progress: number; status: string; method: string }[]>`
        select u.email, p.progress, e.status, e.payment_method as method from course_certificates c
        join local_users u on u.id = c.user_id
        join user_course_progress p on p.user_id = c.user_id and p.course_id = c.course_id
        join course_enrollments e on e.user_id = c.user_id and e.course_id = c.course_id
        where c.id = ${certificateId}`;
      expect(rows).toEqual([{ email, progress: 100, status: 'active', method: 'free' }]);
    } finally {
      await sql.end();
    }
  }

  // Sign out: back home, and the certificate stays verifiable by anyone.
  await waitForHydration(page);
  await page.getByRole('button', { name: /Account menu: Signed in as Grace Student/ }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/, { timeout: 20_000 });
  await page.goto(`/verify/${certificateId}`);
  await expect(page.getByTestId('certificate-genuine')).toContainText('Grace Student');
});
