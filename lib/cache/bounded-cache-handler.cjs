/**
 * The ISR / route-handler / data cache of `next start` (next.config.ts `cacheHandler`), bounded in size.
 *
 * Next's default handler keeps every rendered page in an in-memory LRU (`cacheMaxMemorySize`, 50 MB by default)
 * AND writes it to `.next/server/route-cache` with no limit at all, so each distinct path rendered adds files
 * until the disk is full (security review finding H2). This is that same default handler (same tag
 * expiry, same reading of the pages pre-rendered at build time) with the disk writes turned off: what is
 * rendered at run time lives only in the LRU, evicted oldest-first past `cacheMaxMemorySize`. An evicted page
 * is simply rendered again on its next request.
 *
 * Trade-offs: a restart starts with only the build's pages (those are still read from `.next/server/app`), and
 * the data cache (`fetch` with `next.tags`) is per process too. For several instances, a shared cache (Redis with
 * `maxmemory-policy allkeys-lru`) is the next step; see README "Scaling out".
 *
 * Plain CommonJS: Next loads this file at run time with a dynamic import, outside the bundler. It extends a class
 * from Next's own distribution (not a public API); tests/unit/bounded-cache-handler.test.ts checks it against the
 * installed Next so an upgrade that changes it fails there rather than in production.
 */
'use strict';

// CommonJS on purpose (loaded outside the bundler, see above).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const FileSystemCache = require('next/dist/server/lib/incremental-cache/file-system-cache').default;

class BoundedCacheHandler extends FileSystemCache {
  /** @param {ConstructorParameters<typeof FileSystemCache>[0]} ctx */
  constructor(ctx) {
    super({ ...ctx, flushToDisk: false });
  }
}

module.exports = BoundedCacheHandler;
