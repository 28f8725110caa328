/**
 * Logs a warning once per key and process: a WordPress without a post type the site reads would otherwise log
 * the same advice on every page render.
 */
const warned = new Set<string>();

export function warnOnce(key: string, message: string): void {
  if (warned.has(key)) return;
  warned.add(key);
  console.warn(message);
}

/** Test hook: warn again. */
export function resetWarnings(): void {
  warned.clear();
}
