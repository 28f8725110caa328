/**
 * A local stand-in for OpenAI's Responses API (`POST {base}/responses`), bound to 127.0.0.1 on a free port, for
 * testing lib/assistant's production client code (the official SDK) without the internet. It speaks the documented
 * shapes: JSON errors, and with `stream: true` server-sent events (`response.created`,
 * `response.output_text.delta`…, `response.completed`). Scenarios are picked by words in the visitor's message:
 *   FAIL_RUN   → `response.failed` after one delta        HTTP_500 → a 500 JSON error (no stream)
 *   CUT_STREAM → two deltas, then the socket is destroyed  ERROR_EVENT → an `error` event mid-stream
 * Anything else streams `reply` (default below) in a few deltas and completes with id `resp_{n}`, with a `usage`
 * as OpenAI bills a chained thread: the input is the instructions and the message (4 characters a token) plus
 * the whole earlier thread (every input and output of the `previous_response_id` chain); the output is the reply.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type RecordedRequest = {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
};

export type OpenAiStandIn = {
  /** API root to use as OPENAI_BASE_URL, e.g. `http://127.0.0.1:40123/v1`. */
  baseURL: string;
  requests: RecordedRequest[];
  /** The reply text of normal runs. */
  reply: string;
  close(): Promise<void>;
};

function sse(res: import('node:http').ServerResponse, event: Record<string, unknown> & { type: string }) {
  res.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
}

export async function startOpenAiServer(
  reply = 'Hello from the stand-in. See [Events](/events).',
): Promise<OpenAiStandIn> {
  const requests: RecordedRequest[] = [];
  let counter = 0;
  /** Response id → tokens of its whole thread so far (input + output), for the next turn's input. */
  const thread = new Map<string, number>();
  const tokens = (text: string) => Math.ceil(text.length / 4);
  const state = { reply };

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
      } catch {
        // recorded as {}
      }
      requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });

      if (req.method !== 'POST' || req.url !== '/v1/responses') {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({ error: { message: 'Not found', type: 'invalid_request_error', code: null } }),
        );
        return;
      }
      if (req.headers.authorization !== 'Bearer sk-test-stand-in-key') {
        res.writeHead(401, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            error: {
              message: 'Incorrect API key provided',
              type: 'invalid_request_error',
              code: 'invalid_api_key',
            },
          }),
        );
        return;
      }
      const input = String(body.input ?? '');
      const previous = body.previous_response_id;
      if (typeof previous === 'string' && previous.startsWith('resp_gone')) {
        res.writeHead(400, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            error: {
              message: `Previous response with id '${previous}' not found.`,
              type: 'invalid_request_error',
              code: 'previous_response_not_found',
              param: 'previous_response_id',
            },
          }),
        );
        return;
      }
      if (input.includes('HTTP_500')) {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({ error: { message: 'The server had an error', type: 'server_error', code: null } }),
        );
        return;
      }

      const id = input.includes('GONE_ID') ? `resp_gone_${++counter}` : `resp_${++counter}`;
      const response = (status: string, extra: Record<string, unknown> = {}) => ({
        id,
        object: 'response',
        created_at: Math.floor(Date.now() / 1000),
        status,
        model: body.model,
        output: [],
        previous_response_id: previous ?? null,
        ...extra,
      });
      res.writeHead(200, {
        'content-type': 'text/event-stream',
        'cache-control': 'no-cache',
        connection: 'keep-alive',
      });
      let seq = 0;
      sse(res, { type: 'response.created', sequence_number: seq++, response: response('in_progress') });
      const delta = (text: string) =>
        sse(res, {
          type: 'response.output_text.delta',
          sequence_number: seq++,
          item_id: 'msg_1',
          output_index: 0,
          content_index: 0,
          delta: text,
          logprobs: [],
        });

      if (input.includes('CUT_STREAM')) {
        delta('Partial ');
        delta('answer');
        // Let the bytes leave, then drop the connection without completing the run.
        setTimeout(() => res.socket?.destroy(), 20);
        return;
      }
      if (input.includes('FAIL_RUN')) {
        delta('Starting');
        sse(res, {
          type: 'response.failed',
          sequence_number: seq++,
          response: response('failed', { error: { code: 'server_error', message: 'The model crashed' } }),
        });
        res.end();
        return;
      }
      if (input.includes('ERROR_EVENT')) {
        delta('Starting');
        sse(res, {
          type: 'error',
          sequence_number: seq++,
          code: 'rate_limit_exceeded',
          message: 'Slow down',
          param: null,
        });
        res.end();
        return;
      }
      const text = state.reply;
      for (let i = 0; i < text.length; i += 8) delta(text.slice(i, i + 8));
      sse(res, {
        type: 'response.output_text.done',
        sequence_number: seq++,
        item_id: 'msg_1',
        output_index: 0,
        content_index: 0,
        text,
        logprobs: [],
      });
      const inputTokens =
        tokens(String(body.instructions ?? '')) +
        tokens(input) +
        (typeof previous === 'string' ? (thread.get(previous) ?? 0) : 0);
      const outputTokens = tokens(text);
      thread.set(id, inputTokens + outputTokens);
      sse(res, {
        type: 'response.completed',
        sequence_number: seq++,
        response: response('completed', {
          usage: {
            input_tokens: inputTokens,
            input_tokens_details: { cached_tokens: 0 },
            output_tokens: outputTokens,
            output_tokens_details: { reasoning_tokens: 0 },
            total_tokens: inputTokens + outputTokens,
          },
        }),
      });
      res.end();
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    get reply() {
      return state.reply;
    },
    set reply(value: string) {
      state.reply = value;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
