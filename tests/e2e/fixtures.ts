import { test as base, expect, type Page } from '@playwright/test';

/** The theme storage key: `{short name lowercased}-theme` with the default short name. */
export const THEME_KEY = 'lrjn-theme';
export const SITE_NAME = 'Leeds Racial Justice Network';

/** Pre-stores a cookie choice so the banner does not cover the page (tests of the banner opt out). */
export async function dismissCookieBanner(page: Page, choice: 'accepted' | 'declined' = 'declined') {
  await page.addInitScript((value) => window.localStorage.setItem('gdpr-consent', value), choice);
}

export const test = base;
export { expect };
