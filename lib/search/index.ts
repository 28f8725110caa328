import MiniSearch, { type SearchResult } from 'minisearch';

/**
 * The site's one full-text search (MiniSearch, BM25+, in memory), used by the archive and the blog so the same
 * words find the same posts on both. Rules:
 * - every word must match (adding a word narrows the results, as in WordPress's own search);
 * - case and accents are ignored (`cafe` finds `café` and the other way round);
 * - a word also matches longer words it starts with, from 2 characters (`immigr` → immigration);
 * - typo tolerance only for words of 5 or more characters that appear nowhere in the index, and by one edit at
 *   most: a real word is never bent into another (`facial` never finds `racial`), a typo (`clmate`) still finds
 *   `climate`;
 * - results that match every word exactly rank above those that needed a prefix, and those above typo matches,
 *   whatever their scores; within a tier, title matches count most, then the excerpt, then the body.
 * Pure: callers hold the index.
 */

export type SearchDoc = { id: number; title: string; excerpt: string; text: string };

export type SearchIndex = MiniSearch<SearchDoc>;

/** How a hit matched its weakest word. */
export type MatchTier = 'exact' | 'prefix' | 'fuzzy';

export type SearchHit = { id: number; score: number; tier: MatchTier };

/** Title matches count most, then the excerpt, then the body. */
const BOOST = { title: 3, excerpt: 1.5, text: 1 };
/** Shortest word that may be matched with a typo. */
export const FUZZY_MIN_LENGTH = 5;
/** Most edits (insert, delete, substitute one character) a typo match may need. */
export const FUZZY_MAX_EDITS = 1;
const TIER_RANK: Record<MatchTier, number> = { exact: 0, prefix: 1, fuzzy: 2 };

/** Lower-cases and strips diacritics (visitors type in four languages, often without accents). */
export function normalizeTerm(term: string): string | null {
  const plain = term.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  return plain || null;
}

const tokenize = MiniSearch.getDefault('tokenize') as (text: string) => string[];

/** The words of a query as the index sees them. */
export function queryTerms(query: string): string[] {
  return tokenize(query)
    .map(normalizeTerm)
    .filter((t): t is string => Boolean(t));
}

/** Builds the index of `docs` (title, excerpt and body text); `id` is the caller's position or key. */
export function buildSearchIndex(docs: readonly SearchDoc[]): SearchIndex {
  const mini = new MiniSearch<SearchDoc>({
    fields: ['title', 'excerpt', 'text'],
    processTerm: normalizeTerm,
  });
  mini.addAll(docs as SearchDoc[]);
  return mini;
}

function tierOf(hit: SearchResult, terms: readonly string[]): MatchTier {
  let tier: MatchTier = 'exact';
  for (const q of terms) {
    if (hit.terms.includes(q)) continue;
    if (hit.terms.some((t) => t.startsWith(q))) {
      tier = 'prefix';
      continue;
    }
    return 'fuzzy';
  }
  return tier;
}

/**
 * The documents matching every word of `query` (optionally only those `filter` keeps), best first by tier, then
 * score, then `tieBreak` (e.g. newest first). Text with no searchable word matches nothing.
 */
export function searchIndex(
  index: SearchIndex,
  query: string,
  options: { filter?: (id: number) => boolean; tieBreak?: (a: number, b: number) => number } = {},
): SearchHit[] {
  const terms = queryTerms(query);
  if (terms.length === 0) return [];
  // Words that occur as they are need no typo tolerance: looking them up first keeps 'facial' from finding 'racial'.
  const known = new Set(
    terms.filter(
      (t) =>
        index.search(t, { prefix: false, fuzzy: false, fields: ['title', 'excerpt', 'text'] }).length > 0,
    ),
  );
  const hits = index.search(query, {
    boost: BOOST,
    combineWith: 'AND',
    prefix: (term) => term.length >= 2,
    fuzzy: (term) => (term.length >= FUZZY_MIN_LENGTH && !known.has(term) ? FUZZY_MAX_EDITS : false),
    maxFuzzy: FUZZY_MAX_EDITS,
    filter: options.filter ? (r) => options.filter!(r.id as number) : undefined,
  });
  const ranked = hits.map((h) => ({ id: h.id as number, score: h.score, tier: tierOf(h, terms) }));
  return ranked.sort(
    (a, b) =>
      TIER_RANK[a.tier] - TIER_RANK[b.tier] || b.score - a.score || (options.tieBreak?.(a.id, b.id) ?? 0),
  );
}
