import { describe, expect, it, vi } from 'vitest';

import type { AssistantDoc } from '@/lib/assistant/retrieval';

vi.mock('next/cache', () => ({ unstable_cache: (fn: unknown) => fn }));

const { createCorpusMemo } = await import('@/lib/assistant/corpus');

const DOC: AssistantDoc = {
  kind: 'post',
  slug: 'a',
  title: 'Events in Leeds',
  excerpt: 'Our events.',
  text: 'We run events.',
  url: '/blog/a',
  modified: '1',
};

/** createCorpusMemo with counted loads, a settable version and clock (security review NM3). */
function setup() {
  const state = { version: 'v1', now: 0, loads: 0 };
  const memo = createCorpusMemo({
    load: async () => {
      state.loads++;
      return [{ ...DOC, modified: String(state.loads) }];
    },
    version: async () => state.version,
    now: () => state.now,
    minRebuildMs: 10_000,
    settleMs: 60_000,
  });
  return { state, memo };
}

describe('createCorpusMemo (NM3)', () => {
  it('builds once for many calls with the same version; concurrent first calls share one build', async () => {
    const { state, memo } = setup();
    await Promise.all(Array.from({ length: 20 }, () => memo.get()));
    for (let i = 0; i < 50; i++) await memo.get();
    expect(state.loads).toBe(1);
    expect(memo.builds).toBe(1);
  });

  it('rebuilds after a revalidation (new version), at most once per interval, and once more when settled', async () => {
    const { state, memo } = setup();
    await memo.get();
    state.version = 'v2';
    state.now = 5_000;
    await memo.get();
    expect(state.loads).toBe(1); // within the minimum interval
    state.now = 10_000;
    expect((await memo.get()).docs[0]?.modified).toBe('2');
    state.now = 20_000;
    await memo.get();
    expect(state.loads).toBe(2);
    state.now = 70_000; // the settle rebuild picks up what stale-while-revalidate refreshed meanwhile
    await memo.get();
    expect(state.loads).toBe(3);
    state.now = 200_000;
    await memo.get();
    expect(state.loads).toBe(3);
  });

  it('a version that changes on every read (a cache that keeps nothing) rebuilds at most once per interval', async () => {
    const { state, memo } = setup();
    for (let i = 0; i < 100; i++) {
      state.version = `v${i}`;
      state.now = i * 1000; // 100 s in all
      await memo.get();
    }
    expect(state.loads).toBeLessThanOrEqual(11);
  });
});
