import { assistantAnswerer, assistantReply, createAssistantHandler } from '@/lib/assistant';
import { clientIp, rateLimit } from '@/lib/rate-limit';

/** The chat assistant's endpoint: see lib/assistant/protocol.ts for the request and the streamed reply. */
export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

const handler = createAssistantHandler({
  // Messages one client may send per window (ASSISTANT_RATE_LIMIT_*), looked up per call so the env is read lazily.
  limiter: { consume: (key) => rateLimit('assistant').consume(key), close: async () => {} },
  clientKey: (request) => clientIp(request.headers),
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
