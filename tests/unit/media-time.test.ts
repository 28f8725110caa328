import { describe, expect, it } from 'vitest';

import { formatClock, volumePercent } from '@/lib/media/time';

describe('formatClock', () => {
  it('shows minutes and two-digit seconds', () => {
    expect(formatClock(0)).toBe('0:00');
    expect(formatClock(5)).toBe('0:05');
    expect(formatClock(65.9)).toBe('1:05');
    expect(formatClock(599)).toBe('9:59');
    expect(formatClock(3599)).toBe('59:59');
  });

  it('adds hours from one hour, with two-digit minutes', () => {
    expect(formatClock(3600)).toBe('1:00:00');
    expect(formatClock(3725)).toBe('1:02:05');
    expect(formatClock(36000)).toBe('10:00:00');
  });

  it('reads unknown, infinite and negative times as 0:00', () => {
    expect(formatClock(Number.NaN)).toBe('0:00');
    expect(formatClock(Number.POSITIVE_INFINITY)).toBe('0:00');
    expect(formatClock(-3)).toBe('0:00');
  });
});

describe('volumePercent', () => {
  it('rounds to whole percent and clamps to 0-100', () => {
    expect(volumePercent(0.7)).toBe(70);
    expect(volumePercent(0.015)).toBe(2);
    expect(volumePercent(1)).toBe(100);
    expect(volumePercent(1.5)).toBe(100);
    expect(volumePercent(-1)).toBe(0);
    expect(volumePercent(Number.NaN)).toBe(0);
  });
});
