/**
 * Message loading with English fallback: a key missing in a translation shows the English text.
 * Pure except for the dynamic import of `messages/{locale}.json`.
 */
// use-intl's core, not next-intl: next-intl's entry pulls its client provider, which breaks plain-Node scripts
// (npm run outbox:drain) under the react-server condition.
import { createTranslator } from 'use-intl/core';

import { type Locale, toLocale } from './routing';

export type Messages = { [key: string]: string | Messages };

/** Deep-merges `override` onto `base`; keys absent from `override` keep the base value. */
export function mergeMessages(base: Messages, override: Messages): Messages {
  const out: Messages = { ...base };
  for (const [key, value] of Object.entries(override)) {
    const baseValue = base[key];
    out[key] =
      typeof value === 'object' && typeof baseValue === 'object' ? mergeMessages(baseValue, value) : value;
  }
  return out;
}

/** The messages of `locale`, completed with English for any missing key. */
export async function loadMessages(locale: Locale): Promise<Messages> {
  const en = (await import('../messages/en.json')).default as Messages;
  if (locale === 'en') return en;
  const own = (await import(`../messages/${locale}.json`)).default as Messages;
  return mergeMessages(en, own);
}

/** A translator bound to one namespace: `t(key, values)` returns the text (English where a key is missing). */
export type NamespaceTranslator = (key: string, values?: Record<string, string>) => string;

/**
 * The messages of `namespace` in `locale` (the default locale for an unknown or missing one), without a request
 * scope: works the same in server actions, route handlers, the outbox worker and tests. Callers narrow `key` with
 * their own type (e.g. AuthEmailTexts).
 */
export async function namespaceTranslator(
  locale: string | undefined,
  namespace: string,
): Promise<NamespaceTranslator> {
  const known = toLocale(locale);
  const messages = await loadMessages(known);
  const t = createTranslator({ locale: known, messages, namespace: namespace as never });
  return (key, values) => (t as unknown as NamespaceTranslator)(key, values);
}
