import type { Locator, Page } from '@playwright/test';

/**
 * Locators for the public forms' error messages (components/forms/error-summary.tsx). Since the error summary
 * repeats each field's message as a link, a bare `getByText(message)` finds it twice; these tell the copies apart.
 */

/** The form's error summary ('There is a problem' in English), found by its test id inside `scope`. */
export function errorSummary(scope: Page | Locator): Locator {
  return scope.getByTestId('error-summary');
}

/** The message shown under a field (a paragraph), not its link in the error summary. */
export function fieldMessage(scope: Page | Locator, text: string | RegExp): Locator {
  return scope.locator('p').filter({ hasText: text });
}
