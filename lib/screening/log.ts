/**
 * The screening log: the last 100 decisions worth keeping (docs/SPEC-NOTES.md §9), newest last, in process memory.
 * Addresses are stored masked (see `maskIp`): enough to spot a pattern, not enough to identify a person.
 */
export const SCREENING_LOG_LIMIT = 100;

export type ScreeningLogEntry = {
  at: string;
  ip: string;
  path: string;
  bucket: 'page' | 'framework';
  outcome: 'blocked';
};

// On globalThis: proxy.ts (which records) and the admin logs page (which reads) are bundled separately but run
// in one server process.
const entries: ScreeningLogEntry[] = ((
  globalThis as { __lrjnScreeningLog?: ScreeningLogEntry[] }
).__lrjnScreeningLog ??= []);

export function recordScreening(entry: ScreeningLogEntry): void {
  entries.push(entry);
  if (entries.length > SCREENING_LOG_LIMIT) entries.splice(0, entries.length - SCREENING_LOG_LIMIT);
}

/** A copy of the log, oldest first. */
export function screeningLog(): ScreeningLogEntry[] {
  return entries.slice();
}

export function clearScreeningLog(): void {
  entries.length = 0;
}
