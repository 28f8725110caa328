import { describe, expect, it } from 'vitest';

import { isIgnorableWindowError } from '@/components/layout/window-error-screen';

describe('isIgnorableWindowError', () => {
  it.each([
    'Script error.',
    '',
    'ResizeObserver loop limit exceeded',
    'ResizeObserver loop completed with undelivered notifications.',
  ])('ignores %j', (message) => {
    expect(isIgnorableWindowError(message)).toBe(true);
  });

  it.each([
    'Test error',
    'Cannot read properties of undefined',
    'Script error',
    'TypeError: x is not a function',
  ])('reports %j', (message) => {
    expect(isIgnorableWindowError(message)).toBe(false);
  });
});
