/**
 * The embedded answerer (no OPENAI_API_KEY): builds a short reply in the visitor's language from the retrieved
 * passages and the detected intents, with no model and no data leaving the server. Pure apart from the messages.
 */
import { localizeHref } from '@/i18n/client-paths';
import type { Locale } from '@/i18n/routing';

import type { Intent } from './intents';
import type { Passage } from './retrieval';
import { capText, intentLines, safeguardingText, type AssistantT } from './text';

export type LocalAnswerInput = {
  locale: Locale;
  t: AssistantT;
  intents: readonly Intent[];
  safeguarding: boolean;
  passages: readonly Passage[];
  /** The team's general email, for the contact guidance. */
  email: string;
  /** Longest reply, in characters (ASSISTANT_MAX_CHARS). */
  maxChars: number;
};

/** Link labels are plain text inside `[...]`: brackets in a CMS title would end the label early. */
function label(title: string): string {
  return title.replace(/[[\]]/g, '').trim() || '…';
}

/**
 * The reply: safeguarding help first when needed, then one guidance line per intent, then the best matching
 * pages as `- [Title](/path): passage` lines (locale-prefixed links); "nothing found" with useful links when
 * there are neither intents nor matches. Never longer than `maxChars`.
 */
export function localAnswer(input: LocalAnswerInput): string {
  const { locale, t, intents, safeguarding, passages, email, maxChars } = input;
  const blocks: string[] = [];
  if (safeguarding) blocks.push(safeguardingText(t, locale));
  const guidance = intentLines(t, locale, intents, email);
  if (guidance.length) blocks.push(guidance.join('\n'));
  if (passages.length) {
    blocks.push(
      [
        t('found'),
        ...passages.map((p) => `- [${label(p.doc.title)}](${localizeHref(locale, p.doc.url)}): ${p.passage}`),
      ].join('\n'),
    );
  } else if (!guidance.length) {
    blocks.push(
      t('notFound', {
        events: localizeHref(locale, '/events'),
        blog: localizeHref(locale, '/blog'),
        contact: localizeHref(locale, '/contact'),
      }),
    );
  }
  return capText(blocks.join('\n\n'), maxChars);
}
