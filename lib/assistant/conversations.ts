import { Redis } from '@/lib/cache/ioredis';

import { createTtlLru } from '@/lib/cache/ttl-lru';

/**
 * Conversation id → the last OpenAI response id of that conversation, so the next message can continue it with
 * `previous_response_id` (OpenAI keeps the history; we keep only this pointer, never the messages).
 *
 * In process memory by default: entries expire after `ttlMs` (default 24 h) and the least recently used are
 * dropped beyond `max` entries. With `redisUrl` (REDIS_URL) the pointers live in Redis (`SET … PX ttlMs` under
 * `keyPrefix`), so a message that lands on another instance behind the load balancer continues the same thread;
 * each is also kept in memory, which answers when Redis cannot be reached (a lost pointer only starts a fresh
 * OpenAI thread under the same conversation id: the reply is still grounded, it only loses the earlier turns).
 * Neither method throws. Deliberately not in the database (no schema change).
 */
export type ConversationStore = {
  get(conversationId: string): Promise<string | undefined>;
  set(conversationId: string, responseId: string): Promise<void>;
  /** Closes the Redis connection, if any. */
  close(): Promise<void>;
};

export function createConversationStore({
  ttlMs = 24 * 60 * 60 * 1000,
  max = 10_000,
  now = () => Date.now(),
  redisUrl,
  keyPrefix = 'lrjn:assistant:conversation',
}: {
  ttlMs?: number;
  max?: number;
  now?: () => number;
  redisUrl?: string;
  keyPrefix?: string;
} = {}): ConversationStore {
  const entries = createTtlLru<string>({ max, now });
  if (!redisUrl) {
    return {
      get: async (id) => entries.get(id),
      set: async (id, responseId) => entries.set(id, responseId, ttlMs),
      close: async () => {},
    };
  }

  const redis = new Redis(redisUrl, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
  });
  // Failures fall back to memory below; without a listener ioredis would log each retry.
  redis.on('error', () => {});
  const ready = new Promise<void>((resolve) => {
    if (redis.status === 'ready') resolve();
    redis.once('ready', () => resolve());
    setTimeout(resolve, 2000).unref();
  });
  const key = (id: string) => `${keyPrefix}:${id}`;
  return {
    async get(id) {
      await ready;
      try {
        const shared = await redis.get(key(id));
        if (shared) return shared;
      } catch {
        // Redis unreachable: this instance's own memory below.
      }
      return entries.get(id);
    },
    async set(id, responseId) {
      entries.set(id, responseId, ttlMs);
      await ready;
      try {
        await redis.set(key(id), responseId, 'PX', ttlMs);
      } catch {
        // Kept in memory; another instance starts a fresh thread for this conversation.
      }
    },
    async close() {
      redis.disconnect();
    },
  };
}
