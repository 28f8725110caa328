import { beforeEach, describe, expect, it } from 'vitest';

import {
  clearScreeningLog,
  recordScreening,
  SCREENING_LOG_LIMIT,
  screeningLog,
  type ScreeningLogEntry,
} from '@/lib/screening/log';

function entry(i: number): ScreeningLogEntry {
  return {
    at: new Date(Date.UTC(2025, 0, 1, 0, 0, i)).toISOString(),
    ip: '203.0.113.0',
    path: `/p${i}`,
    bucket: 'page',
    outcome: 'blocked',
  };
}

describe('screening log', () => {
  beforeEach(() => clearScreeningLog());

  it('starts empty after clearing', () => {
    recordScreening(entry(1));
    clearScreeningLog();
    expect(screeningLog()).toEqual([]);
  });

  it('records entries oldest first', () => {
    recordScreening(entry(1));
    recordScreening(entry(2));
    expect(screeningLog().map((e) => e.path)).toEqual(['/p1', '/p2']);
  });

  it('keeps only the last 100 entries, in order', () => {
    expect(SCREENING_LOG_LIMIT).toBe(100);
    for (let i = 0; i < 130; i++) recordScreening(entry(i));
    const log = screeningLog();
    expect(log).toHaveLength(100);
    expect(log[0]?.path).toBe('/p30');
    expect(log.at(-1)?.path).toBe('/p129');
    expect(log.map((e) => e.path)).toEqual(Array.from({ length: 100 }, (_, i) => `/p${i + 30}`));
  });

  it('returns a copy that callers cannot use to change the log', () => {
    recordScreening(entry(1));
    const copy = screeningLog();
    copy.push(entry(2));
    copy.length = 0;
    expect(screeningLog()).toHaveLength(1);
  });
});
