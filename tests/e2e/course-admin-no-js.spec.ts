import type { Page } from '@playwright/test';

import { expect, test } from './fixtures';

/**
 * The course creation form without JavaScript: it posts to its server action, which validates with the same
 * schema, answers with translated field messages and keeps what was typed; a valid course is created and the
 * admin lands on its manage page with the 'created' message, as the scripted form does. Every form of the
 * manage page posts as well.
 */

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/** The method of every document request the page makes from now on that it did not reach by a redirect. */
function submissions(page: Page): string[] {
  const methods: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'document' && !request.redirectedFrom()) methods.push(request.method());
  });
  return methods;
}

test('D1: the course form without JavaScript posts, keeps the typed values on an error, then creates the course', async ({
  browser,
  adminStorageState,
}) => {
  test.setTimeout(90_000);
  // The admin's session (signed in once per worker, with JavaScript) in a context without it.
  const context = await browser.newContext({ javaScriptEnabled: false, storageState: adminStorageState });
  const page = await context.newPage();
  const methods = submissions(page);
  await page.goto('/fr/courses/create');
  const form = page.locator('form', { has: page.getByRole('button', { name: 'Créer le cours' }) });
  await expect(form).toHaveAttribute('method', /^post$/i);
  // The defaults are in the server HTML, not filled in by a script.
  await expect(page.getByLabel('Titre du certificat')).toHaveValue('Certificate of Completion');

  await page.getByLabel('Description', { exact: true }).fill('Typed before the error.');
  await page.getByLabel('Prix (GBP)').fill('-3');
  await page.getByRole('button', { name: 'Créer le cours' }).click();
  expect(methods.at(-1)).toBe('POST');
  await expect(page.getByText('Ce champ est obligatoire.')).toBeVisible();
  await expect(page.getByLabel('Description', { exact: true })).toHaveValue('Typed before the error.');
  await expect(page.getByLabel('Prix (GBP)')).toHaveValue('-3');
  await expect(page.getByLabel('Titre du certificat')).toHaveValue('Certificate of Completion');

  const title = `No-JS course ${Date.now()}`;
  await page.getByLabel('Titre', { exact: true }).fill(title);
  await page.getByLabel('Prix (GBP)').fill('0');
  await page.getByRole('button', { name: 'Créer le cours' }).click();
  await expect(page).toHaveURL(new RegExp(`/fr/courses/manage/${UUID}\\?done=create`), { timeout: 20_000 });
  expect(methods.at(-1)).toBe('POST');
  await expect(page.getByRole('status').filter({ hasText: 'Cours créé.' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(title);
  await expect(page.getByLabel('Description', { exact: true })).toHaveValue('Typed before the error.');

  // Every form of the manage page posts (server actions or the upload handler), none is a GET.
  const forms = page.locator('main form');
  const count = await forms.count();
  expect(count).toBeGreaterThan(3);
  for (let i = 0; i < count; i += 1) await expect(forms.nth(i)).toHaveAttribute('method', /^post$/i);
  await context.close();
});
