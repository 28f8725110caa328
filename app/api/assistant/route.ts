import { assistantAnswerer, assistantReply, createAssistantHandler } from '@/lib/assistant';
import { route } from '@/lib/safe-action';

/** The chat assistant's endpoint: see lib/assistant/protocol.ts for the request and the streamed reply. */
export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

const handler = createAssistantHandler({
  reply: (request, signal) => assistantReply(request, { signal }),
});

/**
 * One chat message: counted per client against ASSISTANT_RATE_LIMIT_* (429 `{ error: 'rate_limited' }` with
 * Retry-After), then the handler's validation and the streamed NDJSON reply; every answer `no-store`.
 */
export const POST = route((request) => handler(request), {
  limit: 'assistant',
  limitedBody: { error: 'rate_limited' }, // protocol.ts's code, not the wrapper's 'rate-limited'
  cache: 'no-store',
});

/**
 * Which answerer replies (`{"answerer":"local"|"openai"}`), so the widget's privacy line tells the truth: with
 * the local answerer no message leaves this server. Nothing secret: only whether a key is configured.
 */
export const GET = route(async () => Response.json({ answerer: assistantAnswerer() }), { cache: 'no-store' });
