import { archiveSearch, parseArchiveQuery, type ArchiveQuery } from '@/lib/archive/query';
import { BLOG_LIST_PARAMS, blogSearch, parseBlogQuery, type BlogQuery } from '@/lib/blog/query';
import { MAX_QUERY_LENGTH } from '@/lib/search/query-text';

/**
 * Cached list views (issue 20 item 4): a filtered or paged blog or archive address (`/blog?category=3&page=2`,
 * `/es/archive?q=clima`) is served by a route that carries its list state in the path
 * (app/[locale]/blog/filtered/[state], app/[locale]/archive/view/[state]). Such a route is ISR: each state is
 * rendered once and then served from the route cache until the content changes, where a route that reads
 * `searchParams` renders on every request. proxy.ts rewrites the public address to it, so people still see and
 * share `/blog?…`; the view routes themselves are never reachable by their own address (the proxy answers 404).
 *
 * The state segment is the canonical query string (defaults left out, as `blogSearch`/`archiveSearch` write it)
 * in base64url, so one state has exactly one cache entry and the segment needs no percent-encoding. Pure; no
 * Node imports (proxy.ts runs this).
 */

/** Path prefixes (after the locale) of the view routes; only proxy.ts may send a request there. */
export const LIST_VIEW_PREFIXES = ['/blog/filtered', '/archive/view'] as const;

/** The archive's URL parameters (lib/archive/query.ts). */
const ARCHIVE_LIST_PARAMS = ['q', 'type', 'order', 'page'] as const;

function toBase64Url(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * Longest state segment a canonical state can have: the search text (at most MAX_QUERY_LENGTH UTF-16 units, each at
 * most 3 UTF-8 bytes, each byte written `%XX`) plus the other parameters (under 100 characters), in base64
 * (4 characters per 3). A 100-character search in Portuguese or Chinese needs 400-1,200 characters.
 */
const MAX_STATE_SEGMENT = Math.ceil((2 + MAX_QUERY_LENGTH * 9 + 100) / 3) * 4;
const STATE_SEGMENT = new RegExp(`^[A-Za-z0-9_-]{1,${MAX_STATE_SEGMENT}}$`);

function fromBase64Url(segment: string): string | null {
  if (!STATE_SEGMENT.test(segment)) return null;
  try {
    const binary = atob(segment.replace(/-/g, '+').replace(/_/g, '/'));
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
  } catch {
    return null;
  }
}

/** `URLSearchParams` as the record `parseBlogQuery`/`parseArchiveQuery` read (the first value of a repeated key wins). */
function firstValues(search: URLSearchParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of search) if (!(key in out)) out[key] = value;
  return out;
}

/**
 * Where proxy.ts sends a list address: `/blog/filtered/{state}` or `/archive/view/{state}` (paths without the
 * locale), or null when the path is no list, or its parameters say nothing beyond the default view (`/blog`,
 * `/blog?page=1`, `/archive?utm_source=x`): the plain, pre-rendered list page answers those.
 */
export function listViewPath(path: string, search: URLSearchParams): string | null {
  if (path === '/blog' && BLOG_LIST_PARAMS.some((key) => search.has(key))) {
    const canonical = blogSearch(parseBlogQuery(firstValues(search))).slice(1);
    return canonical ? `/blog/filtered/${toBase64Url(canonical)}` : null;
  }
  if (path === '/archive' && ARCHIVE_LIST_PARAMS.some((key) => search.has(key))) {
    const canonical = archiveSearch(parseArchiveQuery(firstValues(search))).slice(1);
    return canonical ? `/archive/view/${toBase64Url(canonical)}` : null;
  }
  return null;
}

/** Whether a path (without the locale) is a view route's own address, which nobody may ask for directly. */
export function isListViewPath(path: string): boolean {
  return LIST_VIEW_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/**
 * The blog state a `[state]` segment stands for, or null unless it is exactly the canonical segment of a
 * non-default state (anything else would be a second cache entry for the same view, or an invented one).
 */
export function blogStateOf(segment: string): BlogQuery | null {
  const text = fromBase64Url(segment);
  if (text === null) return null;
  const state = parseBlogQuery(firstValues(new URLSearchParams(text)));
  const canonical = blogSearch(state).slice(1);
  return canonical && toBase64Url(canonical) === segment ? state : null;
}

/** The archive state a `[state]` segment stands for, or null (same rule as `blogStateOf`). */
export function archiveStateOf(segment: string): ArchiveQuery | null {
  const text = fromBase64Url(segment);
  if (text === null) return null;
  const query = parseArchiveQuery(firstValues(new URLSearchParams(text)));
  const canonical = archiveSearch(query).slice(1);
  return canonical && toBase64Url(canonical) === segment ? query : null;
}
