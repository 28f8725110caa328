import 'server-only';

import OpenAI from 'openai';

import type { Locale } from '@/i18n/routing';
import type { SiteConfig } from '@/lib/config/site';

import type { ConversationStore } from './conversations';
import type { Passage } from './retrieval';
import { localizeHref } from '@/i18n/client-paths';

/**
 * The production answerer: OpenAI's Responses API through the official SDK, streamed, grounded in the passages our
 * own retrieval found. Server-only: the key is read from the environment by the caller and sent only as the
 * `Authorization` header of server-to-OpenAI requests; nothing here is ever bundled for the browser.
 */

export type OpenAiOptions = {
  apiKey: string;
  /** API root, e.g. `https://api.openai.com/v1` (the SDK default when unset) or a test server. */
  baseURL?: string;
  model: string;
};

export type OpenAiInput = {
  locale: Locale;
  message: string;
  passages: readonly Passage[];
  /** The visitor described racism, a hate incident or distress: the help lines were already sent before the reply. */
  safeguarding?: boolean;
  site: SiteConfig;
  conversationId: string;
  conversations: ConversationStore;
  /** Longest reply in characters; the model is told, and max_output_tokens is set from it. */
  maxChars: number;
  signal?: AbortSignal;
};

/** What one reply cost, from the Responses API's `usage` (0 when it sent none). */
export type OpenAiUsage = { inputTokens: number; outputTokens: number };

export type OpenAiEvent =
  | { type: 'delta'; text: string }
  | { type: 'done'; usage: OpenAiUsage }
  | { type: 'error'; code: 'upstream' | 'interrupted' };

const LANGUAGE: Record<Locale, string> = {
  en: 'British English',
  es: 'Spanish (Spain, informal "tú")',
  fr: 'French (vouvoiement)',
  pt: 'European Portuguese',
};

/** The system prompt: who we are, the site's facts, the rules, and the retrieved passages with their links. */
export function buildInstructions(
  input: Pick<OpenAiInput, 'locale' | 'passages' | 'site' | 'maxChars' | 'safeguarding'>,
): string {
  const { locale, passages, site, maxChars, safeguarding } = input;
  const link = (path: string) => localizeHref(locale, path);
  const facts = [
    `Name: ${site.name} (short name ${site.shortName}), a racial justice charity and community network in Leeds, West Yorkshire, UK. Registered charity number ${site.charityNumber}.`,
    `Address: ${site.address.street}, ${site.address.locality}, ${site.address.postcode}. Phone: ${site.phone}. Email: ${site.emails.general}.`,
    `Join the network or volunteer: ${link('/community#register')} (Network Registration form). Newsletter: ${link('/community#newsletter')}.`,
    `Donate: ${link('/donate')}. Contact the team: ${link('/contact')}. Events: ${link('/events')}. Courses: ${link('/courses')}. Blog: ${link('/blog')}. Reports: ${link('/reports')}. About: ${link('/about')}.`,
  ];
  const sources = passages.length
    ? passages.map((p, i) => `[${i + 1}] ${p.doc.title} (${link(p.doc.url)})\n${p.passage}`).join('\n\n')
    : '(no matching pages were found on the site for this question)';
  return [
    `You are the ${site.shortName} Assistant on the website of ${site.name}.`,
    '',
    'Site facts:',
    ...facts.map((f) => `- ${f}`),
    '',
    'Rules:',
    `- Always reply in ${LANGUAGE[locale]}, whatever language the passages are in.`,
    "- Stay on the charity's topics: its work, racial justice, its content, events, courses, reports, vacancies and how to get involved or donate. Politely decline anything else.",
    '- Base your answer on the site facts and the passages below. If they do not contain the answer, say that you do not know and suggest the contact page. Never invent facts, dates, names or links.',
    '- Cite the pages you used as Markdown links with exactly the paths given here, e.g. [Title](/path). Do not link to other websites except the help services named below.',
    `- Be brief: at most ${maxChars} characters. Plain text with Markdown links and "- " list lines only; no headings, tables or images.`,
    '- If the visitor describes a hate incident, racist abuse, a crisis, self-harm or danger, be kind and point to: 999 in an emergency; True Vision (https://www.report-it.org.uk) to report hate crime; Stop Hate UK (0800 138 1625); Samaritans (116 123); and the contact page.',
    '- Never ask for personal details such as addresses, phone numbers or health information.',
    ...(safeguarding
      ? [
          `- This visitor has described racism, a hate incident or distress. The help lines (999, 101, True Vision, Stop Hate UK, Samaritans) and the Get help page (${link('/get-help')}) are already shown above your reply: do not list them again. Reply in two or three kind, calm sentences that take them seriously, and do not suggest events, courses, vacancies, donations or reading.`,
        ]
      : []),
    '',
    'Passages from the site:',
    sources,
  ].join('\n');
}

function isMissingPrevious(error: unknown): boolean {
  return (
    error instanceof OpenAI.APIError &&
    (error.status === 400 || error.status === 404) &&
    /previous/i.test(`${error.code ?? ''} ${error.message}`)
  );
}

/**
 * Streams one reply. Yields text deltas, then `done` with the reply's token usage (after recording the response
 * id, the turn count and the input tokens for the conversation, conversations.ts), or
 * `error`: `upstream` for an API error or a failed run (`response.failed`, an `error` event), `interrupted` when
 * the stream ends or breaks before `response.completed`. Never throws; text yielded before an error stays valid.
 * A `previous_response_id` that OpenAI no longer knows (expired, another project) is dropped once and retried.
 */
export async function* openAiReply(options: OpenAiOptions, input: OpenAiInput): AsyncGenerator<OpenAiEvent> {
  const client = new OpenAI({
    apiKey: options.apiKey,
    baseURL: options.baseURL,
    maxRetries: 1,
    timeout: 60_000,
  });
  const instructions = buildInstructions(input);
  const state = await input.conversations.get(input.conversationId);
  let previous = state?.responseId;

  for (let attempt = 0; attempt < 2; attempt++) {
    let stream: AsyncIterable<OpenAI.Responses.ResponseStreamEvent>;
    try {
      stream = await client.responses.create(
        {
          model: options.model,
          instructions,
          input: input.message,
          stream: true,
          // OpenAI must keep the response for previous_response_id to work (its own retention rules apply).
          store: true,
          ...(previous ? { previous_response_id: previous } : {}),
          max_output_tokens: Math.max(64, Math.ceil(input.maxChars / 2)),
        },
        { signal: input.signal },
      );
    } catch (error) {
      if (previous && isMissingPrevious(error)) {
        previous = undefined;
        continue;
      }
      console.error('[assistant] OpenAI request failed:', describe(error));
      yield { type: 'error', code: 'upstream' };
      return;
    }

    try {
      for await (const event of stream) {
        switch (event.type) {
          case 'response.output_text.delta':
            if (event.delta) yield { type: 'delta', text: event.delta };
            break;
          case 'response.completed':
          case 'response.incomplete':
            // `incomplete` means max_output_tokens was reached: what arrived is a usable (shortened) reply.
            const usage = {
              inputTokens: Math.max(0, event.response.usage?.input_tokens ?? 0),
              outputTokens: Math.max(0, event.response.usage?.output_tokens ?? 0),
            };
            await input.conversations.set(input.conversationId, {
              responseId: event.response.id,
              // A thread OpenAI no longer knew was started afresh: its count starts again too.
              turns: (previous ? (state?.turns ?? 0) : 0) + 1,
              inputTokens: usage.inputTokens,
            });
            yield { type: 'done', usage };
            return;
          case 'response.failed':
            console.error('[assistant] OpenAI run failed:', event.response.error?.message ?? 'Unknown error');
            yield { type: 'error', code: 'upstream' };
            return;
          case 'error':
            console.error('[assistant] OpenAI stream error:', event.message);
            yield { type: 'error', code: 'upstream' };
            return;
          default:
            break;
        }
      }
      console.error('[assistant] OpenAI stream ended before response.completed');
    } catch (error) {
      if (input.signal?.aborted) return;
      console.error('[assistant] OpenAI stream broke:', describe(error));
    }
    yield { type: 'error', code: 'interrupted' };
    return;
  }
  yield { type: 'error', code: 'upstream' };
}

/** Error text for the log without the request (and so without the key). */
function describe(error: unknown): string {
  if (error instanceof OpenAI.APIError)
    return `${error.status ?? '-'} ${error.code ?? ''} ${error.message}`.trim();
  return error instanceof Error ? error.message : String(error);
}
