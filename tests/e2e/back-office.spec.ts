import { readFile } from 'node:fs/promises';

import type { Page } from '@playwright/test';

import { uniqueEmail } from './database';
import { axeViolationsInBothThemes, dismissCookieBanner, expect, test, waitForHydration } from './fixtures';
import { signUpConfirmed } from './mailbox';

/**
 * The back office's lists (issue 17 items 3-6, 8) in a real browser on the embedded defaults: signed out, every
 * page sends the visitor to sign in with `next` and every export answers 401; a signed-in student gets the 403
 * page and 403 from the exports; the admin (ADMIN_EMAILS, playwright.config.ts) sees a registration and a
 * newsletter signup made through the public forms, changes the registration's status, downloads the CSVs (human
 * headers in the admin's language, UK times, a +44-style phone intact), searches and filters the lists, opens a
 * person's record from them, works on ticked rows (status, resync, download), confirms before a destructive click,
 * and scans every page with axe in both themes.
 */

const PASSWORD = 'a long enough password';
const PAGES = ['/admin/network', '/admin/newsletter', '/admin/outbox', '/admin/logs'];

// One admin account shared by the tests (signInAsAdmin, tests/e2e/fixtures.ts): made once, then signed in to.
test.describe.configure({ mode: 'serial' });

test.beforeEach(async ({ page }) => {
  await dismissCookieBanner(page);
});

test('signed out: the pages send to sign in with next, the exports answer 401', async ({ page, request }) => {
  for (const path of PAGES) {
    await page.goto(path);
    await expect(page).toHaveURL(new RegExp(`/login\\?next=${encodeURIComponent(path)}$`));
  }
  await page.goto('/fr/admin/network');
  await expect(page).toHaveURL(/\/fr\/login\?next=%2Fadmin%2Fnetwork$/);
  for (const path of [
    '/api/admin/network/export',
    '/api/admin/newsletter/export',
    '/api/courses/00000000-0000-4000-8000-000000000000/students',
  ]) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(401);
    expect(res.headers()['cache-control']).toContain('no-store');
  }
});

/** A network registration through the community page's form (the location lookup answered locally). */
async function register(page: Page, name: string, email: string) {
  await page.route('**/api/geo', (route) =>
    route.fulfill({ json: { country: 'GB', city: 'Leeds' }, headers: { 'cache-control': 'no-store' } }),
  );
  await page.goto('/community');
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Register for free' }).click();
  const dialog = page.getByRole('dialog', { name: 'Network Registration' });
  await expect(dialog.getByLabel('City')).toHaveValue('Leeds');
  await dialog.getByLabel('Full name').fill(name);
  await dialog.getByLabel('Email address').fill(email);
  await dialog.getByLabel('Phone number').fill('0113 496 0456');
  await dialog.getByRole('radio', { name: 'Individual' }).check();
  await dialog.getByRole('checkbox', { name: 'Climate justice' }).check();
  await dialog.getByRole('checkbox', { name: 'Evenings' }).check();
  await dialog.getByRole('radio', { name: 'Intermediate' }).check();
  await dialog.getByRole('button', { name: 'Submit Registration' }).click();
  await expect(page.getByText('Registration Successful!')).toBeVisible({ timeout: 15_000 });
}

test('a student is refused; the admin lists, updates and exports', async ({
  page,
  baseURL,
  signInAsAdmin,
}) => {
  test.setTimeout(180_000);
  const student = uniqueEmail('back-office-student');
  await signUpConfirmed(page, student, 'Sam Student', PASSWORD);
  for (const path of PAGES) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(403);
    await expect(page.getByRole('heading', { level: 1, name: 'Access denied' })).toBeVisible();
  }
  for (const path of ['/api/admin/network/export', '/api/admin/newsletter/export']) {
    expect((await page.request.get(path)).status(), path).toBe(403);
  }

  const volunteerName = `Vera ${Date.now().toString(36)}`;
  const volunteerEmail = uniqueEmail('back-office-volunteer');
  await page.context().clearCookies();
  await dismissCookieBanner(page);
  await register(page, volunteerName, volunteerEmail);
  const subscriber = uniqueEmail('back-office-reader');
  const signup = await page.request.post('/api/mailchimp/subscribe', {
    headers: { origin: baseURL! },
    data: { email: subscriber },
  });
  expect(await signup.json()).toEqual({ success: true });

  await signInAsAdmin();
  await page.goto('/admin/network?interest=climate-justice');
  const row = page.getByRole('row', { name: new RegExp(volunteerName) });
  await expect(row).toContainText(volunteerEmail);
  await expect(row).toContainText('Leeds');
  await row.getByLabel(`Status of ${volunteerName}`).selectOption('welcomed');
  await row.getByRole('button', { name: new RegExp(`^Save\\s*: ${volunteerName}$`) }).click();
  await expect(page.getByRole('status')).toContainText('Status saved.');
  await expect(page).toHaveURL(/\/admin\/network\?interest=climate-justice&done=statusSaved$/);
  await expect(page.getByLabel(`Status of ${volunteerName}`)).toHaveValue('welcomed');

  const csv = await page.request.get('/api/admin/network/export?status=welcomed');
  expect(csv.status()).toBe(200);
  expect(csv.headers()['cache-control']).toBe('private, no-store');
  expect(csv.headers()['content-disposition']).toMatch(
    /^attachment; filename="network-members-\d{4}-\d{2}-\d{2}\.csv"/,
  );
  // The file starts with a UTF-8 BOM (so Excel reads accents); the header row follows it.
  const text = (await csv.text()).replace(/^\uFEFF/, '');
  expect(text.split('\r\n')[0]).toBe(
    '"Registered (UK time)","Status","Name","Email","Phone","Membership","Organisation","Interests","Availability","Experience","Skills","Country","City","Language","Reference"',
  );
  expect(text).toMatch(
    new RegExp(
      `"\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}","Welcomed","${volunteerName}","${volunteerEmail}","0113 496 0456","Individual member"`,
    ),
  );
  expect(text).toContain('"Climate justice","Evenings","Intermediate"');
  // In Spanish: headers, values and the country.
  const spanish = await (
    await page.request.get('/api/admin/network/export?status=welcomed&locale=es')
  ).text();
  expect(spanish.split('\r\n')[0]).toContain('"Registro (hora del Reino Unido)","Estado","Nombre"');
  expect(spanish).toContain('"Justicia climática","Por las tardes","Intermedio"');
  expect(spanish).toContain('"Reino Unido","Leeds"');

  await page.goto('/admin/newsletter?status=pending');
  await expect(page.getByRole('row', { name: new RegExp(subscriber) })).toContainText(
    'Pending (not confirmed)',
  );
  const subscribers = await (await page.request.get('/api/admin/newsletter/export')).text();
  expect(subscribers).toContain(`"${subscriber}","Pending (not confirmed)"`);
  expect(subscribers).toContain('"Subscribe API"');

  await page.goto('/es/admin/outbox');
  await expect(page.getByRole('heading', { level: 1, name: 'Envíos' })).toBeVisible();
  await page.goto('/admin/logs');
  await expect(page.getByRole('heading', { level: 2, name: /Blocked requests/ })).toBeVisible();
});

test('network: search, filters kept, person links, bulk status and a selection download', async ({
  page,
  signInAsAdmin,
}) => {
  test.setTimeout(180_000);
  const stem = `Nia${Date.now().toString(36)}`;
  const first = { name: `${stem} Alpha`, email: uniqueEmail('bulk-alpha') };
  const second = { name: `${stem} Beta`, email: uniqueEmail('bulk-beta') };
  await page.context().clearCookies();
  await dismissCookieBanner(page);
  await register(page, first.name, first.email);
  await register(page, second.name, second.email);

  await signInAsAdmin();
  await page.goto('/admin/network');
  const filters = page.getByRole('search', { name: 'Filter the network registrations' });
  await filters
    .getByRole('searchbox', { name: 'Search by name, email or organisation' })
    .fill(stem.toLowerCase());
  await filters.getByLabel('Country').selectOption({ label: 'United Kingdom' });
  await filters.getByRole('searchbox').press('Enter');
  await expect(page).toHaveURL(new RegExp(`/admin/network\\?q=${stem.toLowerCase()}&country=`));
  const table = page.getByRole('region', { name: 'Network registrations' });
  await expect(table.getByRole('row')).toHaveCount(3); // the header and the two
  await expect(page.getByText('1–2 of 2')).toBeVisible();
  // Each name opens the person's record.
  await expect(table.getByRole('link', { name: first.name })).toHaveAttribute(
    'href',
    /\/admin\/people\/member-[0-9a-f-]{36}$/,
  );

  // Set status with nothing ticked: refused with a message, nothing changed.
  const bulk = page.getByRole('form', { name: 'With the selected rows' });
  await bulk.getByRole('button', { name: 'Set status' }).click();
  // Not the route announcer, which is an alert too.
  await expect(
    page.getByRole('alert').filter({ hasText: 'Tick at least one row in the list first.' }),
  ).toBeVisible();

  // Both ticked → Active, the search kept.
  await page.getByRole('checkbox', { name: `Select ${first.name}` }).check();
  await page.getByRole('checkbox', { name: `Select ${second.name}` }).check();
  await bulk.getByLabel('New status').selectOption('active');
  await bulk.getByRole('button', { name: 'Set status' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Status saved for the selected registrations.' }),
  ).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`q=${stem.toLowerCase()}.*done=statusesSaved`));
  await expect(page.getByLabel(`Status of ${first.name}`)).toHaveValue('active');
  await expect(page.getByLabel(`Status of ${second.name}`)).toHaveValue('active');

  // Only the ticked row is downloaded, named after what it holds, with human headers.
  await page.getByRole('checkbox', { name: `Select ${second.name}` }).check();
  const download = page.waitForEvent('download');
  await bulk.getByRole('button', { name: 'Download the selection as CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^network-members-selection-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await readFile((await file.path())!, 'utf8');
  expect(text).toContain('"Registered (UK time)","Status","Name","Email","Phone"');
  expect(text).toContain(`"Active","${second.name}","${second.email}","0113 496 0456"`);
  expect(text).not.toContain(first.email);

  // Clear filters goes back to the whole list.
  await page.getByRole('link', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL(/\/admin\/network$/);
});

test('newsletter: search by address, confirmed unsubscribe, resync and a selection download', async ({
  page,
  baseURL,
  signInAsAdmin,
}) => {
  test.setTimeout(120_000);
  const stem = `reader-${Date.now().toString(36)}`;
  const keep = `${stem}-keep@example.org`;
  const leave = `${stem}-leave@example.org`;
  for (const email of [keep, leave]) {
    const signup = await page.request.post('/api/mailchimp/subscribe', {
      headers: { origin: baseURL! },
      data: { email },
    });
    expect(await signup.json()).toEqual({ success: true });
  }
  await signInAsAdmin();
  await page.goto('/admin/newsletter');
  const filters = page.getByRole('search', { name: 'Filter the newsletter subscribers' });
  await filters.getByRole('searchbox', { name: 'Search by email address' }).fill(stem.toUpperCase());
  await filters.getByRole('button', { name: 'Apply filters' }).click();
  const table = page.getByRole('region', { name: 'Newsletter subscribers' });
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table.getByRole('link', { name: keep })).toHaveAttribute(
    'href',
    /\/admin\/people\/subscriber-[0-9a-f-]{36}$/,
  );
  await expect(table.getByRole('row', { name: new RegExp(keep) })).toContainText('Subscribe API');

  // Unsubscribe asks first: Cancel sends nothing; OK unsubscribes (a pending row is deleted).
  const row = table.getByRole('row', { name: new RegExp(leave) });
  page.once('dialog', (dialog) => {
    expect(dialog.message()).toContain(leave);
    void dialog.dismiss();
  });
  await row.getByRole('button', { name: /^Unsubscribe\s*:/ }).click();
  await expect(row).toBeVisible();
  await expect(page).not.toHaveURL(/done=/);
  page.once('dialog', (dialog) => void dialog.accept());
  await row.getByRole('button', { name: /^Unsubscribe\s*:/ }).click();
  await expect(page).toHaveURL(/done=unsubscribed/);
  await expect(table.getByRole('row', { name: new RegExp(leave) })).toHaveCount(0);
  await expect(page.getByRole('searchbox', { name: 'Search by email address' })).toHaveValue(
    stem.toUpperCase(),
  );

  // The selection: resync (a pending subscriber has nothing to send), then download it in Portuguese.
  await page.getByRole('checkbox', { name: `Select ${keep}` }).check();
  const bulk = page.getByRole('form', { name: 'With the selected rows' });
  await bulk.getByRole('button', { name: 'Resync the selection' }).click();
  await expect(page).toHaveURL(/done=resyncedSelection/);
  await page.goto(`/pt/admin/newsletter?q=${stem}`);
  await page.getByRole('checkbox', { name: `Selecionar ${keep}` }).check();
  const download = page.waitForEvent('download');
  await page
    .getByRole('form', { name: 'Com as linhas selecionadas' })
    .getByRole('button', { name: 'Descarregar a seleção em CSV' })
    .click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^newsletter-subscribers-selection-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await readFile((await file.path())!, 'utf8');
  expect(text).toContain('"Email","Estado","Subscrição (hora do Reino Unido)"');
  expect(text).toContain(`"${keep}","Pendente (não confirmado)"`);
});

test('deliveries: filters by section, kind and text', async ({ page, signInAsAdmin }) => {
  await signInAsAdmin();
  await page.goto('/admin/outbox?status=failed&kind=volunteer.followup&q=nobody-at-all');
  const filters = page.getByRole('search', { name: 'Filter the deliveries' });
  await expect(filters.getByLabel('Show')).toHaveValue('failed');
  await expect(filters.getByRole('searchbox', { name: 'Search by person, email or error' })).toHaveValue(
    'nobody-at-all',
  );
  await expect(page.getByRole('heading', { level: 2, name: /Given up \(0\)/ })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: /Waiting to be sent/ })).toHaveCount(0);
  await page.getByRole('link', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL(/\/admin\/outbox$/);
  await expect(page.getByRole('heading', { level: 2, name: /Waiting to be sent/ })).toBeVisible();
});

test('axe WCAG 2.2 AA on every back-office page, light and dark themes', async ({ page, signInAsAdmin }) => {
  test.setTimeout(120_000);
  await signInAsAdmin();
  for (const path of [
    ...PAGES,
    '/admin/network?status=welcomed&done=statusSaved',
    '/admin/network?error=noSelection',
    '/pt/admin/newsletter',
    '/fr/admin/outbox?status=failed',
  ]) {
    await page.goto(path);
    expect(await axeViolationsInBothThemes(page), path).toEqual([]);
  }
});
