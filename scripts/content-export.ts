import './load-env';

/**
 * `npm run content:export` – writes a live WordPress into the bundled snapshot format, so a charity can ship
 * its own content as the site's fallback and offline default.
 *
 * Reads every allowed REST collection of WORDPRESS_URL (published items only, as any visitor sees them) through
 * the site's own client (lib/cms/client.ts: allow-list, retries, paging through X-WP-TotalPages), and writes:
 * - content/snapshot/{endpoint}.json  the REST JSON arrays (with `_embed`), minus `_links` and per-size image
 *                                     variants, with WordPress URLs made site-relative;
 * - content/media/…                   every uploaded file the JSON refers to (URLs rewritten to /content-media/…);
 * - content/snapshot/manifest.json    when, from where, and how many items.
 *
 * Usage: WORDPRESS_URL=https://cms.example.org npm run content:export [-- --out content]
 * Exits non-zero with a clear message when WordPress cannot be read; the old snapshot is replaced only on success.
 */
import { mkdir, rm, rename, writeFile } from 'node:fs/promises';
import { get as httpGet } from 'node:http';
import { get as httpsGet } from 'node:https';
import path from 'node:path';

import { resolveAcfAttachments } from '@/lib/cms/acf-media';
import { wpFetch, wpFetchAll } from '@/lib/cms/client';
import { CmsError } from '@/lib/cms/errors';
import { ENDPOINTS, TERM_ENDPOINTS, type Endpoint } from '@/lib/cms/source';

const base = process.env.WORDPRESS_URL?.trim();
const outArg = process.argv.indexOf('--out');
const outRoot = path.resolve(outArg > 0 ? (process.argv[outArg + 1] ?? 'content') : 'content');

function fail(message: string): never {
  console.error(`content:export: ${message}`);
  process.exit(1);
}

if (!base)
  fail('set WORDPRESS_URL to the WordPress site to export, e.g. WORDPRESS_URL=https://cms.example.org');
const origin = new URL(base).origin;
const escaped = origin.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const UPLOAD = new RegExp(`${escaped}/wp-content/uploads/([^"'\\s<>)\\\\?#]+)`, 'g');
const ORIGIN = new RegExp(`${escaped}(?=/|")`, 'g');

/** Drops what only makes sense on the WordPress host: `_links` everywhere and the per-size image variants. */
function prune(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(prune);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) {
      if (key === '_links' || key === 'curies') continue;
      if (key === 'sizes' && v && typeof v === 'object' && !Array.isArray(v)) continue;
      out[key] = prune(v);
    }
    return out;
  }
  return value;
}

async function readEndpoint(endpoint: Endpoint): Promise<unknown[]> {
  // Formatted ACF values, and any attachment ID still left in a file/image field resolved (lib/cms/acf-media.ts),
  // so the snapshot holds URLs the site can read without WordPress.
  const query =
    TERM_ENDPOINTS.has(endpoint) || endpoint === 'media' ? {} : { _embed: 'true', acf_format: 'standard' };
  const options = { baseUrl: origin, timeoutMs: 20_000, what: endpoint };
  try {
    const items = await wpFetchAll(`/wp/v2/${endpoint}`, query, options);
    return await resolveAcfAttachments(items, async (ids) => {
      const media = { include: ids, per_page: ids.length };
      return (await wpFetch('/wp/v2/media', media, { ...options, what: 'media' })).data as unknown[];
    });
  } catch (error) {
    // A WordPress without the companion plugin has no custom post types: export what exists.
    if (error instanceof CmsError && (error.status === 404 || error.status === 400)) {
      console.warn(`  ${endpoint}: not available on this WordPress (${error.message}), exported as empty`);
      return [];
    }
    throw error;
  }
}

async function download(relative: string, dir: string): Promise<boolean> {
  const target = path.join(dir, relative);
  if (!target.startsWith(dir + path.sep)) return false;
  const url = `${origin}/wp-content/uploads/${relative.split('/').map(encodeURIComponent).join('/')}`;
  let res: { status: number; body: Buffer };
  try {
    res = await getFile(url);
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
    console.warn(
      `  media ${relative}: ${error instanceof Error ? error.message : String(error)}${cause}, skipped`,
    );
    return false;
  }
  if (res.status < 200 || res.status > 299) {
    console.warn(`  media ${relative}: HTTP ${res.status}, skipped`);
    return false;
  }
  await mkdir(path.dirname(target), { recursive: true });
  await writeFile(target, res.body);
  return true;
}

/**
 * GETs one file on its own connection (node:http/https, no keep-alive). Not fetch(): after the REST reads, Node's
 * fetch crashed the whole export with an uncatchable undici assertion (Parser.finish on socket end) on the rig's
 * `php -S` server, which closes every connection. Rejects on a network error or after 30 s.
 */
function getFile(url: string): Promise<{ status: number; body: Buffer }> {
  const get = url.startsWith('https:') ? httpsGet : httpGet;
  return new Promise((resolve, reject) => {
    const req = get(url, { agent: false, timeout: 30_000 }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error('timed out after 30 s')));
    req.on('error', reject);
  });
}

async function main() {
  const started = Date.now();
  const stage = path.join(outRoot, `.export-${process.pid}`);
  const snapshotDir = path.join(stage, 'snapshot');
  const mediaDir = path.join(stage, 'media');
  await mkdir(snapshotDir, { recursive: true });
  await mkdir(mediaDir, { recursive: true });

  const counts: Record<string, number> = {};
  const files = new Set<string>();
  try {
    for (const endpoint of ENDPOINTS) {
      const items = prune(await readEndpoint(endpoint));
      // Responsive variants (srcset/sizes) point at per-size files we do not ship; next/image resizes instead.
      let text = JSON.stringify(items, null, 1).replace(/ (?:srcset|sizes)=\\"[^"\\]*\\"/g, '');
      text = text.replace(UPLOAD, (_m, rel: string) => {
        files.add(decodeURIComponent(rel));
        return `/content-media/${rel}`;
      });
      text = text.replace(ORIGIN, '');
      await writeFile(path.join(snapshotDir, `${endpoint}.json`), `${text}\n`);
      counts[endpoint] = (items as unknown[]).length;
      console.info(`  ${endpoint}: ${counts[endpoint]}`);
    }
    let downloaded = 0;
    for (const rel of files) if (await download(rel, mediaDir)) downloaded++;
    await writeFile(
      path.join(snapshotDir, 'manifest.json'),
      `${JSON.stringify({ exportedAt: new Date().toISOString(), counts, mediaFiles: downloaded }, null, 2)}\n`,
    );
    await rm(path.join(outRoot, 'snapshot'), { recursive: true, force: true });
    await rm(path.join(outRoot, 'media'), { recursive: true, force: true });
    await rename(snapshotDir, path.join(outRoot, 'snapshot'));
    await rename(mediaDir, path.join(outRoot, 'media'));
    console.info(
      `content:export: ${Object.values(counts).reduce((a, b) => a + b, 0)} items and ${downloaded} media files in ${((Date.now() - started) / 1000).toFixed(1)} s → ${outRoot}`,
    );
  } finally {
    await rm(stage, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));
