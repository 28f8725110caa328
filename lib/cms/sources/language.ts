import { routing } from '@/i18n/routing';

import type { ContentSource, Endpoint, ListQuery } from '../source';
import { TRANSLATABLE_ENDPOINTS } from '../translations';

const translatable: ReadonlySet<Endpoint> = new Set(TRANSLATABLE_ENDPOINTS);

/**
 * Wraps a source so every read of a translatable post type (posts, pages, events) without a `lang` of its own
 * asks for the default language (`?lang=en`). Polylang lists every language when `lang` is absent, which would
 * put each Spanish translation on the English blog as a post of its own; WordPress without Polylang ignores the
 * parameter, and the snapshot treats items without a `lang` as English (snapshot-query.ts). A read with its own
 * `lang` (a translation) passes through unchanged.
 */
export function defaultLanguageSource(
  source: ContentSource,
  lang: string = routing.defaultLocale,
): ContentSource {
  const withLang = <Q extends ListQuery>(endpoint: Endpoint, query: Q): Q =>
    translatable.has(endpoint) && query.lang === undefined ? { ...query, lang } : query;
  return {
    name: source.name,
    list: (endpoint, query, cache) => source.list(endpoint, withLang(endpoint, query), cache),
    listAll: (endpoint, query, cache) => source.listAll(endpoint, withLang(endpoint, query), cache),
    ...(source.isMissing ? { isMissing: (endpoint: Endpoint) => source.isMissing!(endpoint) } : {}),
  };
}
