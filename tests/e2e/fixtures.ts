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

export const test = base;
export { expect };
