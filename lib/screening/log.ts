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

const entries: ScreeningLogEntry[] = [];

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
