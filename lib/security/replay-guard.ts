/**
 * One-time use of signed requests (the revalidation webhook): `claim(id)` is true the first time an id is seen
 * within `ttlSeconds`, false after. With a Redis URL the ids live in Redis (`SET key NX EX`), so a request
 * captured and replayed against another instance is refused too; otherwise in this process's memory.
 *
 * If Redis cannot be reached, the claim falls back to this process's memory rather than refusing every
 * webhook (a replay is harmless in itself: revalidation is idempotent; this only stops amplification).
 */
import { Redis } from '@/lib/cache/ioredis';

export type ReplayGuard = {
  /** True if `id` was not claimed before within the window (and claims it now). Never throws. */
  claim(id: string): Promise<boolean>;
  /** Closes the Redis connection, if any. */
  close(): Promise<void>;
};

export type ReplayGuardOptions = {
  ttlSeconds: number;
  keyPrefix: string;
  redisUrl?: string;
  /** Most ids kept in memory; the oldest go first (legitimate webhooks are a handful a minute). */
  maxMemoryEntries?: number;
};

function memoryGuard(ttlSeconds: number, maxEntries: number) {
  const seen = new Map<string, number>();
  return (id: string, nowMs = Date.now()): boolean => {
    for (const [key, expires] of seen) {
      if (expires > nowMs && seen.size <= maxEntries) break;
      seen.delete(key);
    }
    const expires = seen.get(id);
    if (expires !== undefined && expires > nowMs) return false;
    seen.set(id, nowMs + ttlSeconds * 1000);
    return true;
  };
}

export function createReplayGuard({
  ttlSeconds,
  keyPrefix,
  redisUrl,
  maxMemoryEntries = 10_000,
}: ReplayGuardOptions): ReplayGuard {
  const memory = memoryGuard(ttlSeconds, maxMemoryEntries);
  if (!redisUrl) return { claim: async (id) => memory(id), close: async () => {} };

  const redis = new Redis(redisUrl, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
  });
  // Connection problems fall back to memory below; without a listener ioredis would log each retry.
  redis.on('error', () => {});
  const ready = new Promise<void>((resolve) => {
    if (redis.status === 'ready') resolve();
    redis.once('ready', () => resolve());
    setTimeout(resolve, 2000).unref();
  });
  return {
    async claim(id) {
      await ready;
      try {
        const set = await redis.set(`${keyPrefix}:${id}`, '1', 'EX', ttlSeconds, 'NX');
        // Also remembered locally, so a replay is still refused here if Redis goes away within the window.
        const local = memory(id);
        return set === 'OK' && local;
      } catch {
        return memory(id);
      }
    },
    async close() {
      redis.disconnect();
    },
  };
}
