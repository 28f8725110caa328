import 'server-only';

import { localizeHref } from '@/i18n/client-paths';
import { stateRedisUrl } from '@/lib/cache/state-url';
import { env } from '@/lib/config/env';
import { siteConfig } from '@/lib/config/site';
import { formSecret } from '@/lib/forms/secret';
import { errorFields, logger } from '@/lib/log';

import { createSpendBudget, type SpendBudget } from './budget';

import { isIssuedConversationId, issueConversationId } from './conversation-id';
import { type ConversationState, type ConversationStore, createConversationStore } from './conversations';
import { assistantCorpus } from './corpus';
import { asksWhenOrWhere, detectIntents, needsSafeguarding, topicText } from './intents';
import { localAnswer, localCitations, type LocalAnswerInput } from './local';
import { openAiReply } from './openai';
import type { AssistantEvent, Source } from './protocol';
import type { AssistantRequest } from './request';
import { retrieve, type Passage } from './retrieval';
import { assistantTranslator, capText, chunkText, notFoundHelp, safeguardingText } from './text';

/**
 * The assistant (docs/ARCHITECTURE.md §1 lib/assistant): one public entry point, `assistantReply`, that answers a visitor's
 * message as a stream of protocol events (protocol.ts). Grounded in the site's content through our own full-text
 * retrieval; with no `OPENAI_API_KEY` the local answerer writes the reply, with a key OpenAI's Responses API does.
 */

export { createAssistantHandler } from './handler';

// Made at first use, when the environment is read: in the state Redis when configured, so a conversation continues
// on any instance and the day's spend is counted once for all of them.
let conversations: ConversationStore | undefined;
const conversationStore = () => (conversations ??= createConversationStore({ redisUrl: stateRedisUrl() }));
let budget: SpendBudget | undefined;
const spendBudget = () =>
  (budget ??= createSpendBudget({
    limit: env().ASSISTANT_DAILY_TOKEN_BUDGET,
    redisUrl: stateRedisUrl(),
    onSpent,
  }));
let announced = false;

/**
 * The day's OpenAI budget is spent (once a day for all instances, budget.ts): an error line in the log (the ops
 * page's recent errors) and, with ADMIN_ALERT_EMAIL, one email, sent directly as the outbox's own alert is.
 */
async function onSpent(day: string, spent: number): Promise<void> {
  const e = env();
  const text = `The assistant used ${spent} OpenAI tokens on ${day} (UTC), its daily budget ASSISTANT_DAILY_TOKEN_BUDGET=${e.ASSISTANT_DAILY_TOKEN_BUDGET}. It answers with the local answerer until midnight UTC.`;
  logger().error(
    { component: 'assistant', day, spent, budget: e.ASSISTANT_DAILY_TOKEN_BUDGET },
    'daily OpenAI token budget spent: local answerer until midnight UTC',
  );
  if (!e.ADMIN_ALERT_EMAIL) return;
  try {
    const site = siteConfig().name.replace(/[\u0000-\u001f\u007f]+/g, ' ');
    // Loaded only for the alert: the mail transport is not needed for any reply.
    const { sendEmail } = await import('@/lib/mailing/transport');
    await sendEmail(
      {
        to: e.ADMIN_ALERT_EMAIL,
        subject: `[${site}] assistant: daily OpenAI budget spent`,
        text: `${text}\n\nRaise the budget, or look for unusual use in the log ([assistant] and [screening] lines).`,
      },
      { reference: 'assistant budget alert' },
    );
  } catch (error) {
    logger().error({ component: 'assistant', ...errorFields(error) }, 'budget alert email failed');
  }
}

/** Whether a conversation has had its share: ASSISTANT_MAX_TURNS replies, or a last turn of ASSISTANT_MAX_CONVERSATION_TOKENS input. */
function conversationIsFull(state: ConversationState | undefined, e: ReturnType<typeof env>): boolean {
  return (
    !!state &&
    (state.turns >= e.ASSISTANT_MAX_TURNS || state.inputTokens >= e.ASSISTANT_MAX_CONVERSATION_TOKENS)
  );
}

/** The answerer this process uses: `openai` when OPENAI_API_KEY is set, else `local` (nothing leaves the site). */
export function assistantAnswerer(): 'local' | 'openai' {
  return env().OPENAI_API_KEY ? 'openai' : 'local';
}

export type ReplyOptions = {
  /** Pause between streamed chunks of a local reply, in ms (a typed-out feel; 0 in tests). */
  chunkDelayMs?: number;
  signal?: AbortSignal;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * "When and where is the drop-in?": the event (its When/Where lines) leads, ahead of a post that mentions it.
 * Otherwise the retrieval's order stands. A stable sort: events keep their own order.
 */
function whenWhereFirst(message: string, passages: Passage[]): Passage[] {
  if (!asksWhenOrWhere(message)) return passages;
  return [...passages].sort((a, b) => Number(b.doc.kind === 'event') - Number(a.doc.kind === 'event'));
}

function sourcesOf(passages: readonly Passage[], locale: AssistantRequest['locale']): Source[] {
  return passages.map((p) => ({ title: p.doc.title, url: localizeHref(locale, p.doc.url) }));
}

/**
 * Answers `request`: yields `start` (with the conversation id: the one given if this server issued it, else a new
 * signed one, conversation-id.ts, so a client can neither pick nor guess one), text `delta`s,
 * then `sources` and `done`, or an `error` event. Never throws. The text is at most ASSISTANT_MAX_CHARS
 * characters; safeguarding help leads when the message calls for it, whichever answerer runs.
 *
 * With OpenAI, what one visitor can cost is bounded: a conversation that has had ASSISTANT_MAX_TURNS replies, or
 * whose last turn carried ASSISTANT_MAX_CONVERSATION_TOKENS input tokens, is ended (OpenAI bills the whole thread
 * as input on every turn); the reply then starts under a new id, and opens with a translated line saying so. Once
 * the day's ASSISTANT_DAILY_TOKEN_BUDGET is spent, the local answerer replies until midnight UTC. The documents
 * and their index come from `assistantCorpus` (built once per content revalidation, not per message).
 */
export async function* assistantReply(
  request: AssistantRequest,
  options: ReplyOptions = {},
): AsyncGenerator<AssistantEvent> {
  const secret = formSecret();
  const e = env();
  let conversationId = isIssuedConversationId(secret, request.conversationId)
    ? request.conversationId
    : issueConversationId(secret);
  const useOpenAi = !!e.OPENAI_API_KEY && !(await spendBudget().exhausted());
  let restarted = false;
  if (useOpenAi && conversationIsFull(await conversationStore().get(conversationId), e)) {
    conversationId = issueConversationId(secret);
    restarted = true;
  }
  // Started before the first yield: the rest of this generator runs as the response streams, where Next's
  // request context (and with it the data cache the corpus version lives in) may already be gone.
  const corpus = assistantCorpus();
  corpus.catch(() => {}); // awaited below; a visitor who leaves before then must not leave it unhandled
  yield { type: 'start', conversationId };
  const site = siteConfig();
  const maxChars = e.ASSISTANT_MAX_CHARS;
  const { locale, message } = request;
  const delay = options.chunkDelayMs ?? 12;
  if (!announced) {
    announced = true;
    console.info(
      `[assistant] answerer: ${e.OPENAI_API_KEY ? `OpenAI Responses API (${e.OPENAI_MODEL ?? 'gpt-4.1-mini'}), ${e.ASSISTANT_DAILY_TOKEN_BUDGET} tokens a day, then local retrieval` : 'local retrieval'}`,
    );
  }

  try {
    const [{ index }, t] = await Promise.all([corpus, assistantTranslator(locale)]);
    const safeguarding = needsSafeguarding(message);

    if (!useOpenAi) {
      const input: LocalAnswerInput = {
        locale,
        t,
        intents: detectIntents(message),
        safeguarding,
        // The intent phrases are answered by the guidance lines; the rest of the message picks the pages.
        passages: safeguarding ? [] : whenWhereFirst(message, retrieve(index, topicText(message), 3, 240)),
        contact: {
          email: site.emails.general,
          phone: site.phone,
          address: [site.address.street, site.address.locality, site.address.postcode].join(', '),
        },
        maxChars,
      };
      const text = localAnswer(input);
      const passages = localCitations(input);
      for (const piece of chunkText(text)) {
        if (options.signal?.aborted) return;
        yield { type: 'delta', text: piece };
        if (delay) await sleep(delay);
      }
      if (passages.length) yield { type: 'sources', sources: sourcesOf(passages, locale) };
      yield { type: 'done' };
      return;
    }

    // A person describing what happened to them gets the help lines and a kind word, not pages to read.
    const passages = safeguarding ? [] : retrieve(index, message, 5, 700);
    let budgetChars = maxChars;
    if (restarted) {
      const notice = `${capText(t('conversationRestarted'), maxChars)}\n\n`;
      budgetChars -= notice.length;
      yield { type: 'delta', text: notice };
    }
    if (safeguarding) {
      // Shown whatever the model says: the help must not depend on the model following its instructions.
      const help = `${capText(safeguardingText(t, locale), Math.max(budgetChars, 0))}\n\n`;
      budgetChars -= help.length;
      yield { type: 'delta', text: help };
    }
    for await (const event of openAiReply(
      { apiKey: e.OPENAI_API_KEY!, baseURL: e.OPENAI_BASE_URL, model: e.OPENAI_MODEL ?? 'gpt-4.1-mini' },
      {
        locale,
        message,
        passages,
        safeguarding,
        site,
        conversationId,
        conversations: conversationStore(),
        maxChars: Math.max(budgetChars, 0),
        signal: options.signal,
      },
    )) {
      if (event.type === 'delta') {
        // Past the cap, keep reading (max_output_tokens bounds it) so `done` records the response id and the
        // conversation can continue; the extra text is dropped.
        if (budgetChars <= 0) continue;
        const piece = event.text.length > budgetChars ? event.text.slice(0, budgetChars) : event.text;
        budgetChars -= piece.length;
        yield { type: 'delta', text: piece };
      } else if (event.type === 'done') {
        await spendBudget().record(event.usage.inputTokens + event.usage.outputTokens);
        if (!passages.length && !safeguarding) {
          // Nothing on the site matched: as with the local answerer, 999 and Get help close the reply.
          const line = `\n\n${notFoundHelp(t, locale)}`;
          if (line.length <= budgetChars) yield { type: 'delta', text: line };
        }
        // A safeguarding reply ends with the help lines, not with reading suggestions.
        if (passages.length && !safeguarding)
          yield { type: 'sources', sources: sourcesOf(passages.slice(0, 3), locale) };
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
