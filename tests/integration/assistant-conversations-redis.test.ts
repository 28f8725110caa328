import { Redis } from '@/lib/cache/ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createConversationStore } from '@/lib/assistant/conversations';
import { openAiReply, type OpenAiEvent } from '@/lib/assistant/openai';
import { siteConfig } from '@/lib/config/site';

import { startOpenAiServer, type OpenAiStandIn } from '../helpers/openai-server';

/**
 * The assistant's conversation pointers shared through a real Redis (TEST_REDIS_URL, set by scripts/run-tests.sh):
 * two stores stand for two instances behind a load balancer; OpenAI is the local Responses API stand-in.
 */
describe.runIf(!!process.env.TEST_REDIS_URL)('assistant conversations in Redis (TEST_REDIS_URL)', () => {
  const redisUrl = process.env.TEST_REDIS_URL!;
  const keyPrefix = `test:assistant:${process.pid}:${Date.now()}`;
  let server: OpenAiStandIn;
  let redis: Redis;
  const a = createConversationStore({ redisUrl, keyPrefix });
  const b = createConversationStore({ redisUrl, keyPrefix });

  beforeAll(async () => {
    server = await startOpenAiServer();
    redis = new Redis(redisUrl);
  });
  afterAll(async () => {
    await Promise.all([server.close(), a.close(), b.close(), redis.quit()]);
  });

  async function reply(store: typeof a, conversationId: string, message: string): Promise<OpenAiEvent[]> {
    const events: OpenAiEvent[] = [];
    for await (const event of openAiReply(
      { apiKey: 'sk-test-stand-in-key', baseURL: server.baseURL, model: 'test-model' },
      {
        locale: 'en',
        message,
        passages: [],
        site: siteConfig(),
        conversationId,
        conversations: store,
        maxChars: 600,
      },
    )) {
      events.push(event);
    }
    return events;
  }

  it('a conversation started on instance A continues on instance B (previous_response_id)', async () => {
    server.requests.length = 0;
    expect((await reply(a, 'conv-1', 'What is Stop the Scan?')).at(-1)).toMatchObject({ type: 'done' });
    expect((await reply(b, 'conv-1', 'And how do I join?')).at(-1)).toMatchObject({ type: 'done' });
    const [first, second] = server.requests;
    expect(first?.body.previous_response_id).toBeUndefined();
    expect(second?.body.previous_response_id).toMatch(/^resp_\d+$/);
    // The turn count and the input tokens travel with the pointer (the stand-in reports usage).
    const state = await a.get('conv-1');
    expect(state).toMatchObject({ turns: 2 });
    expect(state!.inputTokens).toBeGreaterThan(0);
    // Stored with the store's lifetime (24 h by default), not forever.
    const ttl = await redis.pttl(`${keyPrefix}:conv-1`);
    expect(ttl).toBeGreaterThan(23 * 60 * 60 * 1000);
    expect(ttl).toBeLessThanOrEqual(24 * 60 * 60 * 1000);
  });

  it('without Redis each instance keeps its own pointers (the behaviour the shared store replaces)', async () => {
    const alone = createConversationStore();
    await a.set('conv-2', { responseId: 'resp_shared', turns: 3, inputTokens: 900 });
    expect(await b.get('conv-2')).toEqual({ responseId: 'resp_shared', turns: 3, inputTokens: 900 });
    expect(await alone.get('conv-2')).toBeUndefined();
  });
});

describe('assistant conversations when Redis is unreachable', () => {
  it('keeps the pointer in this instance’s memory and never throws', async () => {
    const store = createConversationStore({ redisUrl: 'redis://127.0.0.1:1', keyPrefix: 'unreachable' });
    await store.set('conv-3', { responseId: 'resp_local', turns: 1, inputTokens: 5 });
    expect((await store.get('conv-3'))?.responseId).toBe('resp_local');
    expect(await store.get('unknown')).toBeUndefined();
    await store.close();
  });
});
