/**
 * The ISR / route-handler / data cache of `next start` shared by every instance through Redis (chosen by
 * lib/cache/cache-handler.cjs when REDIS_URL is set).
 *
 * What it stores, under `lrjn:isr:`:
 * - `entry:<build>:<key>`: each rendered page, route response and data-cache (`fetch`, `unstable_cache`) entry,
 *   as JSON (Buffers and Maps encoded), with a Redis expiry (the entry's own `expire`, else 7 days). `<build>` is
 *   the deployment id (next.config `deploymentId`) or the build id, so a new build never serves an old build's
 *   HTML, whose script URLs no longer exist.
 * - `tags`: one hash of tag invalidations, `s:<tag>` (stale since, ms) and `e:<tag>` (expired at, ms), shared by
 *   all builds because a tag names content, not code. It lives in the state Redis (REDIS_STATE_URL, else
 *   REDIS_URL; lib/cache/state-url.ts), whose `noeviction` policy keeps it: evicted, a taken-down page would come
 *   back. The entries live in REDIS_URL, which may evict them (`allkeys-lru`): an evicted entry is re-rendered.
 * - List views (lib/cache/list-view-policy.cjs): a free-text search state is not stored; other list states for
 *   at most an hour.
 *
 * Tag coordination: Next decides whether an entry is fresh, stale (served once, then re-rendered in the
 * background) or expired (re-rendered before answering) from a per-process tags manifest
 * (next/dist/server/lib/incremental-cache/tags-manifest.external). `revalidateTag` writes the invalidation both
 * there and to Redis; every `get` first copies the Redis state of that entry's tags into this process's manifest,
 * so the webhook reaching one instance (app/api/revalidate) invalidates the page on all of them, including the
 * immediate expiry of a takedown (`revalidateTag(tag, { expire: 0 })`).
 *
 * Pages pre-rendered by the build are still read from `.next/server/app` (the built-in handler's reading, with its
 * memory cache and disk writes off) when Redis has no newer copy.
 *
 * If Redis cannot be reached, a read is a miss (the page renders, or the build's copy is served), a write is
 * dropped and a tag invalidation applies to this process only; each is logged, at most once a minute.
 *
 * Written here rather than taken from npm: @fortedigital/nextjs-cache-handler requires Node 22 (this project
 * supports 20.9+) and @trieb.work/nextjs-turbo-redis-cache pins redis 4.7.0; neither reads this Next version's
 * scoped build seeds. It uses ioredis, already a dependency (rate limits, webhook replay guard). Plain CommonJS:
 * Next loads it at run time outside the bundler. tests/integration/redis-cache-handler.test.ts runs two
 * processes against one real Redis.
 */
'use strict';

/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS on purpose (loaded outside the bundler) */
const { readFileSync } = require('node:fs');
const path = require('node:path');

const { Redis } = require('ioredis');
// ioredis's String subclass made V8's String.prototype slow for the whole process: turn it fast again (see there).
require('./string-prototype.cjs').keepStringPrototypeFast();
const FileSystemCache = require('next/dist/server/lib/incremental-cache/file-system-cache').default;
const {
  tagsManifest,
  areTagsExpired,
} = require('next/dist/server/lib/incremental-cache/tags-manifest.external');
const { addEntryEtag } = require('./entry-etag.cjs');
const { listViewPolicy } = require('./list-view-policy.cjs');
/* eslint-enable @typescript-eslint/no-require-imports */

const PREFIX = 'lrjn:isr:';
const TAGS_KEY = `${PREFIX}tags`;
const TAGS_HEADER = 'x-next-cache-tags';
const DEFAULT_TTL_SECONDS = 7 * 24 * 60 * 60;
const MIN_TTL_SECONDS = 60;

// An expiry that has already taken effect is never pushed into the future (a later stale-while-revalidate edit
// must not bring back what a takedown removed); a new immediate expiry always replaces it.
const SET_EXPIRED_SCRIPT = `
local now = tonumber(ARGV[1])
local next = tonumber(ARGV[2])
local current = tonumber(redis.call('HGET', KEYS[1], ARGV[3]) or '')
if next <= now or current == nil or current > now then
  redis.call('HSET', KEYS[1], ARGV[3], ARGV[2])
end
return 1`;

/** @type {Map<string, { client: Redis, ready: Promise<void> }>} one connection per URL per process */
const clients = (globalThis[Symbol.for('lrjn.redisCacheClients')] ??= new Map());

function connect(url) {
  let entry = clients.get(url);
  if (!entry) {
    const client = new Redis(url, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      connectTimeout: 2000,
      // A hung Redis must not hang page responses: past this a read is a miss.
      commandTimeout: 1500,
    });
    // Failures are handled (and logged) where commands fail; without a listener ioredis logs every retry.
    client.on('error', () => {});
    const ready = new Promise((resolve) => {
      if (client.status === 'ready') resolve();
      client.once('ready', () => resolve());
      setTimeout(resolve, 2000).unref();
    });
    entry = { client, ready };
    clients.set(url, entry);
  }
  return entry;
}

let lastWarning = 0;
function warn(message, error) {
  const now = Date.now();
  if (now - lastWarning < 60_000) return;
  lastWarning = now;
  console.warn(`[cache] ${message}: ${error instanceof Error ? error.message : String(error)}`);
}

/** Buffers and Maps survive JSON as tagged objects. */
function encode(value) {
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Uint8Array) {
    return { __lrjnBuffer: Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('base64') };
  }
  if (value instanceof Map) return { __lrjnMap: [...value].map(([k, v]) => [k, encode(v)]) };
  if (Array.isArray(value)) return value.map(encode);
  const out = {};
  for (const [k, v] of Object.entries(value)) if (v !== undefined) out[k] = encode(v);
  return out;
}

function decode(value) {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(decode);
  if (typeof value.__lrjnBuffer === 'string') return Buffer.from(value.__lrjnBuffer, 'base64');
  if (Array.isArray(value.__lrjnMap)) return new Map(value.__lrjnMap.map(([k, v]) => [k, decode(v)]));
  const out = {};
  for (const [k, v] of Object.entries(value)) out[k] = decode(v);
  return out;
}

/** The build this process serves: next.config `deploymentId` when set (the build id is then a constant), else BUILD_ID. */
function buildNamespace(serverDistDir) {
  if (!serverDistDir) return 'unknown';
  const distDir = path.dirname(serverDistDir);
  try {
    const files = JSON.parse(readFileSync(path.join(distDir, 'required-server-files.json'), 'utf8'));
    if (files?.config?.deploymentId) return `d-${files.config.deploymentId}`;
  } catch {
    // Not every build writes it; the build id below is enough.
  }
  try {
    return `b-${readFileSync(path.join(distDir, 'BUILD_ID'), 'utf8').trim()}`;
  } catch {
    return 'unknown';
  }
}

/** The tags an entry answers to: a response's `x-next-cache-tags` header, or a data entry's tags and soft tags. */
function tagsOf(data, ctx) {
  const value = data?.value;
  if (!value) return [];
  if (value.kind === 'FETCH') return [...(ctx?.tags ?? []), ...(ctx?.softTags ?? [])];
  const header = value.headers?.[TAGS_HEADER];
  return typeof header === 'string' && header ? header.split(',') : [];
}

function ttlSeconds(cacheControl) {
  const expire = cacheControl?.expire;
  if (typeof expire === 'number' && Number.isFinite(expire)) {
    return Math.max(MIN_TTL_SECONDS, Math.min(DEFAULT_TTL_SECONDS, Math.ceil(expire)));
  }
  return DEFAULT_TTL_SECONDS;
}

class RedisCacheHandler extends FileSystemCache {
  /** @param {ConstructorParameters<typeof FileSystemCache>[0]} ctx */
  constructor(ctx) {
    // The build's pages only, straight from disk: no per-process memory copy (it would go stale against Redis)
    // and no disk writes.
    super({ ...ctx, flushToDisk: false, maxMemoryCacheSize: 0 });
    this.redisUrl = process.env.REDIS_URL;
    // The same choice as stateRedisUrl() in lib/cache/state-url.ts (this file cannot import TypeScript).
    this.stateUrl = process.env.REDIS_STATE_URL || process.env.REDIS_URL;
    this.namespace = buildNamespace(ctx.serverDistDir);
  }

  entryKey(key) {
    return `${PREFIX}entry:${this.namespace}:${key}`;
  }

  async client() {
    if (!this.redisUrl) return null;
    const { client, ready } = connect(this.redisUrl);
    await ready;
    return client;
  }

  /** The Redis of the tag invalidations (the same connection as `client()` when no state URL is set). */
  async stateClient() {
    if (!this.redisUrl || !this.stateUrl) return null;
    const { client, ready } = connect(this.stateUrl);
    await ready;
    return client;
  }

  /** Copies the shared invalidation state of `tags` into this process's tags manifest. */
  async syncTags(client, tags) {
    const unique = [...new Set(tags)];
    const fields = unique.flatMap((tag) => [`s:${tag}`, `e:${tag}`]);
    const values = await client.hmget(TAGS_KEY, ...fields);
    unique.forEach((tag, i) => {
      const stale = values[2 * i] === null ? undefined : Number(values[2 * i]);
      const expired = values[2 * i + 1] === null ? undefined : Number(values[2 * i + 1]);
      if (stale === undefined && expired === undefined) return;
      const local = tagsManifest.get(tag) ?? {};
      tagsManifest.set(tag, {
        stale: Math.max(local.stale ?? 0, stale ?? 0) || undefined,
        expired: expired ?? local.expired,
      });
    });
  }

  async get(key, ctx) {
    const client = await this.client();
    let data = null;
    if (client) {
      try {
        const raw = await client.get(this.entryKey(key));
        if (raw) data = decode(JSON.parse(raw));
      } catch (error) {
        warn('Redis read failed, rendering instead', error);
      }
    }
    if (!data) data = await super.get(key, ctx);
    if (!data) return null;
    const tags = tagsOf(data, ctx);
    if (tags.length > 0) {
      const state = client && (await this.stateClient());
      if (state) {
        try {
          await this.syncTags(state, tags);
        } catch (error) {
          warn('Redis tag read failed, using this instance’s invalidations only', error);
        }
      }
      // Expired (a takedown, or a plain revalidateTag): render before answering. Stale is Next's own check next.
      if (areTagsExpired(tags, data.lastModified)) return null;
    }
    // Entries written by `set` carry their ETag already; the build's own pages (from the file system cache, the
    // same object on every hit) get it here, once.
    addEntryEtag(data.value);
    return data;
  }

  async set(key, data, ctx) {
    const listView = listViewPolicy(key);
    if (listView?.freeText) return;
    const client = await this.client();
    if (!client) return;
    const cacheControl = ctx?.fetchCache ? undefined : ctx?.cacheControl;
    // A page's ETag is computed once, here, and shared through Redis (lib/cache/entry-etag.cjs).
    const value = data?.kind === 'FETCH' ? { ...data, tags: ctx?.tags ?? [] } : addEntryEtag(data);
    const entry = { lastModified: Date.now(), value, cacheControl };
    try {
      const ttl = ttlSeconds(cacheControl);
      await client.set(
        this.entryKey(key),
        JSON.stringify(encode(entry)),
        'EX',
        listView ? Math.min(ttl, listView.ttlSeconds) : ttl,
      );
    } catch (error) {
      warn('Redis write failed, the entry is not shared', error);
    }
  }

  /**
   * Marks `tags` stale now and, with `durations.expire` (seconds), expired that long from now; with no durations,
   * expired now (Next's own semantics). Applied to this process at once and to Redis for the other instances.
   */
  async revalidateTag(tags, durations) {
    await super.revalidateTag(tags, durations);
    const list = typeof tags === 'string' ? [tags] : tags;
    if (list.length === 0) return;
    const client = await this.stateClient();
    if (!client) return;
    const now = Date.now();
    try {
      const pipeline = client.pipeline();
      for (const tag of list) {
        if (durations) pipeline.hset(TAGS_KEY, `s:${tag}`, String(now));
        const expired = durations
          ? durations.expire === undefined
            ? undefined
            : now + durations.expire * 1000
          : now;
        if (expired !== undefined)
          pipeline.eval(SET_EXPIRED_SCRIPT, 1, TAGS_KEY, String(now), String(expired), `e:${tag}`);
      }
      const results = await pipeline.exec();
      const failed = results?.find(([error]) => error);
      if (failed) throw failed[0];
    } catch (error) {
      // Not rate-limited: another instance may keep serving content this call meant to remove.
      console.error(
        `[cache] Redis tag invalidation failed for ${list.join(', ')}; other instances still serve it: ${
          error instanceof Error ? error.message : String(error)
        }`,
      );
    }
  }
}

module.exports = RedisCacheHandler;
module.exports.encode = encode;
module.exports.decode = decode;
