/**
 * The cache handler (next.config.ts `cacheHandler` for `next build`; lib/cache/install-handler.ts, called from
 * instrumentation.ts, for a running server), chosen when the process starts: with
 * REDIS_URL set, lib/cache/redis-cache-handler.cjs (one cache and one set of tag invalidations for every
 * instance); without it, lib/cache/bounded-cache-handler.cjs (this process's memory, size-capped). Chosen here
 * rather than in next.config.ts so the same build runs either way.
 *
 * `next build` always gets the memory handler, even with REDIS_URL in its environment: a build must neither read
 * data cached by another build (it would bake old content into the new pages) nor write into the shared cache
 * before it has a build id to key its entries by.
 */
'use strict';

// The same test as isBuildPhase() in lib/config/env.ts, the one build-phase check of the TypeScript code: this file
// is required by Next outside the bundler, so it cannot import that module.
const building = process.env.NEXT_PHASE === 'phase-production-build';

/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS on purpose (loaded outside the bundler) */
module.exports =
  process.env.REDIS_URL && !building
    ? require('./redis-cache-handler.cjs')
    : require('./bounded-cache-handler.cjs');
