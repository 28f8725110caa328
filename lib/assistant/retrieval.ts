/**
 * Retrieval for the assistant: a MiniSearch full-text index (BM25+, in memory) over the site's published content,
 * and passage selection for the answer. Pure apart from a one-slot memo of the index per process
 * (`assistantIndexFor`), rebuilt when the content fingerprint changes (a revalidated post, a new event), the same
 * way lib/archive/search.ts memoises the archive index.
 */
import MiniSearch from 'minisearch';

import { normalizeText } from './intents';

export type DocKind = 'post' | 'page' | 'event' | 'report' | 'cause' | 'vacancy';

/** One searchable item of site content. Text fields are plain text. */
export type AssistantDoc = {
  kind: DocKind;
  slug: string;
  title: string;
  excerpt: string;
  text: string;
  /** The item's page on this site, without locale prefix (`/blog/{slug}`, `/event/{slug}`, `/about`). */
  url: string;
  /** Version marker (WordPress `modified`), part of the fingerprint. */
  modified: string;
};

/** A retrieved document with the passage of it that best matches the question. */
export type Passage = { doc: AssistantDoc; passage: string; score: number };

export type AssistantIndex = {
  readonly docs: readonly AssistantDoc[];
  readonly mini: MiniSearch<IndexedDoc>;
};

type IndexedDoc = { id: number; title: string; excerpt: string; text: string };

/**
 * Words that carry no topic in the four languages (question words, articles, pronouns, auxiliaries). Without
 * this, "how can I help" matches every page containing "can".
 */
const STOPWORDS = new Set(
  // English
  (
    'a an the and or but of to in on at for from by with about into over is are was were be been being am do does did ' +
    'have has had i me my we our us you your he she it its they them their this that these those there here what which ' +
    'who whom whose when where why how can could would should will shall may might must any some more most other ' +
    'not no yes if then than so too very just also please tell know want like get find out up hi hello thanks thank ' +
    // Spanish
    'el la los las un una unos unas y o pero de del al en con por para sobre es son era fue ser estar esta este esto ' +
    'estos estas ese esa eso yo mi mis me tu tus te su sus nos nosotros vosotros ellos ellas que cual cuales quien ' +
    'cuando donde como porque puedo puede pueden quiero quieres hay hola gracias se lo le les mas muy tambien saber ' +
    // French
    'le les des du au aux et ou mais dans sur avec pour par est sont etait etre avoir ai je moi mon ma mes nous vous ' +
    'votre vos il elle ils elles leur leurs ce cet cette ces qui quoi quel quelle quels quelles quand comment pourquoi ' +
    'peux peut veux voudrais bonjour merci ne pas plus tres aussi savoir suis ' +
    // Portuguese
    'o os as um uma uns umas e ou mas do da dos das no na nos nas em com por para sobre sao era foi ser estar eu meu ' +
    'minha meus minhas voce voces ele ela eles elas que qual quais quem quando onde como porque posso pode podem ' +
    'quero ha ola obrigado obrigada mais muito tambem'
  ).split(' '),
);

/** Index terms: normalised like the intents, stopwords dropped. */
function processTerm(term: string): string | null {
  const plain = normalizeText(term);
  if (!plain || plain.length < 2 || STOPWORDS.has(plain)) return null;
  return plain;
}

/** Questions are natural language, so any word may match (OR); titles count most. */
const SEARCH_OPTIONS = {
  boost: { title: 3, excerpt: 1.5, text: 1 },
  prefix: (term: string) => term.length >= 4,
  fuzzy: (term: string) => (term.length >= 5 ? 0.2 : false),
  combineWith: 'OR' as const,
};

function dedupe(docs: readonly AssistantDoc[]): AssistantDoc[] {
  const seen = new Set<string>();
  return docs.filter((d) => (seen.has(d.url) ? false : (seen.add(d.url), true)));
}

/** Builds the index of `docs` (deduplicated by URL). */
export function buildAssistantIndex(docs: readonly AssistantDoc[]): AssistantIndex {
  const unique = dedupe(docs);
  const mini = new MiniSearch<IndexedDoc>({
    fields: ['title', 'excerpt', 'text'],
    processTerm,
    searchOptions: SEARCH_OPTIONS,
  });
  mini.addAll(unique.map((d, id) => ({ id, title: d.title, excerpt: d.excerpt, text: d.text })));
  return { docs: unique, mini };
}

function fingerprint(docs: readonly AssistantDoc[]): string {
  return docs
    .map((d) => [d.kind, d.url, d.modified, d.title, d.excerpt.length, d.text.length].join('\u0000'))
    .join('\n');
}

let memo: { key: string; index: AssistantIndex } | undefined;

/**
 * The index for `docs`, built once per process and reused while the content is the same; changed content (the
 * CMS getters are tag-cached, so a revalidation hands us new data) builds a new one.
 */
export function assistantIndexFor(docs: readonly AssistantDoc[]): AssistantIndex {
  const key = fingerprint(docs);
  if (memo?.key !== key) memo = { key, index: buildAssistantIndex(docs) };
  return memo.index;
}

/** The query's meaningful words, normalised (for passage selection). */
export function queryTerms(query: string): string[] {
  return [
    ...new Set(
      query
        .split(/[^\p{L}\p{N}'-]+/u)
        .map((w) => processTerm(w.replace(/^['-]+|['-]+$/g, '')))
        .filter((w): w is string => !!w),
    ),
  ];
}

/**
 * The part of `doc` that best answers the question: the sentence with the most query words (prefix match, so
 * `volunteer` finds `volunteering`), followed by the next sentences up to `maxChars`. Falls back to the excerpt,
 * then the start of the text. Never longer than `maxChars` (cut at a word, with an ellipsis).
 */
export function bestPassage(doc: AssistantDoc, terms: readonly string[], maxChars: number): string {
  const body = [doc.excerpt, doc.text].filter(Boolean).join(' ');
  const sentences = body.split(/(?<=[.!?…])\s+/).filter((s) => s.trim().length > 0);
  let best = -1;
  let bestHits = 0;
  sentences.forEach((sentence, i) => {
    const words = normalizeText(sentence).split(/[^\p{L}\p{N}]+/u);
    const hits = terms.filter((t) => words.some((w) => w.startsWith(t))).length;
    if (hits > bestHits) {
      best = i;
      bestHits = hits;
    }
  });
  let passage = '';
  if (best >= 0) {
    for (const sentence of sentences.slice(best)) {
      if (passage && passage.length + sentence.length + 1 > maxChars) break;
      passage = passage ? `${passage} ${sentence}` : sentence;
    }
  } else {
    passage = doc.excerpt || doc.text;
  }
  return cut(passage.trim(), maxChars);
}

function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  const slice = text.slice(0, max);
  const space = slice.lastIndexOf(' ');
  return `${(space > max * 0.5 ? slice.slice(0, space) : slice.slice(0, max - 1)).replace(/[\s,;:.\-–—]+$/, '')}…`;
}

/**
 * The best `limit` distinct pages for `query`, each with its best passage of at most `passageChars`. A page is
 * cited only when it is relevant: its score is at least a third of the best score (so one strong page is not
 * padded with noise), and it matches at least half of the question's meaningful words
 * ("the weather in Paris tomorrow" does not cite the heat report for "weather" alone). A query with no
 * meaningful word returns nothing.
 */
export function retrieve(index: AssistantIndex, query: string, limit = 3, passageChars = 240): Passage[] {
  const terms = queryTerms(query);
  if (terms.length === 0) return [];
  const hits = index.mini.search(terms.join(' '));
  const top = hits[0]?.score ?? 0;
  const needed = Math.ceil(terms.length / 2);
  return hits
    .filter((h) => h.score >= top / 3 && h.queryTerms.length >= needed)
    .slice(0, limit)
    .map((h) => {
      const doc = index.docs[h.id as number]!;
      return { doc, passage: bestPassage(doc, terms, passageChars), score: h.score };
    });
}
