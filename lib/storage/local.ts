import 'server-only';

import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

import { streamFile } from '@/lib/media/file-response';

import { type MaterialStorage, UPLOADS_URL_PREFIX } from './types';

export const DEFAULT_UPLOADS_DIR = '.data/uploads';

/** Files in a local directory (default `.data/uploads`, relative to the working directory). */
export function localMaterialStorage(dir: string = DEFAULT_UPLOADS_DIR): MaterialStorage {
  const root = path.resolve(process.cwd(), dir);
  const fileOf = (storagePath: string) => {
    const file = path.resolve(root, storagePath);
    // Storage paths are sanitised already; this guards against a caller that skipped that.
    if (path.dirname(file) !== root) throw new Error(`[storage] unsafe storage path: ${storagePath}`);
    return file;
  };
  const url = (storagePath: string) => `${UPLOADS_URL_PREFIX}${encodeURIComponent(storagePath)}`;
  return {
    async put(storagePath, bytes) {
      await mkdir(root, { recursive: true });
      await writeFile(fileOf(storagePath), bytes, { flag: 'wx' });
      return url(storagePath);
    },
    async remove(storagePath) {
      await rm(fileOf(storagePath), { force: true });
    },
    url,
    async read(storagePath, range) {
      return streamFile(fileOf(storagePath), range ?? null, {});
    },
  };
}
