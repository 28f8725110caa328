import type { ArchiveEntry } from '@/lib/cms';
import { buildSearchIndex, searchIndex, type SearchIndex } from '@/lib/search';

import { effectiveOrder, type ArchiveQuery } from './query';

/**
 * The combined archive search (docs/SPEC-NOTES.md §7 Derived behaviour): posts, media archive items and reports in one list,
 * filtered by type, with the site's one full-text search (lib/search: the blog searches the same index, so the
 * same words find the same posts). Pure apart from a one-slot memo of the index per process (`archiveIndexFor`).
 */

/** Results per page, as the blog (docs/SPEC-NOTES.md §9 default listing page size). */
export const ARCHIVE_PAGE_SIZE = 12;

export type ArchiveResult = {
  /** The entries of the requested page. */
  items: ArchiveEntry[];
  /** Matches on all pages. */
  total: number;
  /** 0 when nothing matches. */
  totalPages: number;
  /** The page shown: the requested one clamped into 1..totalPages (1 when nothing matches). */
  page: number;
};

export type ArchiveIndex = {
  /** The entries the index was built from, deduplicated by type and slug; a document id is a position here. */
  readonly entries: readonly ArchiveEntry[];
  /** Publication times in ms (0 when unreadable), by position. */
  readonly times: readonly number[];
  readonly mini: SearchIndex;
};

function dedupe(entries: readonly ArchiveEntry[]): ArchiveEntry[] {
  const seen = new Set<string>();
  return entries.filter((e) => {
    const key = `${e.type}\u0000${e.slug}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Builds the full-text index of `entries` (title, excerpt and body text). */
export function buildArchiveIndex(entries: readonly ArchiveEntry[]): ArchiveIndex {
  const unique = dedupe(entries);
  const mini = buildSearchIndex(unique.map((e, id) => ({ id, title: e.title, excerpt: e.excerpt, text: e.text })));
  const times = unique.map((e) => {
    const t = Date.parse(e.date);
    return Number.isNaN(t) ? 0 : t;
  });
  return { entries: unique, times, mini };
}

/**
 * What an index depends on: each entry's identity and version (WordPress's `modified` changes on every save) plus
 * the sizes of its text fields, as a cheap guard for sources whose `modified` does not move.
 */
function fingerprint(entries: readonly ArchiveEntry[]): string {
  return entries
    .map((e) => [e.type, e.slug, e.modified, e.date, e.title, e.excerpt.length, e.text.length].join('\u0000'))
    .join('\n');
}

let memo: { key: string; index: ArchiveIndex } | undefined;

/**
 * The index for `entries`: the MiniSearch index is built once per process and reused while the data is the same,
 * so requests do not rebuild it; changed data (a revalidated post, a new report) builds a new one. One slot: every
 * locale and request shares the same content. The returned entries are always the ones passed in (same order,
 * as the fingerprint guarantees), so fields outside the fingerprint, such as an image, are never stale.
 */
export function archiveIndexFor(entries: readonly ArchiveEntry[]): ArchiveIndex {
  const key = fingerprint(entries);
  if (memo?.key !== key) {
    memo = { key, index: buildArchiveIndex(entries) };
    return memo.index;
  }
  return { ...memo.index, entries: dedupe(entries) };
}

function byDate(index: ArchiveIndex, order: 'asc' | 'desc') {
  const sign = order === 'asc' ? 1 : -1;
  return (a: number, b: number) =>
    sign * (index.times[a]! - index.times[b]!) ||
    index.entries[a]!.url.localeCompare(index.entries[b]!.url, 'en');
}

/**
 * Answers an archive query: `type` filters (`all` keeps every type); `q` searches titles (boosted), excerpts and
 * bodies by lib/search's rules (every word, prefixes, typos only in longer unknown words, exact matches first); results are ordered by `effectiveOrder` (relevance with search
 * text unless a date order was picked; else by date, newest first unless `order` is `asc`) and cut into pages of
 * `pageSize`. Search text with no searchable word (only punctuation) matches nothing.
 */
export function searchArchive(
  index: ArchiveIndex,
  query: ArchiveQuery,
  pageSize = ARCHIVE_PAGE_SIZE,
): ArchiveResult {
  const wanted = (id: number) => query.type === 'all' || index.entries[id]!.type === query.type;
  const order = effectiveOrder(query);
  let ids: number[];
  if (query.q) {
    // Relevance ties list newest first, so equal scores come in a stable, sensible order.
    const hits = searchIndex(index.mini, query.q, { filter: wanted, tieBreak: byDate(index, 'desc') });
    ids = order === 'relevance' ? hits.map((h) => h.id) : hits.map((h) => h.id).sort(byDate(index, order));
  } else {
    ids = index.entries.map((_, id) => id).filter(wanted);
    ids.sort(byDate(index, order === 'asc' ? 'asc' : 'desc'));
  }
  const total = ids.length;
  const totalPages = Math.ceil(total / pageSize);
  const page = Math.min(Math.max(1, query.page), Math.max(1, totalPages));
  const items = ids.slice((page - 1) * pageSize, page * pageSize).map((id) => index.entries[id]!);
  return { items, total, totalPages, page };
}
