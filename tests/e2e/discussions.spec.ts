import { dismissCookieBanner, expect, test, waitForHydration } from './fixtures';

/**
 * The discussion pages (issue 7 §6, docs/SPEC-NOTES.md §2 route table): /community/new-discussion is public and says plainly
 * that the forum is not open, with the ways to raise a topic now; /admin/discussions is for admins only, checked
 * on the server, so a signed-out visitor is sent to sign in and brought back afterwards.
 */

test.beforeEach(async ({ page }) => {
  await dismissCookieBanner(page);
});

test('new discussion says the forum is not open and links to contact, the newsletter and Community', async ({
  page,
}) => {
  await page.goto('/community/new-discussion');
  await expect(page).toHaveTitle('Start a discussion | Leeds Racial Justice Network');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Start a discussion');
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(page.getByRole('heading', { level: 2, name: 'Discussions are not open yet' })).toBeVisible();
  await expect(page.locator('main form')).toHaveCount(0);
  const main = page.locator('main');
  await expect(main.getByRole('link', { name: 'Write to us through the contact page' })).toHaveAttribute(
    'href',
    '/contact',
  );
  await expect(main.getByRole('link', { name: 'Sign up to the newsletter' })).toHaveAttribute(
    'href',
    '/community#newsletter',
  );
  await expect(main.getByRole('link', { name: 'Back to the Community page' })).toHaveAttribute(
    'href',
    '/community',
  );
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'index, follow');

  // The newsletter link lands on the Community page's signup section.
  await waitForHydration(page);
  await main.getByRole('link', { name: 'Sign up to the newsletter' }).click();
  await expect(page).toHaveURL(/\/community#newsletter$/);
  await expect(page.locator('#newsletter')).toBeInViewport();
});

test('new discussion in French, with French links', async ({ page }) => {
  await page.goto('/fr/community/new-discussion');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Lancer une discussion');
  await expect(
    page.getByRole('heading', { level: 2, name: 'Les discussions ne sont pas encore ouvertes' }),
  ).toBeVisible();
  const main = page.locator('main');
  await expect(main.getByRole('link', { name: 'Écrivez-nous depuis la page de contact' })).toHaveAttribute(
    'href',
    '/fr/contact',
  );
  await expect(main.getByRole('link', { name: 'Abonnez-vous à la lettre d’information' })).toHaveAttribute(
    'href',
    '/fr/community#newsletter',
  );
  await expect(main.getByRole('link', { name: 'Retour à la page Communauté' })).toHaveAttribute(
    'href',
    '/fr/community',
  );
});

test('admin discussions sends a signed-out visitor to sign in, then back', async ({ page }) => {
  const response = await page.goto('/admin/discussions');
  await expect(page).toHaveURL(/\/login\?next=%2Fadmin%2Fdiscussions$/);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('How moderation will work')).toHaveCount(0);
});

test('admin discussions keeps the locale on the way to sign in', async ({ page }) => {
  await page.goto('/fr/admin/discussions');
  await expect(page).toHaveURL(/\/fr\/login\?next=%2Fadmin%2Fdiscussions$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
});

test('admin discussions answers a signed-out request with a redirect, not the page', async ({ request }) => {
  const response = await request.get('/admin/discussions', { maxRedirects: 0 });
  expect(response.status()).toBe(307);
  expect(response.headers()['location']).toMatch(/\/login\?next=%2Fadmin%2Fdiscussions$/);
  expect(await response.text()).not.toContain('How moderation will work');
});

// axe: /community/new-discussion is scanned in both themes by a11y.spec.ts, and where /admin/discussions sends a
// signed-out visitor (the sign-in page with `next`) by course-admin.spec.ts.
