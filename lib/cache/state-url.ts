import { type Env, env } from '@/lib/config/env';

/**
 * Where the security state lives: rate-limit counters, webhook replay keys, the cache's tag-invalidation hash
 * (lib/cache/redis-cache-handler.cjs reads the same variables), the assistant's conversation state and daily
 * budget. That state must never be evicted (a lost counter resets a limit, a lost replay key lets a captured
 * webhook be sent again, a lost tag invalidation brings back a taken-down page), while the page cache should be
 * evicted freely: Redis sets `maxmemory-policy` per server, not per database, so the two need two Redis servers
 * (or managed instances), the cache one `allkeys-lru`, the state one `noeviction`.
 *
 * REDIS_STATE_URL names the state Redis. Unset, the state stays in REDIS_URL, where every deployment before this
 * variable kept it: nothing moves on upgrade (a default of "REDIS_URL's database + 1" would have started with an
 * empty tag-invalidation hash, bringing back every page taken down before the upgrade, and would share the
 * cache's eviction policy anyway). A one-time warning says so. Undefined without either (state in process memory).
 */
export function stateRedisUrl(e: Pick<Env, 'REDIS_URL' | 'REDIS_STATE_URL'> = env()): string | undefined {
  if (e.REDIS_STATE_URL) return e.REDIS_STATE_URL;
  if (e.REDIS_URL && !warned) {
    warned = true;
    console.warn(
      '[redis] REDIS_STATE_URL is not set: rate limits, replay keys and tag invalidations share the cache Redis (REDIS_URL); give them a Redis with maxmemory-policy noeviction (README "Redis")',
    );
  }
  return e.REDIS_URL;
}

let warned = false;
