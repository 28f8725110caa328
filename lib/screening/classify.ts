/**
 * Request classification for screening (pure). What a person does counts against the main budget; what the
 * framework does on their behalf (link prefetches, RSC payloads for client navigation) counts against a
 * separate, higher budget; real static files never count (docs/ARCHITECTURE.md §3).
 *
 * Everything a client controls (headers, query, file extension) is distrusted: a request only leaves the
 * person's budget when what it will be answered with is cheap and cannot be a full page.
 */

export type RequestClass = 'exempt' | 'framework' | 'page';

/** Built assets, optimised images, CMS media and uploaded materials: file routes, never pages. */
const STATIC_PREFIXES = ['/_next/static/', '/_next/image', '/content-media/', '/uploads/'];

/** Anything with a `get(name)` for headers: `Headers` or a test double. */
export type HeaderReader = { get(name: string): string | null };

export type ClassifyOptions = {
  /** The request method; only GET may be a framework request. Defaults to GET. */
  method?: string;
  /** Paths of the files that really exist in `public/` (and the app's icon files): see lib/screening/public-files.ts. */
  publicFiles?: ReadonlySet<string>;
};

/**
 * True for real static files: the prefixes above and the exact paths in `publicFiles`. A path that merely ends
 * in an extension (`/blog/x.txt`) is not static: it would be rendered as a page (or a 404), so it counts.
 */
export function isStaticAsset(pathname: string, publicFiles: ReadonlySet<string> = new Set()): boolean {
  return STATIC_PREFIXES.some((p) => pathname.startsWith(p)) || publicFiles.has(pathname);
}

function isApi(pathname: string): boolean {
  return pathname === '/api' || pathname.startsWith('/api/');
}

/**
 * Classifies one request by its method, path, query and headers.
 * - `exempt`: real static files only (see `isStaticAsset`).
 * - `framework`: a client-router request for a page's RSC payload: GET, `RSC: 1` header AND an `_rsc` query,
 *   no server action, not under `/api/`. Next answers those with the RSC payload, never with HTML. (Next's
 *   prefetches carry both too, whatever prefetch headers come with them.)
 * - `page`: everything else: documents, anything answered with HTML, every `/api/*` call (JSON answers are a
 *   person's requests too), form posts and server actions. `/api/revalidate` is not screened here: its handler
 *   screens invalid signatures itself (app/api/revalidate/route.ts).
 */
export function classifyRequest(
  pathname: string,
  search: URLSearchParams,
  headers: HeaderReader,
  { method = 'GET', publicFiles }: ClassifyOptions = {},
): RequestClass {
  if (isStaticAsset(pathname, publicFiles)) return 'exempt';
  if (method.toUpperCase() !== 'GET' || isApi(pathname)) return 'page';
  if (headers.get('next-action')) return 'page';
  if (headers.get('rsc') === '1' && search.has('_rsc')) return 'framework';
  return 'page';
}
