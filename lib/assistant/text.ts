/**
 * Reply text helpers shared by both answerers (pure): translated fixed strings, safeguarding lines, intent guidance,
 * the length cap and chunking for streaming.
 */

import { localizeHref } from '@/i18n/client-paths';
import { namespaceTranslator } from '@/i18n/messages';
import type { Locale } from '@/i18n/routing';

import type { Intent } from './intents';

export type AssistantT = (key: string, values?: Record<string, string>) => string;

/** The `Assistant` namespace of the server messages in `locale` (English for missing keys). */
export async function assistantTranslator(locale: Locale): Promise<AssistantT> {
  return namespaceTranslator(locale, 'Assistant');
}

/** Where each intent's guidance links (site paths; `/community#register` opens the Network Registration dialog). */
export const INTENT_LINKS: Record<Intent, string> = {
  help: '/get-help',
  volunteer: '/community#register',
  donate: '/donate',
  contact: '/contact',
  events: '/events',
  vacancies: '/vacancies',
  courses: '/courses',
  newsletter: '/community#newsletter',
};

/** Where a safeguarding reply sends people for the whole picture (the Get help page). */
export const GET_HELP_PATH = '/get-help';

/**
 * The UK help lines that lead a safeguarding reply, as one paragraph of lines: 999 and 101, True Vision,
 * Stop Hate UK, Samaritans, our Get help page and our team. Nothing else: a person in distress gets help
 * lines, not reading suggestions.
 */
export function safeguardingText(t: AssistantT, locale: Locale): string {
  return [
    t('safetyIntro'),
    `- ${t('safetyEmergency')}`,
    `- ${t('safetyNonEmergency')}`,
    `- ${t('safetyTrueVision')}`,
    `- ${t('safetyStopHate')}`,
    `- ${t('safetySamaritans')}`,
    `- ${t('safetyGetHelp', { url: localizeHref(locale, GET_HELP_PATH) })}`,
    `- ${t('safetyContact', { url: localizeHref(locale, '/contact') })}`,
  ].join('\n');
}

/**
 * The line every "nothing found" reply ends with, on both answerers: 999 in an emergency and the Get help page.
 * Takes the translator and locale; returns one line with a locale-prefixed link.
 */
export function notFoundHelp(t: AssistantT, locale: Locale): string {
  return t('notFoundHelp', { url: localizeHref(locale, GET_HELP_PATH) });
}

/** How to reach the charity, for the contact guidance (from the site config). */
export type ContactDetails = { email: string; phone: string; address: string };

/**
 * One guidance line per intent, with its localised link; the contact line gives the email, phone and postal
 * address. An intent whose page is already linked in `linked` (localised paths, e.g. by the safeguarding help)
 * is left out, so a reply never links one page twice; the volunteer line also points at the vacancies page, so
 * a vacancies line after it would repeat it and is left out too.
 */
export function intentLines(
  t: AssistantT,
  locale: Locale,
  intents: readonly Intent[],
  contact: ContactDetails,
  linked: ReadonlySet<string> = new Set(),
): string[] {
  const seen = new Set(linked);
  const lines: string[] = [];
  for (const intent of intents) {
    const url = localizeHref(locale, INTENT_LINKS[intent]);
    if (seen.has(url)) continue;
    seen.add(url);
    const vacancies = localizeHref(locale, INTENT_LINKS.vacancies);
    if (intent === 'volunteer') seen.add(vacancies);
    lines.push(t(intent, { url, vacancies, ...contact }));
  }
  return lines;
}

/**
 * Cuts `text` to at most `max` characters without breaking a Markdown link: at the last line break that fits,
 * else at the last word boundary outside a link (with an ellipsis, counted in `max`).
 */
export function capText(text: string, max: number): string {
  if (text.length <= max) return text;
  const head = text.slice(0, max);
  const lineBreak = head.lastIndexOf('\n');
  if (lineBreak >= max * 0.5) return head.slice(0, lineBreak).trimEnd();
  let cutAt = max - 1;
  // Step back out of any link `[label](url)` that straddles the cut.
  const open = head.lastIndexOf('[');
  if (open >= 0 && !/\]\([^)]*\)/.test(head.slice(open))) cutAt = Math.min(cutAt, open);
  const space = text.lastIndexOf(' ', cutAt);
  const end = space > 0 ? space : cutAt;
  return `${text.slice(0, end).trimEnd()}…`;
}

/** Splits text into small pieces (a few words each) for a streamed, typed-out reply. */
export function chunkText(text: string, size = 24): string[] {
  const out: string[] = [];
  let rest = text;
  while (rest.length > size) {
    let at = rest.indexOf(' ', size);
    if (at < 0) at = rest.length;
    out.push(rest.slice(0, at + 1));
    rest = rest.slice(at + 1);
  }
  if (rest) out.push(rest);
  return out;
}
