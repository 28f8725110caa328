import 'server-only';

import { readBodyCapped } from '@/lib/http/body';

import {
  CONVERSATION_HEADER,
  NDJSON_TYPE,
  encodeEvent,
  type AssistantErrorCode,
  type AssistantEvent,
} from './protocol';
import { assistantRequestSchema, type AssistantRequest } from './request';

/** Bodies larger than this are refused before parsing (a 2000-character message in JSON is far smaller). */
export const BODY_MAX_BYTES = 16 * 1024;

export type HandlerDeps = {
  reply: (request: AssistantRequest, signal: AbortSignal) => AsyncIterable<AssistantEvent>;
};

function refuse(status: number, code: AssistantErrorCode): Response {
  return Response.json({ error: code }, { status, headers: { 'Cache-Control': 'no-store' } });
}

/** Reads the body as text, stopping (null) once it exceeds `max` bytes, so a huge body is never buffered whole. */
async function readLimited(request: Request, max: number): Promise<string | null> {
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > max) return null;
  return readBodyCapped(request.body, max);
}

/**
 * `POST /api/assistant` (protocol.ts) after the route wrapper counted the request against the client's limit
 * (app/api/assistant/route.ts: 429 `{ error: 'rate_limited' }` with Retry-After): validates the JSON body (400 with an error code, never a stack or the input echoed back), then streams the
 * reply as NDJSON. The stream stops the reply (and any upstream OpenAI request) if the visitor disconnects.
 */
export function createAssistantHandler(deps: HandlerDeps) {
  return async function POST(request: Request): Promise<Response> {
    const type = request.headers.get('content-type') ?? '';
    if (!/^application\/json\b/i.test(type)) return refuse(415, 'unsupported_media_type');

    const text = await readLimited(request, BODY_MAX_BYTES).catch(() => null);
    if (text === null) return refuse(400, 'too_large');
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return refuse(400, 'invalid_json');
    }
    const parsed = assistantRequestSchema.safeParse(json);
    if (!parsed.success) {
      const tooBig = parsed.error.issues.some((i) => i.code === 'too_big' && i.path[0] === 'message');
      return refuse(400, tooBig ? 'too_large' : 'invalid_body');
    }

    const abort = new AbortController();
    request.signal?.addEventListener('abort', () => abort.abort(), { once: true });
    const events = deps.reply(parsed.data, abort.signal)[Symbol.asyncIterator]();
    const first = await events.next();
    // Only an id the reply itself started with (issued or verified there) is sent back, never the client's own.
    const conversationId = !first.done && first.value.type === 'start' ? first.value.conversationId : '';
    const encoder = new TextEncoder();
    let pending: AssistantEvent | null = first.done ? null : first.value;

    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (pending) {
          controller.enqueue(encoder.encode(encodeEvent(pending)));
          pending = null;
          return;
        }
        try {
          const next = await events.next();
          if (next.done) controller.close();
          else controller.enqueue(encoder.encode(encodeEvent(next.value)));
        } catch {
          controller.enqueue(encoder.encode(encodeEvent({ type: 'error', code: 'upstream' })));
          controller.close();
        }
      },
      async cancel() {
        abort.abort();
        await events.return?.(undefined);
      },
    });

    return new Response(body, {
      status: 200,
      headers: {
        'Content-Type': NDJSON_TYPE,
        'Cache-Control': 'no-store',
        'X-Content-Type-Options': 'nosniff',
        // nginx (deploy/) would otherwise buffer the whole reply before sending it.
        'X-Accel-Buffering': 'no',
        [CONVERSATION_HEADER]: conversationId,
      },
    });
  };
}
