import type { Page } from '@playwright/test';

import { uniqueEmail } from './database';
import { E2E_ADMIN, dismissCookieBanner, expect, test, waitForHydration } from './fixtures';
import { signUpConfirmed } from './mailbox';

/**
 * The audit trail is shown (back-office review D8), the account menu leads staff to the back office (D12), and the
 * ADMIN_EMAILS admin is counted and left to the server (D18), on the embedded defaults: a new account has no Back
 * office entry in its menu; the e2e admin (ADMIN_EMAILS, playwright.config.ts) reaches the back office from the
 * menu by keyboard, makes that account staff on /admin/staff, finds the change on /admin/audit (who, what, to
 * whom, when) and narrows the list to it with the filters; removing the ADMIN_EMAILS admin on the staff page says
 * it is set on the server; the new staff member's menu has the Back office entry.
 */

const PASSWORD = 'a long enough password';

test.beforeEach(async ({ page }) => {
  await dismissCookieBanner(page);
});

/** The header's account menu button of the signed-in `name`. */
const accountMenu = (page: Page, name: string) =>
  page.getByRole('button', { name: new RegExp(`Account menu: Signed in as ${name}`) });

/** Fills in the staff page's grant form (email, role, the admin's password) and sends it. */
async function setRole(page: Page, email: string, role: 'staff' | 'admin' | 'none') {
  await page.goto('/admin/staff');
  const grant = page.locator('section[aria-labelledby="staff-grant"]');
  await grant.getByLabel('Email', { exact: true }).fill(email);
  await grant.getByRole('combobox', { name: 'Role', exact: true }).selectOption(role);
  await grant.getByLabel('Your password', { exact: true }).fill(E2E_ADMIN.password);
  await grant.getByRole('button', { name: 'Save role' }).click();
}

test('an admin’s role change on /admin/staff is listed on /admin/audit (who, what, whom, when), and the filters narrow to it', async ({
  page,
  signInAsAdmin,
}) => {
  test.setTimeout(240_000);
  const email = uniqueEmail('audited');
  const admin = process.env.E2E_ADMIN_EMAIL!;

  // A new account (no role): its menu has no Back office entry.
  await signUpConfirmed(page, email, 'Alex Audited', PASSWORD);
  await accountMenu(page, 'Alex Audited').click();
  await expect(page.getByRole('menuitem', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Back office' })).toHaveCount(0);

  // The admin reaches the back office from the menu, by keyboard (ArrowDown opens on the first item).
  await signInAsAdmin();
  await page.goto('/');
  await waitForHydration(page);
  const menu = accountMenu(page, E2E_ADMIN.name);
  await expect(menu).toBeVisible({ timeout: 20_000 });
  await menu.focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Dashboard' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Back office' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toBeFocused();
  await menu.click();
  await page.getByRole('menuitem', { name: 'Back office' }).click();
  await expect(page).toHaveURL(/\/admin(\/enquiries)?$/);
  await expect(page.getByRole('navigation', { name: 'Back office' })).toBeVisible();

  // The role change.
  const changedAt = Date.now();
  await setRole(page, email, 'staff');
  await expect(page.getByRole('main').getByRole('status').first()).toHaveText('The role was changed.');

  // The audit trail lists it first: when, who, what, to whom (the person page), the change.
  await page
    .getByRole('navigation', { name: 'Back office' })
    .getByRole('link', { name: 'Audit trail' })
    .click();
  await expect(page).toHaveURL(/\/admin\/audit$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Audit trail' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toHaveCount(1);
  const cells = row.getByRole('cell');
  const when = await cells.nth(0).locator('time').getAttribute('datetime');
  expect(Math.abs(Date.parse(when!) - changedAt)).toBeLessThan(5 * 60_000);
  await expect(cells.nth(0)).toHaveText(/\d{4}/);
  await expect(cells.nth(1)).toHaveText(admin);
  await expect(cells.nth(2)).toHaveText('Role changed');
  await expect(cells.nth(3).getByRole('link', { name: email })).toHaveAttribute(
    'href',
    /\/admin\/people\/user-[0-9a-f-]{36}$/,
  );
  await expect(cells.nth(4)).toHaveText('no role → Staff');

  // The filters narrow the list to that one change, and an address nobody used finds nothing.
  const filters = page.getByRole('search', { name: 'Filter the audit trail' });
  await filters.getByRole('combobox', { name: 'What' }).selectOption('role.set');
  await filters.getByLabel('To whom or what').fill(email);
  await filters.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(/[?&]action=role\.set/);
  await expect(page.getByRole('main').getByRole('status')).toHaveText('Entries: 1');
  await expect(page.getByRole('row')).toHaveCount(2);
  await expect(page.getByRole('row').nth(1)).toContainText(email);
  await filters.getByLabel('Who (email)').fill(`nobody-${Date.now()}@example.org`);
  await filters.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page.getByText('Nothing matches these filters.')).toBeVisible();
  await page.getByRole('link', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL(/\/admin\/audit$/);

  // D18: the ADMIN_EMAILS admin is listed on the staff page and cannot be removed there.
  await setRole(page, admin, 'none');
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(
    'This admin is set by ADMIN_EMAILS on the server; change it there.',
  );
  const adminRow = page.getByRole('row').filter({ hasText: admin });
  await expect(adminRow.getByRole('cell').nth(1)).toHaveText('admin (ADMIN_EMAILS)');

  // The new member of staff: the Back office entry is in their menu now.
  await page.context().clearCookies();
  await page.goto('/login');
  await waitForHydration(page);
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await accountMenu(page, 'Alex Audited').click();
  await page.getByRole('menuitem', { name: 'Back office' }).click();
  await expect(page).toHaveURL(/\/admin\/enquiries$/);
  // Staff do not see the audit trail (admins only).
  await expect(
    page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Audit trail' }),
  ).toHaveCount(0);
  expect((await page.goto('/admin/audit'))?.status()).toBe(403);
});
