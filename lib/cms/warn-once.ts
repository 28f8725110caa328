/**
 * Logs a warning once per key and process: a WordPress without a post type the site reads would otherwise log
 * the same advice on every page render. Kept on globalThis because `next start` loads lib/cms once per bundle
 * (pages, route handlers) in the same process.
 */
const KEY = Symbol.for('lrjn.cms.warnedOnce');
const store = globalThis as typeof globalThis & { [KEY]?: Set<string> };
const warned = (store[KEY] ??= new Set<string>());

export function warnOnce(key: string, message: string): void {
  if (warned.has(key)) return;
  warned.add(key);
  console.warn(message);
}

/** Test hook: warn again. */
export function resetWarnings(): void {
  warned.clear();
}
