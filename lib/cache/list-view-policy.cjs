/**
 * How long the cache keeps a list view (lib/redirects/list-views.ts: `/blog?…` and `/archive?…` are served by
 * the routes `/{locale}/blog/filtered/{state}` and `/{locale}/archive/view/{state}`, the state being the canonical
 * query in base64url). Pure; CommonJS because both cache handlers load it outside the bundler.
 *
 * - A free-text search state (a non-empty `q`) is not cached at all: every distinct text is a new entry of about
 *   150 KB, so one client typing searches would write gigabytes a day into the shared cache (and, in memory mode,
 *   push the hot pages out of the LRU). Such a page is rendered per request, which the screening limit bounds.
 * - Any other list state (a category, a sort order, a page number: a small, finite set) is kept at most
 *   LIST_VIEW_TTL_SECONDS (1 h) instead of the default 7 days.
 * - Anything else is no list view (null).
 */
'use strict';

const LIST_VIEW_TTL_SECONDS = 60 * 60;
const LIST_VIEW_KEY = /\/(?:blog\/filtered|archive\/view)\/([A-Za-z0-9_-]{1,4000})$/;

/** @returns {{ freeText: boolean, ttlSeconds: number } | null} */
function listViewPolicy(key) {
  const match = typeof key === 'string' ? LIST_VIEW_KEY.exec(key) : null;
  if (!match) return null;
  let query = '';
  try {
    query = Buffer.from(match[1].replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString('utf8');
  } catch {
    // Undecodable: the route answers 404 for it; treat it as the shortest-lived kind.
    return { freeText: true, ttlSeconds: 0 };
  }
  const q = new URLSearchParams(query).get('q');
  return q && q.trim()
    ? { freeText: true, ttlSeconds: 0 }
    : { freeText: false, ttlSeconds: LIST_VIEW_TTL_SECONDS };
}

module.exports = { listViewPolicy, LIST_VIEW_TTL_SECONDS };
