import { mkdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

import { signInOrSignUp } from './mailbox';

/** The theme storage key: `{short name lowercased}-theme` with the default short name. */
export const THEME_KEY = 'lrjn-theme';
export const SITE_NAME = 'Leeds Racial Justice Network';

/** Pre-stores a cookie choice so the banner does not cover the page (tests of the banner opt out). */
export async function dismissCookieBanner(page: Page, choice: 'accepted' | 'declined' = 'declined') {
  await page.addInitScript((value) => window.localStorage.setItem('gdpr-consent', value), choice);
}

/**
 * Waits until React has hydrated: the theme toggle marks its pressed button only after hydration, and by then
 * every effect of that commit (such as the window error listener) has run.
 */
export async function waitForHydration(page: Page) {
  await expect(page.locator('[data-theme-option][aria-pressed="true"]').first()).toBeAttached();
}

/** WCAG 2.0, 2.1 and 2.2, levels A and AA (docs/ARCHITECTURE.md §6). */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * axe's WCAG A/AA violations on the page as it is now, as {id, impact, nodes} (an empty list passes); with `rules`,
 * only those axe rules run (a11y.spec.ts: the colour rules again in the dark theme). Next's dev-tools button
 * (`nextjs-portal`, only under `next dev` via E2E_BASE_URL) is not part of the site.
 */
export async function axeViolations(page: Page, rules?: readonly string[]) {
  const builder = new AxeBuilder({ page });
  const results = await (rules ? builder.withRules([...rules]) : builder.withTags(WCAG_TAGS))
    .exclude('nextjs-portal')
    .analyze();
  return results.violations.map((v) => ({
    id: v.id,
    impact: v.impact,
    nodes: v.nodes.map((n) => n.target.join(' ')),
  }));
}

/**
 * The axe rules that read colours: of axe-core's WCAG A/AA rules, `color-contrast` compares text with what lies
 * behind it and `link-in-text-block` a link's colour with the text around it; no other rule of those tags reads
 * a colour (axe-core's own list of them: `axe.getRules(WCAG_TAGS)`, 70 rules in axe-core 4.13).
 */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'] as const;

/**
 * axe on the page as it is now, in both themes, with one page load: picks light with the theme toggle (as a visitor
 * would; it must be visible at this width) and runs every WCAG A/AA rule, then picks dark the same way and runs
 * COLOUR_RULES only. The dark theme is a class on <html> that swaps the colour variables (app/globals.css) and no
 * element shows or hides by theme (there is no `dark:hidden` or `dark:block` in the code), so every other rule would
 * see the very same markup again. The toggle switches without a colour transition
 * (components/layout/theme-provider.tsx), so axe reads the final colours. @returns the violations, each id
 * suffixed with the theme when dark; leaves dark stored as the choice. Measured: worth it where a page load is
 * the cost (a11y.spec.ts, the back office); on a page with state to rebuild it saves nothing (colour-contrast is
 * most of a full scan), so the form specs keep their per-theme tests.
 */
export async function axeViolationsInBothThemes(page: Page) {
  await waitForHydration(page);
  const pick = async (theme: 'light' | 'dark') => {
    await page.locator(`[data-theme-option="${theme}"]:visible`).first().click();
    await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${theme}\\b`));
  };
  await pick('light');
  const light = await axeViolations(page);
  await pick('dark');
  const dark = await axeViolations(page, COLOUR_RULES);
  return [...light, ...dark.map((v) => ({ ...v, id: `${v.id} (dark)` }))];
}

/** Stores a theme choice before the page loads, as the theme toggle would. */
export async function useTheme(page: Page, theme: 'light' | 'dark') {
  await page.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [
    THEME_KEY,
    theme,
  ] as const);
}

/**
 * Runs `fn` while holding `dir` as a lock between worker processes (mkdir is atomic); waits for it up to 90 s, then
 * throws. Callers name the lock after something new per run (the e2e admin address), so a lock that a killed
 * run leaves behind never blocks a later run.
 */
async function withDirLock<T>(dir: string, fn: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + 90_000;
  for (;;) {
    try {
      await mkdir(dir, { recursive: false });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT')
        await mkdir(path.dirname(dir), { recursive: true });
      else if (Date.now() > deadline) throw new Error(`${dir} stayed locked for 90 s`, { cause: error });
      else await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  try {
    return await fn();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The e2e admin (E2E_ADMIN_EMAIL, in ADMIN_EMAILS of server 3100: playwright.config.ts): its name and password. */
export const E2E_ADMIN = { name: 'Ada Admin', password: 'a long enough password' } as const;

/**
 * Playwright's `test` with a signed-in admin:
 *  - `adminStorageState` (worker): signs the e2e admin in once per worker, creating and confirming the account on
 *    first use (signInOrSignUp), and keeps the browser state (the session cookie) in a file of the worker's;
 *  - `signInAsAdmin()` (test): replaces the page's cookies with that session, so a test is the admin at once,
 *    without walking the sign-in form again. Tests that use it must not sign the admin out.
 * The sign-in form itself is tested in auth.spec.ts.
 */
export const test = base.extend<{ signInAsAdmin: () => Promise<void> }, { adminStorageState: string }>({
  adminStorageState: [
    // `provide` is Playwright's `use` (renamed: the React hooks lint rule reads any `use(…)` call as a hook).
    async ({ browser }, provide, workerInfo) => {
      const context = await browser.newContext({ baseURL: workerInfo.project.use.baseURL });
      const page = await context.newPage();
      await dismissCookieBanner(page);
      // One worker at a time, across all servers: two workers signing the new admin up at once each mail a
      // confirmation link to the one shared mail folder, and each may open the other's link (another server's
      // token, or one the second sign-up voided: /login?error=link). The address is new per run, so is the lock.
      const lock = path.join(tmpdir(), `lrjn-e2e-sign-up-${process.env.E2E_ADMIN_EMAIL}`);
      await withDirLock(lock, () =>
        signInOrSignUp(page, process.env.E2E_ADMIN_EMAIL!, E2E_ADMIN.name, E2E_ADMIN.password),
      );
      const file = workerInfo.project.outputDir + `/e2e-admin-${workerInfo.workerIndex}.json`;
      await context.storageState({ path: file });
      await context.close();
      await provide(file);
    },
    { scope: 'worker' },
  ],
  signInAsAdmin: async ({ page, adminStorageState }, provide) => {
    await provide(async () => {
      const state = JSON.parse(await readFile(adminStorageState, 'utf8')) as {
        cookies: Parameters<ReturnType<Page['context']>['addCookies']>[0];
      };
      await page.context().clearCookies();
      await page.context().addCookies(state.cookies);
    });
  },
});
export { expect };
