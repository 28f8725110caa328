import 'server-only';

import { readFile } from 'node:fs/promises';
import path from 'node:path';

import { querySnapshot } from '../snapshot-query';
import type { ContentSource, Endpoint } from '../source';

/**
 * Content from the bundled snapshot: `content/snapshot/{endpoint}.json`, each an array of WordPress REST items
 * as `npm run content:export` wrote them (with `_embedded`). Files are read once per process; a missing file is
 * an empty collection (a charity's own snapshot may not use every post type).
 */
export function snapshotSource(dir = path.join(process.cwd(), 'content', 'snapshot')): ContentSource {
  const files = new Map<Endpoint, Promise<unknown[]>>();
  const load = (endpoint: Endpoint) => {
    let pending = files.get(endpoint);
    if (!pending) {
      pending = readFile(path.join(dir, `${endpoint}.json`), 'utf8')
        .then((text) => {
          const data: unknown = JSON.parse(text);
          return Array.isArray(data) ? data : [];
        })
        .catch((error: NodeJS.ErrnoException) => {
          if (error.code !== 'ENOENT')
            console.error(`[cms] snapshot ${endpoint}.json is unreadable:`, error.message);
          return [];
        });
      files.set(endpoint, pending);
    }
    return pending;
  };
  return {
    name: 'snapshot',
    async list(endpoint, query) {
      // WordPress caps per_page at 100; so do we, so both sources page alike.
      return querySnapshot(await load(endpoint), endpoint, {
        ...query,
        perPage: Math.min(100, query.perPage ?? 10),
      });
    },
    async listAll(endpoint, query) {
      return querySnapshot(await load(endpoint), endpoint, { ...query, page: 1, perPage: 100_000 }).items;
    },
  };
}
