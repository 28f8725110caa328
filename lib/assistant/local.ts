/**
 * The embedded answerer (no OPENAI_API_KEY): builds a short reply in the visitor's language from the retrieved
 * passages and the detected intents, with no model and no data leaving the server. Pure apart from the messages.
 */
import { localizeHref } from '@/i18n/client-paths';
import type { Locale } from '@/i18n/routing';

import type { Intent } from './intents';
import type { Passage } from './retrieval';
import { capText, intentLines, notFoundHelp, safeguardingText, type AssistantT, type ContactDetails } from './text';

export type LocalAnswerInput = {
  locale: Locale;
  t: AssistantT;
  intents: readonly Intent[];
  safeguarding: boolean;
  passages: readonly Passage[];
  /** The team's email, phone and address, for the contact guidance. */
  contact: ContactDetails;
  /** Longest reply, in characters (ASSISTANT_MAX_CHARS). */
  maxChars: number;
};

/** Link labels are plain text inside `[...]`: brackets in a CMS title would end the label early. */
function label(title: string): string {
  return title.replace(/[[\]]/g, '').trim() || '…';
}

const LINK = /\]\(([^)\s]+)\)/g;

/**
 * The retrieved pages a local reply cites: none when it gives safeguarding help, else the passages whose page
 * the guidance lines do not already link. The `sources` event lists exactly these.
 */
export function localCitations(input: LocalAnswerInput): Passage[] {
  const { locale, t, intents, safeguarding, contact } = input;
  if (safeguarding) return [];
  const linked = new Set<string>();
  for (const line of intentLines(t, locale, intents, contact)) for (const m of line.matchAll(LINK)) linked.add(m[1]!);
  return input.passages.filter((p) => !linked.has(localizeHref(locale, p.doc.url)));
}

/**
 * The reply: safeguarding help first when needed (and then nothing but help: no guidance, no content links), then one
 * guidance line per intent, then the best matching pages as `- [Title](/path): passage` lines (locale-prefixed
 * links, each page once); "nothing found" with useful links and the 999 / Get help line when there are neither
 * intents nor matches (someone may not have found the words for what happened to them). Never
 * longer than `maxChars`.
 */
export function localAnswer(input: LocalAnswerInput): string {
  const { locale, t, intents, safeguarding, contact, maxChars } = input;
  const blocks: string[] = [];
  if (safeguarding) blocks.push(safeguardingText(t, locale));
  const linked = new Set([...blocks.join('\n').matchAll(LINK)].map((m) => m[1]!));
  // A person describing racism at work gets help lines, not the vacancies page the word "work" points to.
  const guidance = safeguarding ? [] : intentLines(t, locale, intents, contact, linked);
  for (const line of guidance) for (const m of line.matchAll(LINK)) linked.add(m[1]!);
  const passages = localCitations(input);
  if (guidance.length) blocks.push(guidance.join('\n'));
  if (safeguarding) {
    // The help lines are the whole answer.
  } else if (passages.length) {
    blocks.push(
      [
        t('found'),
        ...passages.map((p) => `- [${label(p.doc.title)}](${localizeHref(locale, p.doc.url)}): ${p.passage}`),
      ].join('\n'),
    );
  } else if (!guidance.length) {
    blocks.push(
      [
        t('notFound', {
          events: localizeHref(locale, '/events'),
          blog: localizeHref(locale, '/blog'),
          contact: localizeHref(locale, '/contact'),
        }),
        notFoundHelp(t, locale),
      ].join('\n\n'),
    );
  }
  return capText(blocks.join('\n\n'), maxChars);
}
