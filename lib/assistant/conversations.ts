import { Redis } from '@/lib/cache/ioredis';

import { createTtlLru } from '@/lib/cache/ttl-lru';

/**
 * Conversation id → where that conversation stands: the last OpenAI response id (so the next message can continue
 * it with `previous_response_id`: OpenAI keeps the history; we keep only this pointer, never the messages), how
 * many turns it has had and how many input tokens its last turn carried (OpenAI bills the whole earlier
 * conversation as input on every turn, so these two bound what one more turn may cost).
 *
 * In process memory by default: entries expire after `ttlMs` (default 24 h) and the least recently used are
 * dropped beyond `max` entries. With `redisUrl` (the state Redis, lib/cache/state-url.ts) the state lives in Redis
 * (`SET … PX ttlMs` under `keyPrefix`, as JSON), so a message that lands on another instance behind the load
 * balancer continues the same thread and the same count; each is also kept in memory, which answers when Redis
 * cannot be reached (a lost pointer only starts a fresh OpenAI thread under the same conversation id: the reply is
 * still grounded, it only loses the earlier turns). Neither method throws. Deliberately not in the database (no
 * schema change).
 */
export type ConversationState = {
  responseId: string;
  /** Replies OpenAI has given in this conversation. */
  turns: number;
  /** Input tokens of the last reply (OpenAI's `usage.input_tokens`: the instructions and the whole thread). */
  inputTokens: number;
};

export type ConversationStore = {
  get(conversationId: string): Promise<ConversationState | undefined>;
  set(conversationId: string, state: ConversationState): Promise<void>;
  /** Closes the Redis connection, if any. */
  close(): Promise<void>;
};

/** A stored value: JSON, or (written before the turn count existed) the bare response id. */
function parseState(raw: string): ConversationState | undefined {
  if (!raw.startsWith('{')) return { responseId: raw, turns: 0, inputTokens: 0 };
  try {
    const v = JSON.parse(raw) as Partial<ConversationState>;
    if (typeof v.responseId !== 'string') return undefined;
    return {
      responseId: v.responseId,
      turns: Number.isFinite(v.turns) ? Number(v.turns) : 0,
      inputTokens: Number.isFinite(v.inputTokens) ? Number(v.inputTokens) : 0,
    };
  } catch {
    return undefined;
  }
}

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
  const entries = createTtlLru<ConversationState>({ max, now });
  if (!redisUrl) {
    return {
      get: async (id) => entries.get(id),
      set: async (id, state) => entries.set(id, state, ttlMs),
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
        const state = shared ? parseState(shared) : undefined;
        if (state) return state;
      } catch {
        // Redis unreachable: this instance's own memory below.
      }
      return entries.get(id);
    },
    async set(id, state) {
      entries.set(id, state, ttlMs);
      await ready;
      try {
        await redis.set(key(id), JSON.stringify(state), 'PX', ttlMs);
      } catch {
        // Kept in memory; another instance starts a fresh thread for this conversation.
      }
    },
    async close() {
      redis.disconnect();
    },
  };
}
