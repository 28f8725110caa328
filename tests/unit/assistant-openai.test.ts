import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import { createEventDecoder, type AssistantEvent } from '@/lib/assistant/protocol';

import { startOpenAiServer, type OpenAiStandIn } from '../helpers/openai-server';

/**
 * The OpenAI path of POST /api/assistant, through the real route handler and the official SDK, against a local
 * server that speaks the Responses API (tests/helpers/openai-server.ts).
 */

const KEY = 'sk-test-stand-in-key';
let server: OpenAiStandIn;

beforeAll(async () => {
  server = await startOpenAiServer();
});
afterAll(async () => {
  await server.close();
  vi.unstubAllEnvs();
});
beforeEach(() => {
  server.requests.length = 0;
  server.reply = 'Hello from the stand-in. See [Events](/events).';
  vi.stubEnv('OPENAI_API_KEY', KEY);
  vi.stubEnv('OPENAI_BASE_URL', server.baseURL);
  vi.stubEnv('OPENAI_MODEL', 'test-model');
  vi.stubEnv('ASSISTANT_MAX_CHARS', '');
});

let POST: (request: Request) => Promise<Response>;
beforeAll(async () => {
  vi.stubEnv('OPENAI_API_KEY', KEY);
  vi.stubEnv('OPENAI_BASE_URL', server.baseURL);
  POST = (await import('@/app/api/assistant/route')).POST;
});

async function ask(message: string, extra: Record<string, unknown> = {}, ip = '192.0.2.10') {
  const res = await POST(
    new Request('http://localhost/api/assistant', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-screening-socket-address': ip },
      body: JSON.stringify({ message, locale: 'en', ...extra }),
    }),
  );
  expect(res.status).toBe(200);
  const events: AssistantEvent[] = createEventDecoder().push(`${await res.text()}\n`);
  const text = events.map((e) => (e.type === 'delta' ? e.text : '')).join('');
  return { events, text, last: events.at(-1), id: (events[0] as { conversationId: string }).conversationId };
}

describe('assistant on the OpenAI Responses API (local stand-in)', () => {
  it('streams the model reply, then sources and done', async () => {
    const { events, text, last } = await ask('Tell me about Stop the Scan');
    expect(text).toBe(server.reply);
    expect(events.filter((e) => e.type === 'delta').length).toBeGreaterThan(2);
    expect(events.some((e) => e.type === 'sources')).toBe(true);
    expect(last).toEqual({ type: 'done' });

    const [req] = server.requests;
    expect(req?.url).toBe('/v1/responses');
    expect(req?.body).toMatchObject({
      model: 'test-model',
      input: 'Tell me about Stop the Scan',
      stream: true,
    });
    expect(req?.body.previous_response_id).toBeUndefined();
    expect(req?.body.max_output_tokens).toBeGreaterThan(0);
    const instructions = String(req?.body.instructions);
    expect(instructions).toContain('Leeds Racial Justice Network');
    expect(instructions).toContain('/community#register');
    expect(instructions).toMatch(/Always reply in British English/);
    expect(instructions).toMatch(/say that you do not know/);
    expect(instructions).toMatch(/Stop the Scan/i); // a retrieved passage
  });

  it('sends the key only as the Authorization header', async () => {
    await ask('hello');
    const [req] = server.requests;
    expect(req?.headers.authorization).toBe(`Bearer ${KEY}`);
    const otherHeaders = Object.entries(req!.headers).filter(([name]) => name !== 'authorization');
    expect(JSON.stringify(otherHeaders)).not.toContain(KEY);
    expect(JSON.stringify(req?.body)).not.toContain(KEY);
    expect(req?.url).not.toContain(KEY);
  });

  it('continues a conversation with previous_response_id on the next message', async () => {
    const first = await ask('What events do you run?');
    const second = await ask('And where is the next one?', { conversationId: first.id });
    expect(second.last).toEqual({ type: 'done' });
    expect(server.requests).toHaveLength(2);
    expect(server.requests[1]?.body.previous_response_id).toMatch(/^resp_\d+$/);
    // A new conversation does not inherit it.
    await ask('Unrelated question');
    expect(server.requests[2]?.body.previous_response_id).toBeUndefined();
  });

  it('drops an expired previous_response_id once and retries without it', async () => {
    const first = await ask('GONE_ID first');
    const second = await ask('follow-up', { conversationId: first.id });
    expect(second.last).toEqual({ type: 'done' });
    expect(server.requests.map((r) => r.body.previous_response_id)).toEqual([
      undefined,
      expect.stringMatching(/^resp_gone_/),
      undefined,
    ]);
  });

  it('a failed run ends with an upstream error after the text that arrived', async () => {
    const { text, last, events } = await ask('FAIL_RUN please');
    expect(text).toBe('Starting');
    expect(last).toEqual({ type: 'error', code: 'upstream' });
    expect(events.some((e) => e.type === 'done')).toBe(false);
  });

  it('an error event mid-stream ends with an upstream error', async () => {
    const { last } = await ask('ERROR_EVENT now');
    expect(last).toEqual({ type: 'error', code: 'upstream' });
  });

  it('a stream cut midway keeps what arrived and ends with interrupted', async () => {
    const { text, last } = await ask('CUT_STREAM now');
    expect(text).toBe('Partial answer');
    expect(last).toEqual({ type: 'error', code: 'interrupted' });
  });

  it('an HTTP 500 from OpenAI becomes an upstream error, never a stack', async () => {
    const { events, last } = await ask('HTTP_500 now');
    expect(last).toEqual({ type: 'error', code: 'upstream' });
    expect(JSON.stringify(events)).not.toMatch(/server had an error|at /);
  });

  it('leads with the UK help lines itself for a safeguarding message, and caps the length', async () => {
    server.reply = 'x'.repeat(3000);
    const { events, text } = await ask('I was racially abused at work today');
    const first = events.find((e) => e.type === 'delta');
    expect(first?.type === 'delta' && first.text.includes('999')).toBe(true);
    expect(text).toContain('report-it.org.uk');
    expect(text.length).toBeLessThanOrEqual(1200);
  });

  it.each([
    ['en', 'I experienced racism at work, what can I do?', '/get-help'],
    ['es', 'He sufrido racismo en el trabajo, ¿qué puedo hacer?', '/es/get-help'],
    ['fr', "J'ai subi du racisme au travail, que faire ?", '/fr/get-help'],
    ['pt', 'Sofri racismo no trabalho, o que posso fazer?', '/pt/get-help'],
    ['en', "I can't cope any more", '/get-help'],
  ])('[%s] "%s": the help lines come first, and the model gets no pages to suggest', async (locale, message, help) => {
    const { events, text } = await ask(message, { locale });
    const first = events.find((e) => e.type === 'delta');
    expect(first?.type === 'delta' && first.text).toContain('999');
    for (const line of ['report-it.org.uk', '0800 138 1625', '116 123', `](${help})`]) expect(text).toContain(line);
    expect(events.some((e) => e.type === 'sources')).toBe(false);
    const instructions = String(server.requests.at(-1)?.body.instructions);
    expect(instructions).toContain('already shown above your reply');
    expect(instructions).not.toMatch(/\/vacancies\//);
  });

  it('closes a reply to a question the site has nothing on with 999 and Get help', async () => {
    const { text, last } = await ask('zxqv wibble frobnicate', { locale: 'fr' });
    expect(text.startsWith(server.reply)).toBe(true);
    expect(text).toContain('999');
    expect(text).toContain('](/fr/get-help)');
    expect(last).toEqual({ type: 'done' });
  });
});
