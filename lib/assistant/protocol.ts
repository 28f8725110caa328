/**
 * The wire protocol of `POST /api/assistant` (shared by the route handler and the widget; no server imports).
 *
 * `GET /api/assistant` answers `{"answerer":"local"|"openai"}` (which answerer replies; for the privacy line).
 * Request: JSON `{ message, conversationId?, locale }` (validated by `assistantRequestSchema` in request.ts).
 * Response 200: `Content-Type: application/x-ndjson; charset=utf-8`, one JSON event per line:
 *   {"type":"start","conversationId":"<uuid>.<hmac>"}     always first (also in the `X-Conversation-Id` header);
 *                                                          issued and signed by the server, send it back as is
 *   {"type":"delta","text":"…"}                            reply text, in order; concatenate them
 *   {"type":"sources","sources":[{"title":"…","url":"/…"}]} the site pages the reply is grounded in (in-site paths)
 *   {"type":"done"}                                        the reply is complete
 *   {"type":"error","code":"upstream"|"interrupted"}       the reply failed (text that arrived before stays valid)
 * A stream that ends without `done` or `error` counts as `interrupted` (the connection dropped).
 * Errors before streaming: 400 `{"error":"invalid_json"|"invalid_body"|"too_large"}`, 415 `{"error":"unsupported_media_type"}`,
 * 429 `{"error":"rate_limited"}` with `Retry-After` (seconds).
 * Reply text is plain text with Markdown-style links `[label](/path)` or `[label](https://…)` and `- ` list lines.
 */

/** Longest message a visitor may send, in characters (after trimming). */
export const MESSAGE_MAX_CHARS = 2000;

export type Source = { title: string; url: string };

export type AssistantEvent =
  | { type: 'start'; conversationId: string }
  | { type: 'delta'; text: string }
  | { type: 'sources'; sources: Source[] }
  | { type: 'done' }
  | { type: 'error'; code: 'upstream' | 'interrupted' };

export type AssistantErrorCode =
  'invalid_json' | 'invalid_body' | 'too_large' | 'unsupported_media_type' | 'rate_limited';

export const NDJSON_TYPE = 'application/x-ndjson; charset=utf-8';
export const CONVERSATION_HEADER = 'X-Conversation-Id';

/** One event as an NDJSON line. */
export function encodeEvent(event: AssistantEvent): string {
  return `${JSON.stringify(event)}\n`;
}

function isEvent(value: unknown): value is AssistantEvent {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  switch (v.type) {
    case 'start':
      return typeof v.conversationId === 'string';
    case 'delta':
      return typeof v.text === 'string';
    case 'sources':
      return (
        Array.isArray(v.sources) &&
        v.sources.every(
          (s: unknown) =>
            !!s && typeof (s as Source).title === 'string' && typeof (s as Source).url === 'string',
        )
      );
    case 'done':
      return true;
    case 'error':
      return v.code === 'upstream' || v.code === 'interrupted';
    default:
      return false;
  }
}

/**
 * Incremental NDJSON decoder: feed it text chunks as they arrive; it returns the complete events so far and keeps
 * a partial last line for the next call. Lines that are not valid events are skipped (a proxy may add noise).
 */
export function createEventDecoder() {
  let buffer = '';
  return {
    push(chunk: string): AssistantEvent[] {
      buffer += chunk;
      const lines = buffer.split('\n');
      buffer = lines.pop() ?? '';
      const events: AssistantEvent[] = [];
      for (const line of lines) {
        if (!line.trim()) continue;
        try {
          const parsed: unknown = JSON.parse(line);
          if (isEvent(parsed)) events.push(parsed);
        } catch {
          // Skip a garbled line rather than failing the whole reply.
        }
      }
      return events;
    },
  };
}

/**
 * Reads a streamed reply, calling `onEvent` for each event. Resolves with the terminal event; a stream that ends
 * without `done`/`error` resolves with `{ type: 'error', code: 'interrupted' }`. Network failures reject.
 */
export async function readEventStream(
  body: ReadableStream<Uint8Array>,
  onEvent: (event: AssistantEvent) => void,
): Promise<Extract<AssistantEvent, { type: 'done' | 'error' }>> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const events = createEventDecoder();
  for (;;) {
    const { done, value } = await reader.read();
    const batch = events.push(done ? decoder.decode() + '\n' : decoder.decode(value, { stream: true }));
    for (const event of batch) {
      onEvent(event);
      if (event.type === 'done' || event.type === 'error') {
        await reader.cancel().catch(() => {});
        return event;
      }
    }
    if (done) return { type: 'error', code: 'interrupted' };
  }
}
