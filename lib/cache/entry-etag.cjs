/**
 * One ETag per cached page, computed when the cache handler first hands the entry out (issue 20 item 3), instead of
 * Next hashing the whole HTML again on every cache hit.
 *
 * Next's `generateEtags` (next/dist/server/send-payload.js) runs an FNV-1a hash over the full HTML string for every
 * response it sends from the cache: 250–400 µs a request for a 100 KB page on the bench machine, a quarter to a
 * third of a cached page's server time (bench/results/2026-11-29-throughput.md). next.config.ts turns that off (`generateEtags: false`); the cache handlers
 * (bounded-cache-handler.cjs, redis-cache-handler.cjs) call `addEntryEtag` instead, which stores the same hash in
 * the entry's own `headers` (`addEntryEtag`), and Next sends those headers with every response built from the entry.
 *
 * The tag is weak (`W/"…"`): it is the entry's, so the HTML document and the RSC payload of the same entry carry
 * the same tag (both come from one render, and the HTML embeds that render's RSC payload, so the hash of the HTML
 * changes whenever either does). RFC 9110 §8.8.1 allows a weak validator to be shared that way; a strong one would
 * have to differ between them. Caches keep the two apart anyway: Next sends `Vary: rsc, …` and the RSC URL carries
 * `_rsc`. nginx (deploy/nginx/lrjn.conf) answers `If-None-Match` from its cache with this tag (a 304) for every
 * page it caches; `next start` alone no longer answers 304 for cached pages (it sends the full page, which a
 * conditional request also allows).
 *
 * Plain CommonJS: loaded by the cache handlers outside the bundler.
 */
'use strict';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- CommonJS on purpose (see above)
const { generateETag } = require('next/dist/server/lib/etag');

/** The entry values already looked at: a memory LRU hands out the same object on every hit, so each is hashed once. */
const seen = new WeakSet();

/**
 * Gives `value` (a cache entry's value) an `etag` in its headers, in place, when it is an App Router page whose
 * whole HTML is in the entry (no postponed, partially prerendered part that each request completes) and it has
 * none yet; any other value is left as it is. Looks at each object once, so the handlers call it on every hit and
 * only the first pays for the hash. Returns `value`.
 * @template T
 * @param {T} value
 * @returns {T}
 */
function addEntryEtag(value) {
  if (!value || typeof value !== 'object' || seen.has(value)) return value;
  seen.add(value);
  if (value.kind !== 'APP_PAGE' || typeof value.html !== 'string' || value.postponed) return value;
  if (!(value.headers && value.headers.etag)) {
    value.headers = { ...value.headers, etag: generateETag(value.html, true) };
  }
  return value;
}

module.exports = { addEntryEtag };
