import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

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
 * axe's WCAG A/AA violations on the page as it is now, as {id, impact, nodes} (an empty list passes). Next's
 * dev-tools button (`nextjs-portal`, only under `next dev` via E2E_BASE_URL) is not part of the site.
 */
export async function axeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).exclude('nextjs-portal').analyze();
  return results.violations.map((v) => ({
    id: v.id,
    impact: v.impact,
    nodes: v.nodes.map((n) => n.target.join(' ')),
  }));
}

/** Stores a theme choice before the page loads, as the theme toggle would. */
export async function useTheme(page: Page, theme: 'light' | 'dark') {
  await page.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [
    THEME_KEY,
    theme,
  ] as const);
}

export const test = base;
export { expect };
