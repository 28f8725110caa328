import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import { type DatabaseHandle } from '@/lib/db/client';
import * as schema from '@/lib/db/schema';
import { openMemoryDatabase } from '../helpers/test-engines';

/** The home hero's homepage_content override (lib/home/hero-override.ts) on PGlite in memory. */
type Hero = typeof import('@/lib/home/hero-override');
let hero: Hero;
let handle: DatabaseHandle;

beforeAll(async () => {
  hero = await import('@/lib/home/hero-override');
  handle = await openMemoryDatabase();
}, 120_000);
afterAll(async () => handle?.close());
beforeEach(async () => {
  await handle.db.execute(sql`truncate homepage_content`);
});

describe('readHomepageOverride', () => {
  it('is null without a row', async () => {
    expect(await hero.readHomepageOverride(handle.db)).toBeNull();
  });

  it('reads the latest row by created_at', async () => {
    await handle.db.insert(schema.homepageContent).values([
      { subtitle: 'Older', ctaText: 'Old', createdAt: new Date('2026-01-01T00:00:00Z') },
      {
        backgroundImage: '/images/new-hero.jpg',
        subtitle: '  Newer   subtitle ',
        ctaText: 'Join us',
        ctaLink: '/community',
        createdAt: new Date('2026-02-01T00:00:00Z'),
      },
      { subtitle: 'Oldest', createdAt: new Date('2025-01-01T00:00:00Z') },
    ]);
    expect(await hero.readHomepageOverride(handle.db)).toEqual({
      backgroundImage: '/images/new-hero.jpg',
      subtitle: 'Newer subtitle',
      ctaText: 'Join us',
      ctaLink: '/community',
    });
  });

  it('keeps only site paths and https URLs for the link and image', async () => {
    await handle.db.insert(schema.homepageContent).values({
      backgroundImage: 'javascript:alert(1)',
      ctaLink: '//evil.example/x',
      subtitle: 'Hello',
    });
    expect(await hero.readHomepageOverride(handle.db)).toEqual({ subtitle: 'Hello' });
  });
});

describe('toHeroOverride and safeHeroUrl', () => {
  it('accepts site paths and https URLs only', () => {
    expect(hero.safeHeroUrl('/donate')).toBe('/donate');
    expect(hero.safeHeroUrl('https://example.org/a b')).toBe('https://example.org/a%20b');
    for (const bad of [
      'http://example.org',
      '//x.org',
      '/\\x.org',
      'javascript:alert(1)',
      'data:x',
      '',
      null,
    ])
      expect(hero.safeHeroUrl(bad)).toBeUndefined();
  });
  it('is null for a row with nothing usable', () => {
    expect(
      hero.toHeroOverride({ backgroundImage: null, subtitle: ' ', ctaText: null, ctaLink: 'ftp://x' }),
    ).toBeNull();
  });
});

describe('getHomepageOverride', () => {
  it('returns null during next build without reading anything', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const phase = process.env.NEXT_PHASE;
    process.env.NEXT_PHASE = 'phase-production-build';
    try {
      expect(await hero.getHomepageOverride()).toBeNull();
      // Outside Next, the cached read itself would fail and be logged: nothing was attempted.
      expect(error).not.toHaveBeenCalled();
    } finally {
      if (phase === undefined) delete process.env.NEXT_PHASE;
      else process.env.NEXT_PHASE = phase;
      error.mockRestore();
    }
  });
  it('tags its cache entry so revalidateTag(homepage-content) refreshes it, 300 s otherwise', () => {
    expect(hero.HOMEPAGE_CONTENT_TAG).toBe('homepage-content');
    expect(hero.HOMEPAGE_CONTENT_REVALIDATE).toBe(300);
  });
});
