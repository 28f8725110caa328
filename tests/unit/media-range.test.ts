import { describe, expect, it } from 'vitest';

import { parseByteRange } from '@/lib/media/range';

describe('parseByteRange', () => {
  it('reads a closed, an open and a suffix range', () => {
    expect(parseByteRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 });
    expect(parseByteRange('bytes=500-', 1000)).toEqual({ start: 500, end: 999 });
    expect(parseByteRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 });
  });

  it('clamps the end to the last byte and a long suffix to the whole file', () => {
    expect(parseByteRange('bytes=990-5000', 1000)).toEqual({ start: 990, end: 999 });
    expect(parseByteRange('bytes=-5000', 1000)).toEqual({ start: 0, end: 999 });
  });

  it('is unsatisfiable past the end or for an empty suffix', () => {
    expect(parseByteRange('bytes=1000-', 1000)).toBe('unsatisfiable');
    expect(parseByteRange('bytes=-0', 1000)).toBe('unsatisfiable');
  });

  it('ignores missing, malformed, reversed and multiple ranges (whole file)', () => {
    for (const header of [null, '', 'bytes=-', 'items=0-1', 'bytes=5-2', 'bytes=0-1,5-6', 'bytes=a-b']) {
      expect(parseByteRange(header, 1000)).toBeNull();
    }
  });
});
