/**
 * One `next start` instance's cache, for one operation, in a process of its own (so its tags manifest starts
 * empty, as on another machine): Next's IncrementalCache driving lib/cache/cache-handler.cjs, the way the server
 * does. Used by tests/integration/redis-cache-handler.test.ts.
 *
 * argv[2]: JSON { op: 'set' | 'get' | 'revalidateTag', serverDistDir, pathname, kind, tags, html, durations }.
 * Prints JSON: for 'get', null (a miss: Next renders before answering) or { isStale, html, rsc, segment }.
 * REDIS_URL comes from the environment.
 */
'use strict';

/* eslint-disable @typescript-eslint/no-require-imports -- plain Node helper */
const path = require('node:path');

const { IncrementalCache } = require('next/dist/server/lib/incremental-cache');
const { nodeFs } = require('next/dist/server/lib/node-fs-methods');

const Handler = require(path.join(__dirname, '../../lib/cache/cache-handler.cjs'));
/* eslint-enable @typescript-eslint/no-require-imports */

async function main() {
  const args = JSON.parse(process.argv[2]);
  const cache = new IncrementalCache({
    fs: nodeFs,
    dev: false,
    flushToDisk: true,
    minimalMode: false,
    serverDistDir: args.serverDistDir,
    requestHeaders: {},
    maxMemoryCacheSize: 64 * 1024 * 1024,
    previewProps: { previewModeId: 'peer', previewModeEncryptionKey: 'x', previewModeSigningKey: 'y' },
    prerenderManifest: { version: 4, routes: {}, dynamicRoutes: {}, notFoundRoutes: [], preview: {} },
    CurCacheHandler: Handler,
    allowedRevalidateHeaderKeys: [],
    locales: undefined,
  });
  const route = { kind: 'APP_PAGE', sourceRoute: '/[locale]/blog/[slug]/page' };
  let out = null;
  if (args.op === 'set') {
    await cache.set(
      args.pathname,
      {
        kind: 'APP_PAGE',
        html: args.html,
        rscData: Buffer.from(`rsc:${args.html}`),
        headers: { 'x-next-cache-tags': args.tags.join(',') },
        status: 200,
        postponed: undefined,
        segmentData: new Map([['/_tree', Buffer.from(`tree:${args.html}`)]]),
      },
      {
        route,
        cacheControl: { revalidate: 3600, expire: undefined },
        isRoutePPREnabled: false,
        isFallback: false,
      },
    );
  } else if (args.op === 'get') {
    const entry = await cache.get(args.pathname, {
      kind: 'APP_PAGE',
      route,
      isRoutePPREnabled: false,
      isFallback: false,
    });
    if (entry?.value) {
      out = {
        isStale: entry.isStale ?? false,
        html: entry.value.html,
        rsc: entry.value.rscData.toString(),
        segment: entry.value.segmentData.get('/_tree').toString(),
        ...(args.withEtag ? { etag: entry.value.headers?.etag } : {}),
      };
    }
  } else if (args.op === 'revalidateTag') {
    await cache.revalidateTag(args.tags, args.durations);
  }
  process.stdout.write(JSON.stringify(out));
  // The Redis connection is per process and kept open for the server's lifetime; a one-shot peer just ends.
  process.exit(0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
