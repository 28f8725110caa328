/**
 * The cache handler `next start` loads (next.config.ts `cacheHandler`), chosen when the server starts: with
 * REDIS_URL set, lib/cache/redis-cache-handler.cjs (one cache and one set of tag invalidations for every
 * instance); without it, lib/cache/bounded-cache-handler.cjs (this process's memory, size-capped). Chosen here
 * rather than in next.config.ts so the same build runs either way.
 */
'use strict';

/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS on purpose (loaded outside the bundler) */
module.exports = process.env.REDIS_URL
  ? require('./redis-cache-handler.cjs')
  : require('./bounded-cache-handler.cjs');
