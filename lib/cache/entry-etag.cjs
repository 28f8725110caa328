/**
 * One ETag per cached page, computed when the cache handler first hands the entry out (issue 20 item 3), instead of
 * Next hashing the whole HTML again on every cache hit.
 *
 * Next's `generateEtags` (next/dist/server/send-payload.js) runs an FNV-1a hash over the full HTML string for every
 * response it sends from the cache: 250–400 µs a request for a 100 KB page on the bench machine, a quarter to a
 * third of a cached page's server time (bench/results/2026-11-29-throughput.md). next.config.ts turns that off (`generateEtags: false`); the cache handlers
 * (bounded-cache-handler.cjs, redis-cache-handler.cjs) call `withEntryEtag` instead, which stores the same hash in
 * the entry's own `headers`, and Next sends those headers with every response built from the entry.
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

/**
 * `value` (a cache entry's value) with an `etag` in its headers when it is an App Router page whose whole HTML is
 * in the entry (no postponed, partially prerendered part that each request completes); any other value as it is.
 * Returns a new object, or `value` itself when it needs no tag or already has one: the caller may keep the result
 * in place of the original.
 * @template T
 * @param {T} value
 * @returns {T}
 */
function withEntryEtag(value) {
  if (!value || value.kind !== 'APP_PAGE' || typeof value.html !== 'string') return value;
  if (value.postponed) return value;
  if (value.headers && value.headers.etag) return value;
  return { ...value, headers: { ...value.headers, etag: generateETag(value.html, true) } };
}

module.exports = { withEntryEtag };
