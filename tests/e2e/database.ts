import type { TestInfo } from '@playwright/test';
import postgres from 'postgres';

/**
 * Direct database access for end-to-end tests that must see what a form stored. Only the `postgres` project's
 * server (playwright.config.ts, port 3104) runs on a database the tests can open beside it (TEST_DATABASE_URL);
 * the default server runs on embedded PGlite, which one process owns, so there the tests check what the site
 * shows instead. Returns null when the running project has no such database.
 */
export function projectDatabase(info: TestInfo): postgres.Sql | null {
  if (info.project.name !== 'postgres' || !process.env.TEST_DATABASE_URL) return null;
  return postgres(process.env.TEST_DATABASE_URL, { max: 1, prepare: false, onnotice: () => {} });
}

/** A unique address per test run, so reruns and parallel workers never collide. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.org`;
}
