/**
 * The limiter every rate limit uses (named ones in lib/rate-limit/index.ts): a fixed window of `points` requests per `durationSeconds` per key, from
 * rate-limiter-flexible. In process memory by default; in Redis when a URL is given, so several instances share
 * one count. If Redis is unreachable, an in-process "insurance" limiter takes over rather than failing open or
 * blocking everyone.
 */
import { Redis } from '@/lib/cache/ioredis';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';

export type LimitDecision =
  { allowed: true; remaining: number } | { allowed: false; retryAfterSeconds: number };

export type Limiter = {
  /** Counts one request for `key`. Never throws. */
  consume(key: string): Promise<LimitDecision>;
  /** Closes the Redis connection, if any. */
  close(): Promise<void>;
};

/** A limiter that can also be asked without counting (what `createLimiter` returns). */
export type PeekableLimiter = Limiter & {
  /**
   * Whether `key` has used up its budget, without counting anything: `allowed: false` once `points` requests
   * were counted in the current window. Never throws (a store error reads as allowed).
   */
  peek(key: string): Promise<LimitDecision>;
};

export type LimiterOptions = {
  points: number;
  durationSeconds: number;
  keyPrefix: string;
  redisUrl?: string;
};

export function createLimiter({
  points,
  durationSeconds,
  keyPrefix,
  redisUrl,
}: LimiterOptions): PeekableLimiter {
  const memory = new RateLimiterMemory({ points, duration: durationSeconds, keyPrefix });
  let redis: Redis | undefined;
  let store: RateLimiterAbstract = memory;

  if (redisUrl) {
    redis = new Redis(redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 2000 });
    // Connection problems are handled by the insurance limiter; without a listener ioredis would log each retry.
    redis.on('error', () => {});
    store = new RateLimiterRedis({
      storeClient: redis,
      points,
      duration: durationSeconds,
      keyPrefix,
      rejectIfRedisNotReady: true,
      insuranceLimiter: new RateLimiterMemory({
        points,
        duration: durationSeconds,
        keyPrefix: `${keyPrefix}:insurance`,
      }),
    });
  }

  return {
    async consume(key) {
      try {
        const res = await store.consume(key, 1);
        return { allowed: true, remaining: res.remainingPoints };
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) {
          return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)) };
        }
        // A store error that even the insurance limiter could not absorb: let the request through.
        return { allowed: true, remaining: -1 };
      }
    },
    async peek(key) {
      try {
        const res = await store.get(key);
        if (res && res.consumedPoints >= points) {
          return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)) };
        }
        return { allowed: true, remaining: res ? points - res.consumedPoints : points };
      } catch {
        return { allowed: true, remaining: -1 };
      }
    },
    async close() {
      redis?.disconnect();
    },
  };
}
