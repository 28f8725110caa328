import 'server-only';

import { getCauses, getContentRefs, getMediaCategories, type ContentChange } from '@/lib/cms';
import { isTakedown } from '@/lib/cms/webhook';

/**
 * Which content slugs exist, so `proxy.ts` can answer an unknown `/blog/{slug}` (and every other content route)
 * with a 404 before Next renders it: a rendered 404 of an ISR route is stored in the route cache, so without this
 * every invented slug would add an entry (security review finding H2).
 *
 * The index is built in memory from lib/cms's public reads (WordPress or the snapshot), once per process and
 * again at most every `REFRESH_ON_MISS_MS` when a slug is missing from it (so an instance that did not receive
 * a webhook still learns of new content within a minute). The revalidation webhook records each change at once
 * (`noteContentChange`); such a record wins over the lists until a rebuild agrees with it, because right after a
 * webhook the cached lists may still be the stale ones. State lives on `globalThis`: the proxy and the route
 * handlers are separate bundles in one process.
 *
 * If the content cannot be read at all, every slug counts as present (the page then answers as before): the
 * site stays up, and the route cache is still bounded in size (next.config.ts).
 */

export type SlugKind =
  | 'posts'
  | 'events'
  | 'reports'
  | 'team-member'
  | 'vacancies'
  | 'media-archive'
  | 'causes'
  | 'media-categories';

/** A slug as the content routes accept it once decoded: letters, marks, digits, `-` and `_`; no dot. */
export const SLUG_GRAMMAR = /^[\p{L}\p{M}\p{N}_-]{1,200}$/u;

/** After this long, a missing slug makes the index read the content again (at most once per interval). */
export const REFRESH_ON_MISS_MS = 60_000;
/** A webhook's record is dropped after this long even if no rebuild confirmed it. */
const OVERRIDE_MAX_AGE_MS = 24 * 60 * 60_000;
const MAX_OVERRIDES = 10_000;

/** First path segment(s) (after the locale) of each content route with a slug: app/[locale]/…/[slug]. */
const ROUTES: { prefix: string[]; kind: SlugKind }[] = [
  { prefix: ['blog'], kind: 'posts' },
  { prefix: ['event'], kind: 'events' },
  { prefix: ['reports'], kind: 'reports' },
  { prefix: ['team-member'], kind: 'team-member' },
  { prefix: ['vacancies'], kind: 'vacancies' },
  { prefix: ['media-archive'], kind: 'media-archive' },
  { prefix: ['cause'], kind: 'causes' },
  { prefix: ['causes'], kind: 'causes' },
  { prefix: ['media', 'category'], kind: 'media-categories' },
];

/** Fixed pages that sit where a slug would (app/[locale]/causes/international-solidarity). */
const FIXED_CHILDREN: Record<string, ReadonlySet<string>> = {
  causes: new Set(['international-solidarity']),
};

export type SlugRequest = { kind: SlugKind; slug: string } | { kind: SlugKind; invalid: true };

/** `encodeURIComponent` with the hex in upper or lower case (WordPress writes lower-case escapes). */
function canonicalForms(decoded: string): string[] {
  const upper = encodeURIComponent(decoded);
  return [upper, upper.replace(/%[0-9A-F]{2}/g, (e) => e.toLowerCase())];
}

/**
 * The content slug a path (without its locale, e.g. `/blog/my-post` or `/blog/my-post/social-image`) asks
 * for, or null when the path is not under a content route. `invalid` when the segment cannot be a slug: bad
 * grammar (a dot, a slash, punctuation), over 200 characters, or an unusual percent-encoding of a real slug
 * (`my%2Dpost`), which would otherwise be a separate cache entry for the same page. Pure.
 */
export function contentSlugOf(path: string): SlugRequest | null {
  const segments = path.split('/').slice(1);
  for (const { prefix, kind } of ROUTES) {
    if (segments.length <= prefix.length) continue;
    if (!prefix.every((p, i) => segments[i] === p)) continue;
    const raw = segments[prefix.length] ?? '';
    if (raw === '') return null;
    if (prefix.length === 1 && FIXED_CHILDREN[prefix[0] ?? '']?.has(raw)) return null;
    let slug: string;
    try {
      slug = decodeURIComponent(raw);
    } catch {
      return { kind, invalid: true };
    }
    if (!SLUG_GRAMMAR.test(slug) || !canonicalForms(slug).includes(raw)) return { kind, invalid: true };
    return { kind, slug };
  }
  return null;
}

/** WordPress may hand slugs over percent-encoded (non-Latin titles); the index keeps them decoded. */
function decodedSlug(slug: string): string {
  try {
    return decodeURIComponent(slug);
  } catch {
    return slug;
  }
}

type IndexState = {
  sets: Map<SlugKind, Set<string>> | null;
  builtAt: number;
  building: Promise<void> | null;
  /** `kind\u0000slug` → what the webhook said, and when. */
  overrides: Map<string, { present: boolean; at: number }>;
};

const STATE_KEY = Symbol.for('lrjn.cms.slugIndex');

function state(): IndexState {
  const g = globalThis as typeof globalThis & { [STATE_KEY]?: IndexState };
  g[STATE_KEY] ??= { sets: null, builtAt: 0, building: null, overrides: new Map() };
  return g[STATE_KEY];
}

const slugsOf = (items: { slug: string }[]) => new Set(items.map((i) => decodedSlug(i.slug)));

async function readAll(): Promise<Map<SlugKind, Set<string>>> {
  const refs = (endpoint: Parameters<typeof getContentRefs>[0]) => getContentRefs(endpoint).then(slugsOf);
  const [posts, events, reports, team, vacancies, mediaArchive, causes, categories] = await Promise.all([
    refs('posts'),
    refs('events'),
    refs('reports'),
    refs('team-member'),
    refs('vacancies'),
    refs('media-archive'),
    getCauses().then(slugsOf),
    getMediaCategories().then(slugsOf),
  ]);
  return new Map<SlugKind, Set<string>>([
    ['posts', posts],
    ['events', events],
    ['reports', reports],
    ['team-member', team],
    ['vacancies', vacancies],
    ['media-archive', mediaArchive],
    ['causes', causes],
    ['media-categories', categories],
  ]);
}

/** Reads the content again (one read at a time per process); keeps the previous index if the read fails. */
export function rebuildSlugIndex(): Promise<void> {
  const s = state();
  s.building ??= (async () => {
    try {
      const sets = await readAll();
      s.sets = sets;
      const now = Date.now();
      for (const [key, o] of s.overrides) {
        const [kind, slug] = key.split('\u0000') as [SlugKind, string];
        const agrees = (sets.get(kind)?.has(slug) ?? false) === o.present;
        if (agrees || now - o.at > OVERRIDE_MAX_AGE_MS) s.overrides.delete(key);
      }
    } catch (error) {
      console.error('[cms] slug index: the content could not be read;', (error as Error).message);
    } finally {
      s.builtAt = Date.now();
      s.building = null;
    }
  })();
  return s.building;
}

/**
 * Whether content of `kind` with this (decoded) slug exists. Reads the content on first use, and again when a
 * slug is missing and the index is older than `REFRESH_ON_MISS_MS`. True when the content could never be read.
 */
export async function hasContentSlug(kind: SlugKind, slug: string): Promise<boolean> {
  const s = state();
  if (!s.sets) await rebuildSlugIndex();
  const override = s.overrides.get(`${kind}\u0000${slug}`);
  if (override) return override.present;
  if (!s.sets) return true;
  if (s.sets.get(kind)?.has(slug)) return true;
  if (Date.now() - s.builtAt < REFRESH_ON_MISS_MS) return false;
  await rebuildSlugIndex();
  return s.sets.get(kind)?.has(slug) ?? false;
}

/** The slug kind of each WordPress post type with its own route (lib/cms/redirects.ts maps old slugs with it). */
export const POST_TYPES: Record<string, SlugKind> = {
  post: 'posts',
  events: 'events',
  reports: 'reports',
  cause: 'causes',
  media_archive: 'media-archive',
  team_member: 'team-member',
  vacancy: 'vacancies',
};

export type SlugChange = ContentChange & { action: string; status?: string };

/**
 * Records a change the revalidation webhook reported, at once: a published save adds the slug (and retires a
 * previous slug), trash/delete/unpublish (or a save with a status other than `publish`) removes it. Changes to
 * other types or taxonomies do not affect content routes and are ignored.
 */
export function noteContentChange(change: SlugChange): void {
  // "Refresh everything": read every list again rather than trust what this instance learnt so far.
  if (change.kind === 'all') {
    void rebuildSlugIndex();
    return;
  }
  if (change.kind === 'settings') return;
  const kind =
    change.kind === 'post'
      ? POST_TYPES[change.postType]
      : change.kind === 'term' && change.taxonomy === 'media_category'
        ? 'media-categories'
        : undefined;
  if (!kind) return;
  const { overrides } = state();
  const present = !isTakedown(change);
  const now = Date.now();
  const record = (slug: string, value: boolean) => {
    const key = `${kind}\u0000${decodedSlug(slug)}`;
    overrides.delete(key);
    overrides.set(key, { present: value, at: now });
  };
  if (change.kind === 'post' && change.previousSlug && change.previousSlug !== change.slug) {
    record(change.previousSlug, false);
  }
  record(change.slug, present);
  while (overrides.size > MAX_OVERRIDES) {
    const oldest = overrides.keys().next().value;
    if (oldest === undefined) break;
    overrides.delete(oldest);
  }
}

/** Forgets the index and the webhook's records (tests). */
export function resetSlugIndex(): void {
  const g = globalThis as typeof globalThis & { [STATE_KEY]?: IndexState };
  delete g[STATE_KEY];
}
