import 'server-only';

import { env } from '@/lib/config/env';

import { wpFetch } from './client';
import { CmsError } from './errors';
import {
  compileOldSlugs,
  compileRedirects,
  matchRedirect,
  withNewSlug,
  type RedirectStatus,
  type RedirectTable,
} from './redirect-rules';
import { POST_TYPES, type SlugKind } from './slug-index';
import type { ContentChange } from './tags';
import { warnOnce } from './warn-once';

/**
 * The redirects `proxy.ts` applies, kept in memory so a request costs a map lookup: the editor's rules
 * (`GET /lrjn/v1/redirects`, checked by redirect-rules.ts) and WordPress's old slugs of renamed posts
 * (`GET /lrjn/v1/old-slugs`), both from the companion plugin.
 *
 * Freshness: read on first use (that request waits, at most one short read), then again in the background at most
 * every `REFRESH_MS` while requests come in; the revalidation webhook (a `redirects` change, or a post saved
 * under a new slug) makes the next request wait for a fresh read, and a rename is known at once. Another
 * instance that did not receive the webhook catches up within `REFRESH_MS`. A failed read keeps what was known;
 * without `WORDPRESS_URL` (the snapshot) there are no redirects and nothing is read. State lives on `globalThis`:
 * the proxy and the route handlers are separate bundles in one process.
 */

/** How old the in-memory copy may get before a request triggers a background refresh. */
export const REFRESH_MS = 60_000;
/** A read on the request path must not hold visitors up for long. */
const READ_TIMEOUT_MS = 3000;

type State = {
  rules: RedirectTable;
  /** WordPress post type → old slug → current slug. */
  oldSlugs: Map<string, Map<string, string>>;
  loadedAt: number;
  /** Set by the webhook: the next request waits for a fresh read. */
  stale: boolean;
  loading: Promise<void> | null;
};

const STATE_KEY = Symbol.for('lrjn.cms.redirects');

function state(): State {
  const g = globalThis as typeof globalThis & { [STATE_KEY]?: State };
  g[STATE_KEY] ??= { rules: new Map(), oldSlugs: new Map(), loadedAt: 0, stale: true, loading: null };
  return g[STATE_KEY];
}

async function read(route: '/lrjn/v1/redirects' | '/lrjn/v1/old-slugs', baseUrl: string): Promise<unknown> {
  const { WORDPRESS_TIMEOUT_MS } = env();
  try {
    const { data } = await wpFetch(
      route,
      {},
      {
        baseUrl,
        timeoutMs: Math.min(WORDPRESS_TIMEOUT_MS, READ_TIMEOUT_MS),
        retries: 0,
        // Not in Next's data cache: this module is the cache, and the webhook must see WordPress's answer.
        revalidate: 0,
        what: route === '/lrjn/v1/redirects' ? 'redirects' : 'old slugs',
      },
    );
    return data;
  } catch (error) {
    if (error instanceof CmsError && error.missing?.code === 'rest_no_route') {
      warnOnce(
        `redirects missing ${route}`,
        `[cms] WordPress has no ${route} (LRJN Companion inactive or outdated): no redirects from it.`,
      );
      return [];
    }
    console.warn(
      `[cms] ${route} could not be read (${(error as Error).message}); keeping the last known list`,
    );
    return undefined;
  }
}

/** Reads both lists again (one read at a time per process). */
export function refreshRedirects(): Promise<void> {
  const s = state();
  const { WORDPRESS_URL } = env();
  if (!WORDPRESS_URL) {
    s.loadedAt = Date.now();
    s.stale = false;
    return Promise.resolve();
  }
  s.loading ??= (async () => {
    s.stale = false;
    try {
      const [rules, oldSlugs] = await Promise.all([
        read('/lrjn/v1/redirects', WORDPRESS_URL),
        read('/lrjn/v1/old-slugs', WORDPRESS_URL),
      ]);
      if (rules !== undefined) s.rules = compileRedirects(rules);
      if (oldSlugs !== undefined) s.oldSlugs = compileOldSlugs(oldSlugs);
    } finally {
      s.loadedAt = Date.now();
      s.loading = null;
    }
  })();
  return s.loading;
}

async function fresh(): Promise<State> {
  const s = state();
  if (s.stale || s.loadedAt === 0) await refreshRedirects();
  else if (Date.now() - s.loadedAt > REFRESH_MS) void refreshRedirects();
  return s;
}

/**
 * The editor's redirect for a request (`pathname` as it arrived, `search` with its `?`), or null. Cheap when
 * there is no WordPress: no read, no lookup.
 */
export async function redirectFor(
  pathname: string,
  search: string,
): Promise<{ location: string; status: RedirectStatus } | null> {
  if (!env().WORDPRESS_URL) return null;
  return matchRedirect((await fresh()).rules, pathname, search);
}

/**
 * Where a content path whose slug no longer exists went, from WordPress's old slugs: `/blog/old` → `/blog/new`
 * (the path without its locale; the caller adds it back), or null.
 */
export async function renamedContentPath(path: string, kind: SlugKind, slug: string): Promise<string | null> {
  if (!env().WORDPRESS_URL) return null;
  const s = await fresh();
  for (const [postType, map] of s.oldSlugs) {
    if (POST_TYPES[postType] !== kind) continue;
    const current = map.get(slug);
    if (current && current !== slug) return withNewSlug(path, current);
  }
  return null;
}

/**
 * Tells the in-memory copy about a change the revalidation webhook reported: new redirect rules are read before
 * the next request is answered; a published post saved under a new slug redirects from its old one at once
 * (WordPress's old-slug list follows on that read).
 */
export function noteRedirectChange(change: ContentChange & { action?: string; status?: string }): void {
  const s = state();
  if (change.kind === 'redirects') {
    s.stale = true;
    return;
  }
  if (change.kind !== 'post' || !change.previousSlug || change.previousSlug === change.slug) return;
  if (change.action !== 'save' || (change.status !== undefined && change.status !== 'publish')) return;
  let map = s.oldSlugs.get(change.postType);
  if (!map) s.oldSlugs.set(change.postType, (map = new Map()));
  const decode = (v: string) => {
    try {
      return decodeURIComponent(v);
    } catch {
      return v;
    }
  };
  map.set(decode(change.previousSlug), decode(change.slug));
  s.stale = true;
}

/** Forgets everything (tests). */
export function resetRedirects(): void {
  const g = globalThis as typeof globalThis & { [STATE_KEY]?: State };
  delete g[STATE_KEY];
}
