import { assistantAnswerer, assistantReply, createAssistantHandler } from '@/lib/assistant';
import { env } from '@/lib/config/env';
import { createLimiter, type Limiter } from '@/lib/screening/limiter';
import { clientIp } from '@/lib/screening/client-ip';
import { SOCKET_ADDRESS_HEADER } from '@/lib/screening/socket-address';

/** The chat assistant's endpoint: see lib/assistant/protocol.ts for the request and the streamed reply. */
export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

let limiter: Limiter | undefined;
function assistantLimiter(): Limiter {
  limiter ??= createLimiter({
    // Messages one client may send per window (shared through REDIS_URL when set).
    points: env().ASSISTANT_RATE_LIMIT_MAX,
    durationSeconds: env().ASSISTANT_RATE_LIMIT_WINDOW_SECONDS,
    keyPrefix: 'assistant',
    redisUrl: env().REDIS_URL,
  });
  return limiter;
}

const handler = createAssistantHandler({
  limiter: { consume: (key) => assistantLimiter().consume(key), close: async () => {} },
  clientKey: (request) =>
    clientIp(request.headers, env().TRUSTED_PROXY_HEADER, request.headers.get(SOCKET_ADDRESS_HEADER) ?? ''),
  reply: (request, signal) => assistantReply(request, { signal }),
});

export async function POST(request: Request): Promise<Response> {
  return handler(request);
}

/**
 * Which answerer replies (`{"answerer":"local"|"openai"}`), so the widget's privacy line tells the truth: with
 * the local answerer no message leaves this server. Nothing secret: only whether a key is configured.
 */
export function GET(): Response {
  return Response.json({ answerer: assistantAnswerer() }, { headers: { 'Cache-Control': 'no-store' } });
}
