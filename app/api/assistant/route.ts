import { assistantAnswerer, assistantReply, createAssistantHandler } from '@/lib/assistant';
import { networkOf, rateLimit } from '@/lib/rate-limit';
import { route } from '@/lib/safe-action';

/** The chat assistant's endpoint: see lib/assistant/protocol.ts for the request and the streamed reply. */
export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

const handler = createAssistantHandler({
  reply: (request, signal) => assistantReply(request, { signal }),
});

/**
 * One chat message: counted per client (an IPv6 client per /64) against ASSISTANT_RATE_LIMIT_*, and an IPv6
 * client's /48 against four times that (429 `{ error: 'rate_limited' }` with Retry-After), then the handler's validation and the streamed NDJSON reply; every answer `no-store`.
 */
export const POST = route(
  async (request, { ip }) => {
    // An IPv6 client is counted per /64 by `route`; its /48 has a coarser budget of its own on top.
    const network = networkOf(ip, 48);
    if (network) {
      const decision = await rateLimit('assistant:network').consume(network);
      if (!decision.allowed)
        return Response.json(
          { error: 'rate_limited' },
          { status: 429, headers: { 'Retry-After': String(decision.retryAfterSeconds) } },
        );
    }
    return handler(request);
  },
  {
    limit: 'assistant',
    limitedBody: { error: 'rate_limited' }, // protocol.ts's code, not the wrapper's 'rate-limited'
    cache: 'no-store',
  },
);

/**
 * Which answerer replies (`{"answerer":"local"|"openai"}`), so the widget's privacy line tells the truth: with
 * the local answerer no message leaves this server. Nothing secret: only whether a key is configured.
 */
export const GET = route(async () => Response.json({ answerer: assistantAnswerer() }), { cache: 'no-store' });
