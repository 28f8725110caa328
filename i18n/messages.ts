/**
 * Message loading with English fallback: a key missing in a translation shows the English text.
 * Pure except for the dynamic import of `messages/{locale}.json`.
 */
import type { Locale } from './routing';

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
