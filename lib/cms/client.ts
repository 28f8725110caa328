import 'server-only';

import { CMS_MESSAGES, CmsError } from './errors';
import { resetWarnings, warnOnce } from './warn-once';

/**
 * The one HTTP client for the WordPress REST API (`/wp-json/wp/v2`, or `/?rest_route=/wp/v2/…` when pretty
 * permalinks are off). Everything that talks to WordPress goes through `wpFetch`; callers pass a route such as
 * `/wp/v2/posts` and a query object, never a URL string.
 *
 * - Only the endpoints of docs/SPEC-NOTES.md §7 (plus the team and vacancy post types, and the companion plugin's
 *   menus, redirects and old slugs) are allowed; anything else throws
 *   `CmsError('Blocked suspicious WordPress API call')` before any request is made.
 * - Each attempt has a timeout; network errors, timeouts, 429 and 5xx are retried up to 3 times with
 *   exponential backoff. After the last failure the host is treated as down for 30 s, so a build or a burst of
 *   requests against a dead WordPress falls back at once instead of waiting on every call.
 * - PHP notices printed before the JSON are cut off (docs/SPEC-NOTES.md §5).
 * - WordPress's "no such route" and "invalid parameter" answers throw a CmsError with `missing` set (the
 *   content does not exist on this site); a page past the end is an empty page; an `orderby` the post type
 *   does not support is dropped (warned once) and the read repeated.
 * - Reads are tagged for Next's data cache (`next: { tags, revalidate }`), so `revalidateTag` refreshes them.
 */

const ALLOWED_ROUTE =
  /^\/wp\/v2\/(posts|pages|categories|tags|reports|events|media|media-archive|media_category|cause|team-member|vacancies)(\/\d+)?$/;
/** The companion plugin's own read-only routes: menus, redirect rules, old slugs (wordpress/lrjn-companion/includes). */
const COMPANION_ROUTE = /^\/lrjn\/v1\/(menus|redirects|old-slugs)$/;

export type WpQueryValue = string | number | boolean | undefined | null | readonly (string | number)[];
export type WpQuery = Record<string, WpQueryValue>;

export type WpResult = {
  /** Parsed JSON body (an array for collections, an object for single items). */
  data: unknown;
  /** From `X-WP-Total` / `X-WP-TotalPages`; for a single item both are 1. */
  total: number;
  totalPages: number;
};

export type WpFetchOptions = {
  /** Site root, e.g. `https://cms.example.org` (no `/wp-json`). */
  baseUrl: string;
  timeoutMs: number;
  /** Retries after the first attempt (default 3). */
  retries?: number;
  /** Cache tags for Next's data cache. */
  tags?: string[];
  /** Seconds before Next's data cache refetches in the background; `false` caches until revalidated by tag. */
  revalidate?: number | false;
  /** Name used in `Failed to fetch {what}: {status}` (docs/SPEC-NOTES.md §8). Defaults to the endpoint name. */
  what?: string;
  /** Injected in tests. */
  fetchImpl?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
};

type Mode = 'pretty' | 'plain';
const modeByBase = new Map<string, Mode>();
const downUntil = new Map<string, number>();
/** Parameters WordPress may refuse for a post type (an unsupported `orderby`), per `{base} {route}`. */
const droppedParams = new Map<string, Set<string>>();
const DROPPABLE_PARAMS: ReadonlySet<string> = new Set(['orderby', 'order']);
const CIRCUIT_MS = 30_000;
const BACKOFF_MS = 300;

/** Plugin routes the site reads: the companion's hero and figures (wordpress/lrjn-companion) and Rank Math's SEO head. */
const PLUGIN_ROUTES: ReadonlySet<string> = new Set([
  '/lrjn/v1/hero',
  '/lrjn/v1/figures',
  '/rankmath/v1/getHead',
]);

/** Throws unless `route` is one of the allowed REST routes. */
export function assertAllowedRoute(route: string): void {
  if (!ALLOWED_ROUTE.test(route) && !COMPANION_ROUTE.test(route) && !PLUGIN_ROUTES.has(route))
    throw new CmsError(CMS_MESSAGES.blocked, undefined, false);
}

/**
 * Builds the request URL with URLSearchParams. Arrays become comma lists (WordPress's own format for
 * `categories`, `tags`, `include`); `undefined`, `null` and `false` are left out.
 */
export function buildWpUrl(baseUrl: string, route: string, query: WpQuery, mode: Mode): URL {
  assertAllowedRoute(route);
  const root = baseUrl.replace(/\/+$/, '');
  const url = mode === 'pretty' ? new URL(`${root}/wp-json${route}`) : new URL(`${root}/`);
  if (mode === 'plain') url.searchParams.set('rest_route', route);
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === false) continue;
    url.searchParams.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  return url;
}

/**
 * Parses a WordPress response body, cutting anything before the first `{`/`[` and after the last `}`/`]`
 * (PHP notices and warnings printed around the JSON, docs/SPEC-NOTES.md §5).
 * @throws CmsError 'No JSON found in response' or 'WordPress API returned invalid JSON'.
 */
export function extractJson(body: string): unknown {
  const text = body.trim();
  try {
    return JSON.parse(text);
  } catch {
    // fall through to the cleanup
  }
  const end = Math.max(text.lastIndexOf('}'), text.lastIndexOf(']'));
  // A notice may itself contain brackets (`#[\ReturnTypeWillChange]`), so try each opening bracket in turn.
  const starts = [...text.matchAll(/[[{]/g)].map((m) => m.index).filter((i) => i < end);
  if (starts.length === 0 || end < 0) throw new CmsError(CMS_MESSAGES.noJson);
  for (const start of starts.slice(0, 50)) {
    try {
      return JSON.parse(text.slice(start, end + 1));
    } catch {
      // try the next bracket
    }
  }
  throw new CmsError(CMS_MESSAGES.invalidJson);
}

function endpointName(route: string): string {
  return route
    .replace(/^\/wp\/v2\//, '')
    .replace(/\/\d+$/, '')
    .replace(/[-_]/g, ' ');
}

function isJsonResponse(res: Response): boolean {
  return /json/i.test(res.headers.get('content-type') ?? '');
}

async function attempt(url: URL, options: WpFetchOptions, fetchImpl: typeof fetch): Promise<Response> {
  const init: RequestInit & { next?: { tags?: string[]; revalidate?: number | false } } = {
    headers: { Accept: 'application/json' },
    signal: AbortSignal.timeout(options.timeoutMs),
    next: { tags: options.tags, revalidate: options.revalidate ?? 3600 },
  };
  try {
    return await fetchImpl(url, init);
  } catch (error) {
    const reason = error instanceof Error && error.name === 'TimeoutError' ? 'timeout' : 'network error';
    throw new CmsError(
      CMS_MESSAGES.failed(options.what ?? endpointName(url.pathname), reason),
      undefined,
      true,
    );
  }
}

/**
 * GET one page of a REST route.
 * @returns the parsed body with `X-WP-Total` / `X-WP-TotalPages`.
 * @throws CmsError with the spec's message: blocked route, HTTP status, invalid JSON, or WordPress down.
 */
export async function wpFetch(route: string, query: WpQuery, options: WpFetchOptions): Promise<WpResult> {
  assertAllowedRoute(route);
  const fetchImpl = options.fetchImpl ?? fetch;
  const sleep = options.sleep ?? ((ms: number) => new Promise((r) => setTimeout(r, ms)));
  const what = options.what ?? endpointName(route);
  const base = options.baseUrl;
  if ((downUntil.get(base) ?? 0) > Date.now()) {
    throw new CmsError(CMS_MESSAGES.failed(what, 'WordPress unavailable'), undefined, true);
  }

  const retries = options.retries ?? 3;
  let lastError: CmsError | undefined;
  for (let i = 0; i <= retries; i++) {
    if (i > 0) await sleep(BACKOFF_MS * 2 ** (i - 1));
    try {
      const result = await once(route, query, { ...options, what }, fetchImpl);
      downUntil.delete(base);
      return result;
    } catch (error) {
      if (!(error instanceof CmsError) || !error.retryable) throw error;
      lastError = error;
    }
  }
  downUntil.set(base, Date.now() + CIRCUIT_MS);
  throw lastError ?? new CmsError(CMS_MESSAGES.failed(what, 'unknown error'), undefined, true);
}

async function once(
  route: string,
  wanted: WpQuery,
  options: WpFetchOptions,
  fetchImpl: typeof fetch,
): Promise<WpResult> {
  const base = options.baseUrl;
  const what = options.what ?? endpointName(route);
  const dropped = droppedParams.get(`${base} ${route}`);
  const query = dropped
    ? Object.fromEntries(Object.entries(wanted).filter(([k]) => !dropped.has(k)))
    : wanted;
  let mode: Mode = modeByBase.get(base) ?? 'pretty';
  let res = await attempt(buildWpUrl(base, route, query, mode), options, fetchImpl);
  // With plain permalinks /wp-json/… is a 404 or a redirect to an HTML page: switch to ?rest_route= for good.
  if (mode === 'pretty' && !isJsonResponse(res) && (res.status === 404 || res.ok)) {
    mode = 'plain';
    res = await attempt(buildWpUrl(base, route, query, mode), options, fetchImpl);
  }
  if (!res.ok) {
    const wpError = res.status === 400 || res.status === 404 ? await readWpError(res) : null;
    if (wpError) {
      modeByBase.set(base, mode);
      // A page past the end: an empty page.
      if (wpError.code === 'rest_post_invalid_page_number') return { data: [], total: 0, totalPages: 0 };
      // An `orderby` the post type does not support (menu_order without page-attributes): read it in
      // WordPress's default order rather than not at all, and stop asking for it.
      const refused = wpError.code === 'rest_invalid_param' ? Object.keys(wpError.params) : [];
      if (refused.length > 0 && refused.every((p) => DROPPABLE_PARAMS.has(p) && query[p] !== undefined)) {
        const key = `${base} ${route}`;
        droppedParams.set(key, new Set([...(droppedParams.get(key) ?? []), ...refused, 'order']));
        warnOnce(
          `drop ${key} ${refused.join(',')}`,
          `[cms] WordPress refused ${refused.map((p) => `${p}=${String(query[p])}`).join(', ')} for ` +
            `${endpointName(route)} (${wpError.code}: ${wpError.message}); reading it in WordPress's default order. ` +
            'The LRJN Companion plugin registers this post type with the support the site expects.',
        );
        return once(route, query, options, fetchImpl);
      }
      if (wpError.code === 'rest_no_route' || wpError.code === 'rest_invalid_param') {
        throw new CmsError(CMS_MESSAGES.failed(what, res.status), res.status, false, {
          code: wpError.code,
          message: wpError.message,
        });
      }
    }
    throw new CmsError(
      CMS_MESSAGES.failed(what, res.status),
      res.status,
      res.status >= 500 || res.status === 429,
    );
  }
  modeByBase.set(base, mode);
  let body: string;
  try {
    body = await res.text();
  } catch (error) {
    // Headers arrived but the body stalled or broke off: as retryable as a failed connection.
    const reason = error instanceof Error && error.name === 'TimeoutError' ? 'timeout' : 'network error';
    throw new CmsError(CMS_MESSAGES.failed(what, reason), undefined, true);
  }
  const data = extractJson(body);
  // One item (an object): `/wp/v2/posts/5`, and the plugin routes.
  const isItem = /\/\d+$/.test(route) || PLUGIN_ROUTES.has(route);
  if (isItem ? Array.isArray(data) || typeof data !== 'object' || data === null : !Array.isArray(data)) {
    throw new CmsError(CMS_MESSAGES.invalidFormat);
  }
  const count = Array.isArray(data) ? data.length : 1;
  const total = Number(res.headers.get('x-wp-total') ?? count);
  const totalPages = Number(res.headers.get('x-wp-totalpages') ?? (count > 0 ? 1 : 0));
  return {
    data,
    total: Number.isFinite(total) ? total : count,
    totalPages: Number.isFinite(totalPages) ? totalPages : 1,
  };
}

/**
 * Items per page of `wpFetchAll`: WordPress's maximum (100), or 40 for a read with `_embed`. A running server
 * keeps each response in Next's data cache, which refuses entries over 2 MB (the body is stored base64, so about
 * 1.5 MB of JSON; lib/cache/install-handler.ts): 100 embedded posts pass that at ~15 KB each (the demo's are 9.6 KB
 * with content and embeds), so a real blog's pages would be fetched again on every render. 40 keeps posts of up to
 * ~35 KB cacheable.
 */
function allPageSize(query: WpQuery): number {
  return query._embed ? 40 : 100;
}

/**
 * Every item of a collection, paging through `X-WP-TotalPages` with `per_page` of `allPageSize` (never capped at
 * one page). Later pages are fetched two at a time to spare a small WordPress host.
 */
export async function wpFetchAll(route: string, query: WpQuery, options: WpFetchOptions): Promise<unknown[]> {
  const per_page = allPageSize(query);
  const first = await wpFetch(route, { ...query, per_page, page: 1 }, options);
  const items = [...(first.data as unknown[])];
  for (let page = 2; page <= first.totalPages; page += 2) {
    const batch = [page, page + 1].filter((p) => p <= first.totalPages);
    const results = await Promise.all(
      batch.map((p) => wpFetch(route, { ...query, per_page, page: p }, options)),
    );
    for (const r of results) items.push(...(r.data as unknown[]));
  }
  return items;
}

/**
 * The `{ code, message, data.params }` error body WordPress's REST API sends with a 4xx, or null when the body
 * is not one (an HTML 404 page, a proxy's error).
 */
async function readWpError(
  res: Response,
): Promise<{ code: string; message: string; params: Record<string, unknown> } | null> {
  if (!isJsonResponse(res)) return null;
  try {
    const body = extractJson(await res.text()) as {
      code?: unknown;
      message?: unknown;
      data?: { params?: unknown };
    };
    if (typeof body?.code !== 'string') return null;
    const params = body.data?.params;
    return {
      code: body.code,
      message: typeof body.message === 'string' ? body.message : '',
      params:
        params && typeof params === 'object' && !Array.isArray(params)
          ? (params as Record<string, unknown>)
          : {},
    };
  } catch {
    return null;
  }
}

/** Test hook: forget the detected permalink mode, refused parameters, logged warnings and any open circuit. */
export function resetWpClientState(): void {
  modeByBase.clear();
  downUntil.clear();
  droppedParams.clear();
  resetWarnings();
}
