import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * The global Next's IncrementalCache reads its handler class from when next.config.ts names no `cacheHandler`
 * (next/dist/server/lib/incremental-cache/index.js: `globalThis[Symbol.for('@next/cache-handlers')].FetchCache`;
 * the hook hosting platforms use to give Next their own cache).
 */
const NEXT_CACHE_HANDLERS = Symbol.for('@next/cache-handlers');

type HandlerGlobal = { [NEXT_CACHE_HANDLERS]?: Record<string, unknown> };

/**
 * Loads lib/cache/cache-handler.cjs (the Redis handler with REDIS_URL, else the bounded in-memory one) once, from
 * the working directory and outside the bundler, as `next start` did, and hands its class to every IncrementalCache
 * Next creates from now on. Called by instrumentation.ts at server start, before the first request; not during
 * `next build`, which is given the same file through next.config.ts. Why not `cacheHandler` at run time: Next then
 * `import()`s the module again on every request, twice (next.config.ts, issue 20 item 3). Throws if the module
 * cannot be loaded (the server must not start with a cache other than the one configured).
 */
export async function installCacheHandler(cwd = process.cwd()): Promise<void> {
  const url = pathToFileURL(path.join(cwd, 'lib/cache/cache-handler.cjs')).href;
  const loaded = (await import(/* webpackIgnore: true */ /* turbopackIgnore: true */ url)) as {
    default?: unknown;
  };
  const handler = loaded.default ?? loaded;
  if (typeof handler !== 'function')
    throw new Error('lib/cache/cache-handler.cjs exports no cache handler class');
  const g = globalThis as HandlerGlobal;
  g[NEXT_CACHE_HANDLERS] = { ...g[NEXT_CACHE_HANDLERS], FetchCache: handler };
}
