import 'server-only';

import { unstable_cache } from 'next/cache';

import { TAGS } from '@/lib/cache/tags';
import { isBuildPhase } from '@/lib/config/env';
import { type Database, type HomepageContent, getDb, latestHomepageContent } from '@/lib/db';

/**
 * The home hero's database override (docs/SPEC-NOTES.md §3 Homepage content, §7 "select latest row from homepage_content by
 * created_at"): background image, subtitle, call-to-action text and link, each optional. The hero edited in
 * WordPress (Pages → Home page hero) goes over it field by field; this row is the fallback (lib/home/resolve-hero.ts).
 *
 * How it reaches a static page (docs/ARCHITECTURE.md §2 and §4, classic ISR):
 * - `next build` never opens the database (several build workers would open one PGlite directory), so during
 *   the build `getHomepageOverride()` returns null at once, without touching the cache or the database: the
 *   pre-rendered home page shows the CMS defaults.
 * - At run time the read goes through `unstable_cache` with the tag 'homepage-content' and a revalidate of
 *   HOMEPAGE_CONTENT_REVALIDATE seconds. In classic ISR, unstable_cache lowers the revalidate of the page that
 *   calls it to its own and adds its tags to the page's (next/dist/server/web/spec-extension/unstable-cache.js,
 *   'prerender-legacy' store), and the home page exports the same `revalidate` so the build's copy (which made
 *   no call) expires just as soon. So a new row shows within about 5 minutes of being written, with no rebuild,
 *   and at once after `revalidateTag('homepage-content', 'max')` (the tag invalidates the data and the page).
 * - A failed read (database down) throws inside the cached function, so nothing is cached; the page renders the
 *   CMS defaults and tries again when it next regenerates.
 */

export const HOMEPAGE_CONTENT_TAG = TAGS.homepageContent;
/** Seconds a read of homepage_content stays fresh (and so the longest the home page shows an older row). */
export const HOMEPAGE_CONTENT_REVALIDATE = 300;

export interface HeroOverride {
  /** A site path ('/images/…') or an https URL; first in the hero's image fallback chain. */
  backgroundImage?: string;
  subtitle?: string;
  ctaText?: string;
  /** A site path or an https URL (anything else, e.g. javascript:, is dropped). */
  ctaLink?: string;
}

const MAX_TEXT = 300;

function text(value: string | null | undefined): string | undefined {
  const trimmed = value?.replace(/\s+/g, ' ').trim();
  if (!trimmed) return undefined;
  return trimmed.length > MAX_TEXT ? `${trimmed.slice(0, MAX_TEXT - 1)}…` : trimmed;
}

/** A site path (not protocol-relative) or an https URL, else undefined. */
export function safeHeroUrl(value: string | null | undefined): string | undefined {
  const v = value?.trim();
  if (!v) return undefined;
  if (v.startsWith('/') && !v.startsWith('//') && !v.includes('\\')) return v;
  try {
    const url = new URL(v);
    return url.protocol === 'https:' && url.hostname ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The usable part of a homepage_content row (pure): texts trimmed to one line (at most 300 characters), the image
 * and link only if they are site paths or https URLs. Null when the row is missing or has nothing usable.
 */
export function toHeroOverride(
  row: Pick<HomepageContent, 'backgroundImage' | 'subtitle' | 'ctaText' | 'ctaLink'> | null,
): HeroOverride | null {
  if (!row) return null;
  const override: HeroOverride = {
    backgroundImage: safeHeroUrl(row.backgroundImage),
    subtitle: text(row.subtitle),
    ctaText: text(row.ctaText),
    ctaLink: safeHeroUrl(row.ctaLink),
  };
  const defined = Object.fromEntries(Object.entries(override).filter(([, v]) => v !== undefined));
  return Object.keys(defined).length > 0 ? (defined as HeroOverride) : null;
}

/** Reads the latest row straight from the database (no cache). @throws on a database error. */
export async function readHomepageOverride(db: Database): Promise<HeroOverride | null> {
  return toHeroOverride(await latestHomepageContent(db));
}

const cachedOverride = unstable_cache(
  async () => readHomepageOverride(await getDb()),
  ['homepage-content', 'hero-override'],
  { tags: [HOMEPAGE_CONTENT_TAG], revalidate: HOMEPAGE_CONTENT_REVALIDATE },
);

/**
 * The hero override for the home page render: null during `next build` (no database access), else the cached
 * latest row (see the module comment). Never throws: a failed read is logged and gives null (CMS defaults).
 */
export async function getHomepageOverride(): Promise<HeroOverride | null> {
  if (isBuildPhase()) return null;
  try {
    return await cachedOverride();
  } catch (error) {
    console.error('[home] homepage_content read failed:', error instanceof Error ? error.message : error);
    return null;
  }
}
