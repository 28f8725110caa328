import { createTtlLru } from '@/lib/cache/ttl-lru';

/**
 * Conversation id → the last OpenAI response id of that conversation, so the next message can continue it with
 * `previous_response_id` (OpenAI keeps the history; we keep only this pointer, never the messages).
 *
 * Per instance, in process memory: entries expire after `ttlMs` (default 24 h) and the least recently used are
 * dropped beyond `max` entries. With several instances behind a load balancer, a message that lands on another
 * instance (or after a restart) starts a fresh OpenAI thread under the same conversation id: the reply is still
 * grounded and correct, it only loses the earlier turns. Deliberately not in the database (no schema change).
 */
export type ConversationStore = {
  get(conversationId: string): string | undefined;
  set(conversationId: string, responseId: string): void;
  readonly size: number;
};

export function createConversationStore({
  ttlMs = 24 * 60 * 60 * 1000,
  max = 10_000,
  now = () => Date.now(),
}: { ttlMs?: number; max?: number; now?: () => number } = {}): ConversationStore {
  const entries = createTtlLru<string>({ max, now });
  return {
    get: (id) => entries.get(id),
    set: (id, responseId) => entries.set(id, responseId, ttlMs),
    get size() {
      return entries.size;
    },
  };
}
