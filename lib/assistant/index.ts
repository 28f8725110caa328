import 'server-only';

import { localizeHref } from '@/i18n/client-paths';
import { env } from '@/lib/config/env';
import { siteConfig } from '@/lib/config/site';
import { formSecret } from '@/lib/forms/secret';

import { isIssuedConversationId, issueConversationId } from './conversation-id';
import { type ConversationStore, createConversationStore } from './conversations';
import { loadAssistantDocs } from './corpus';
import { detectIntents, needsSafeguarding } from './intents';
import { localAnswer } from './local';
import { openAiReply } from './openai';
import type { AssistantEvent, Source } from './protocol';
import type { AssistantRequest } from './request';
import { assistantIndexFor, retrieve, type Passage } from './retrieval';
import { assistantTranslator, capText, chunkText, safeguardingText } from './text';

/**
 * The assistant (docs/ARCHITECTURE.md §1 lib/assistant): one public entry point, `assistantReply`, that answers a visitor's
 * message as a stream of protocol events (protocol.ts). Grounded in the site's content through our own full-text
 * retrieval; with no `OPENAI_API_KEY` the local answerer writes the reply, with a key OpenAI's Responses API does.
 */

export { createAssistantHandler } from './handler';

// Made at first use, when the environment is read: in Redis with REDIS_URL, so a conversation continues on any instance.
let conversations: ConversationStore | undefined;
const conversationStore = () => (conversations ??= createConversationStore({ redisUrl: env().REDIS_URL }));
let announced = false;

export type ReplyOptions = {
  /** Pause between streamed chunks of a local reply, in ms (a typed-out feel; 0 in tests). */
  chunkDelayMs?: number;
  signal?: AbortSignal;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function sourcesOf(passages: readonly Passage[], locale: AssistantRequest['locale']): Source[] {
  return passages.map((p) => ({ title: p.doc.title, url: localizeHref(locale, p.doc.url) }));
}

/**
 * Answers `request`: yields `start` (with the conversation id: the one given if this server issued it, else a new
 * signed one, conversation-id.ts, so a client can neither pick nor guess one), text `delta`s,
 * then `sources` and `done`, or an `error` event. Never throws. The text is at most ASSISTANT_MAX_CHARS
 * characters; safeguarding help leads when the message calls for it, whichever answerer runs.
 */
export async function* assistantReply(
  request: AssistantRequest,
  options: ReplyOptions = {},
): AsyncGenerator<AssistantEvent> {
  const secret = formSecret();
  const conversationId = isIssuedConversationId(secret, request.conversationId)
    ? request.conversationId
    : issueConversationId(secret);
  yield { type: 'start', conversationId };
  const e = env();
  const site = siteConfig();
  const maxChars = e.ASSISTANT_MAX_CHARS;
  const { locale, message } = request;
  const delay = options.chunkDelayMs ?? 12;
  if (!announced) {
    announced = true;
    console.info(
      `[assistant] answerer: ${e.OPENAI_API_KEY ? `OpenAI Responses API (${e.OPENAI_MODEL ?? 'gpt-4.1-mini'})` : 'local retrieval'}`,
    );
  }

  try {
    const [docs, t] = await Promise.all([loadAssistantDocs(), assistantTranslator(locale)]);
    const index = assistantIndexFor(docs);
    const safeguarding = needsSafeguarding(message);

    if (!e.OPENAI_API_KEY) {
      const passages = retrieve(index, message, 3, 240);
      const text = localAnswer({
        locale,
        t,
        intents: detectIntents(message),
        safeguarding,
        passages,
        email: site.emails.general,
        maxChars,
      });
      for (const piece of chunkText(text)) {
        if (options.signal?.aborted) return;
        yield { type: 'delta', text: piece };
        if (delay) await sleep(delay);
      }
      if (passages.length) yield { type: 'sources', sources: sourcesOf(passages, locale) };
      yield { type: 'done' };
      return;
    }

    const passages = retrieve(index, message, 5, 700);
    let budget = maxChars;
    if (safeguarding) {
      // Shown whatever the model says: the help must not depend on the model following its instructions.
      const help = `${capText(safeguardingText(t, locale), maxChars)}\n\n`;
      budget -= help.length;
      yield { type: 'delta', text: help };
    }
    for await (const event of openAiReply(
      { apiKey: e.OPENAI_API_KEY, baseURL: e.OPENAI_BASE_URL, model: e.OPENAI_MODEL ?? 'gpt-4.1-mini' },
      {
        locale,
        message,
        passages,
        site,
        conversationId,
        conversations: conversationStore(),
        maxChars: Math.max(budget, 0),
        signal: options.signal,
      },
    )) {
      if (event.type === 'delta') {
        // Past the cap, keep reading (max_output_tokens bounds it) so `done` records the response id and the
        // conversation can continue; the extra text is dropped.
        if (budget <= 0) continue;
        const piece = event.text.length > budget ? event.text.slice(0, budget) : event.text;
        budget -= piece.length;
        yield { type: 'delta', text: piece };
      } else if (event.type === 'done') {
        if (passages.length) yield { type: 'sources', sources: sourcesOf(passages.slice(0, 3), locale) };
        yield { type: 'done' };
        return;
      } else {
        yield event;
        return;
      }
    }
  } catch (error) {
    console.error('[assistant] reply failed:', error instanceof Error ? error.message : error);
    yield { type: 'error', code: 'upstream' };
  }
}
