import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import { createEventDecoder, type AssistantEvent } from '@/lib/assistant/protocol';

import { startOpenAiServer, type OpenAiStandIn } from '../helpers/openai-server';

/**
 * What one visitor can make the assistant cost (security review NM3), through the real route handler and the
 * official SDK against the local Responses API stand-in (tests/helpers/openai-server.ts): a conversation is
 * capped in turns and in input tokens, the day's token budget hands over to the local answerer and alerts once,
 * and the local corpus is built once per content revalidation, not per message.
 */

vi.setConfig({ testTimeout: 60_000 });

const KEY = 'sk-test-stand-in-key';
let server: OpenAiStandIn;

// A stand-in for Next's data cache, with tags: enough for the corpus version (lib/assistant/corpus.ts).
const dataCache = vi.hoisted(() => {
  const entries = new Map<string, { value: unknown; tags: string[] }>();
  return {
    entries,
    revalidateTag(tag: string) {
      for (const [key, entry] of entries) if (entry.tags.includes(tag)) entries.delete(key);
    },
  };
});
vi.mock('next/cache', () => ({
  unstable_cache:
    <T>(fn: () => Promise<T>, keyParts: string[], options: { tags?: string[] } = {}) =>
    async (): Promise<T> => {
      const key = keyParts.join('/');
      const hit = dataCache.entries.get(key);
      if (hit) return hit.value as T;
      const value = await fn();
      dataCache.entries.set(key, { value, tags: options.tags ?? [] });
      return value;
    },
  revalidateTag: (tag: string) => dataCache.revalidateTag(tag),
}));

// Counts the corpus conversions (the CPU a message used to cost).
const conversions = vi.hoisted(() => ({ count: 0 }));
vi.mock('@/lib/cms', async (importOriginal) => {
  const original = await importOriginal<typeof import('@/lib/cms')>();
  return {
    ...original,
    htmlToText: (html: string) => {
      conversions.count++;
      return original.htmlToText(html);
    },
  };
});

beforeAll(async () => {
  server = await startOpenAiServer();
});
afterAll(async () => {
  await server.close();
  vi.unstubAllEnvs();
});

beforeEach(() => {
  vi.resetModules();
  vi.unstubAllEnvs();
  dataCache.entries.clear();
  server.requests.length = 0;
  vi.stubEnv('OPENAI_API_KEY', KEY);
  vi.stubEnv('OPENAI_BASE_URL', server.baseURL);
  vi.stubEnv('OPENAI_MODEL', 'test-model');
  vi.stubEnv('ASSISTANT_MAX_CHARS', '');
  vi.stubEnv('ASSISTANT_RATE_LIMIT_MAX', '1000');
  vi.stubEnv('REDIS_URL', '');
  vi.stubEnv('REDIS_STATE_URL', '');
  vi.stubEnv('ADMIN_ALERT_EMAIL', '');
});

async function load() {
  const { POST } = await import('@/app/api/assistant/route');
  return async function ask(message: string, conversationId?: string) {
    const res = await POST(
      new Request('http://localhost/api/assistant', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-screening-socket-address': '192.0.2.44' },
        body: JSON.stringify({ message, locale: 'en', conversationId }),
      }),
    );
    expect(res.status).toBe(200);
    const events: AssistantEvent[] = createEventDecoder().push(`${await res.text()}\n`);
    return {
      id: (events[0] as { conversationId: string }).conversationId,
      text: events.map((e) => (e.type === 'delta' ? e.text : '')).join(''),
      last: events.at(-1),
    };
  };
}

describe('assistant conversation cap (NM3)', () => {
  it('ends a conversation after ASSISTANT_MAX_TURNS replies: a new thread, and the visitor is told', async () => {
    vi.stubEnv('ASSISTANT_MAX_TURNS', '3');
    const ask = await load();
    let id: string | undefined;
    const ids: string[] = [];
    const texts: string[] = [];
    for (let i = 0; i < 5; i++) {
      const reply = await ask(`Question ${i} about events`, id);
      expect(reply.last).toEqual({ type: 'done' });
      id = reply.id;
      ids.push(reply.id);
      texts.push(reply.text);
    }
    const previous = server.requests.map((r) => r.body.previous_response_id);
    // Turns 1-3 chain; the 4th starts a new thread (no previous id), which the 5th continues.
    expect(previous[0]).toBeUndefined();
    expect(previous[1]).toMatch(/^resp_/);
    expect(previous[2]).toMatch(/^resp_/);
    expect(previous[3]).toBeUndefined();
    expect(previous[4]).toMatch(/^resp_/);
    expect(new Set(ids.slice(0, 3)).size).toBe(1);
    expect(ids[3]).not.toBe(ids[0]);
    expect(ids[4]).toBe(ids[3]);
    expect(texts[3]).toMatch(/^This conversation had grown long, so I have started a new one/);
    expect(texts[4]).not.toMatch(/grown long/);
  });

  it('ends a conversation whose last turn carried ASSISTANT_MAX_CONVERSATION_TOKENS input tokens', async () => {
    vi.stubEnv('ASSISTANT_MAX_CONVERSATION_TOKENS', '1');
    const ask = await load();
    const first = await ask('What events do you run?');
    const second = await ask('And where?', first.id);
    expect(server.requests.map((r) => r.body.previous_response_id)).toEqual([undefined, undefined]);
    expect(second.id).not.toBe(first.id);
    expect(second.text).toMatch(/started a new one/);
  });

  it('tells the visitor in their language', async () => {
    vi.stubEnv('ASSISTANT_MAX_TURNS', '1');
    const { POST } = await import('@/app/api/assistant/route');
    const send = async (conversationId?: string) => {
      const res = await POST(
        new Request('http://localhost/api/assistant', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-screening-socket-address': '192.0.2.45' },
          body: JSON.stringify({ message: 'eventos', locale: 'es', conversationId }),
        }),
      );
      return createEventDecoder().push(`${await res.text()}\n`);
    };
    const first = await send();
    const again = await send((first[0] as { conversationId: string }).conversationId);
    const text = again.map((e) => (e.type === 'delta' ? e.text : '')).join('');
    expect(text).toMatch(/^Esta conversación se había alargado mucho/);
  });
});

describe('assistant daily token budget (NM3)', () => {
  it('once spent, replies come from the local answerer and the alert is raised once', async () => {
    vi.stubEnv('ASSISTANT_DAILY_TOKEN_BUDGET', '50');
    const { logger } = await import('@/lib/log');
    const errors = vi.spyOn(logger(), 'error');
    const ask = await load();
    const first = await ask('What events do you run?');
    expect(first.text).toBe(server.reply);
    expect(server.requests).toHaveLength(1);
    for (const message of ['How do I volunteer?', 'Tell me about events', 'donate']) {
      const reply = await ask(message);
      expect(reply.last).toEqual({ type: 'done' });
      expect(reply.text).not.toBe(server.reply);
    }
    // No further upstream call once the budget is spent.
    expect(server.requests).toHaveLength(1);
    const alerts = errors.mock.calls.filter(([, msg]) => String(msg).includes('budget spent'));
    expect(alerts).toHaveLength(1);
    expect(alerts[0]?.[0]).toMatchObject({ component: 'assistant', budget: 50 });
    expect((alerts[0]?.[0] as { spent: number }).spent).toBeGreaterThanOrEqual(50);
  });

  it('below the budget every message goes to OpenAI', async () => {
    vi.stubEnv('ASSISTANT_DAILY_TOKEN_BUDGET', '10000000');
    const ask = await load();
    for (let i = 0; i < 3; i++) await ask(`events ${i}`);
    expect(server.requests).toHaveLength(3);
  });
});

describe('assistant corpus memo (NM3)', () => {
  it('converts the corpus once for many messages, and again after a revalidation', async () => {
    vi.stubEnv('OPENAI_API_KEY', '');
    const ask = await load();
    const { revalidateTag } = await import('next/cache');
    conversions.count = 0;
    await ask('events');
    const once = conversions.count;
    expect(once).toBeGreaterThan(0);
    for (let i = 0; i < 5; i++) await ask(`volunteer ${i}`);
    expect(conversions.count).toBe(once);
    // The webhook revalidates a content tag: the next message after the rebuild interval builds afresh.
    revalidateTag('posts', 'max');
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 11_000);
      await ask('events again');
      expect(conversions.count).toBe(2 * once);
      await ask('events once more');
      expect(conversions.count).toBe(2 * once);
    } finally {
      vi.useRealTimers();
    }
  }, 60_000);
});
