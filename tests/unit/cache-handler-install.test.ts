import { createRequire } from 'node:module';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { PHASE_DEVELOPMENT_SERVER, PHASE_PRODUCTION_BUILD, PHASE_PRODUCTION_SERVER } from 'next/constants';
import { afterAll, describe, expect, it } from 'vitest';

import { installCacheHandler } from '@/lib/cache/install-handler';

import config from '../../next.config';

/**
 * The ISR cache handler reaches a running server through instrumentation.ts, not next.config.ts (issue 20 item 3:
 * Next would import the module twice on every request). Checked against the installed Next: an IncrementalCache
 * built without `CurCacheHandler`, as `next start` now builds it, must use our handler.
 */
const require = createRequire(import.meta.url);
const { IncrementalCache } = require('next/dist/server/lib/incremental-cache') as {
  IncrementalCache: new (options: object) => { cacheHandler?: object };
};
const { nodeFs } = require('next/dist/server/lib/node-fs-methods') as { nodeFs: object };

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  // Other test files in this worker build IncrementalCaches of their own.
  delete (globalThis as { [key: symbol]: unknown })[Symbol.for('@next/cache-handlers')];
});

/** An IncrementalCache with the options create-incremental-cache.js gives one, and no handler class of its own. */
function incrementalCache() {
  const dir = mkdtempSync(path.join(tmpdir(), 'cache-install-'));
  dirs.push(dir);
  const previewProps = { previewModeId: 'x', previewModeSigningKey: 'y', previewModeEncryptionKey: 'z' };
  return new IncrementalCache({
    dev: false,
    requestHeaders: {},
    flushToDisk: false,
    maxMemoryCacheSize: 1024 * 1024,
    previewProps,
    prerenderManifest: {
      version: 4,
      routes: {},
      dynamicRoutes: {},
      notFoundRoutes: [],
      preview: previewProps,
    },
    fs: nodeFs,
    serverDistDir: path.join(dir, 'server'),
    minimalMode: false,
  });
}

describe('the ISR cache handler', () => {
  it('is named in next.config.ts for `next build` only', () => {
    expect(config(PHASE_PRODUCTION_BUILD).cacheHandler).toBe(
      path.join(process.cwd(), 'lib/cache/cache-handler.cjs'),
    );
    expect(config(PHASE_PRODUCTION_SERVER).cacheHandler).toBeUndefined();
    expect(config(PHASE_DEVELOPMENT_SERVER).cacheHandler).toBeUndefined();
  });

  it('is what every IncrementalCache uses once installed at start', async () => {
    const before = incrementalCache().cacheHandler;
    expect(before?.constructor.name).toBe('FileSystemCache');
    await installCacheHandler();
    // Without REDIS_URL (unset in unit tests): the bounded in-memory handler.
    expect(incrementalCache().cacheHandler?.constructor.name).toBe('BoundedCacheHandler');
  });

  it('refuses to start with a directory that holds no handler', async () => {
    await expect(installCacheHandler(path.join(tmpdir(), 'no-such-app'))).rejects.toThrow();
  });
});
