/**
 * Request classification for screening (pure). What a person does counts against the main budget; what the
 * framework does on their behalf (link prefetches, RSC payloads for client navigation) counts against a
 * separate, higher budget; static assets never count (DESIGN.md §3).
 */

export type RequestClass = 'exempt' | 'framework' | 'page';

const STATIC_PREFIXES = ['/_next/static/', '/_next/image'];
const STATIC_EXTENSIONS =
  /\.(?:avif|bmp|css|gif|ico|jpe?g|js|map|mjs|mp3|mp4|ogg|otf|pdf|png|svg|ttf|txt|wasm|webm|webmanifest|webp|woff2?|xml)$/i;

/** Anything with a `get(name)` for headers: `Headers` or a test double. */
export type HeaderReader = { get(name: string): string | null };

/** True for files the browser fetches as page resources: built assets, images, icons, fonts. */
export function isStaticAsset(pathname: string): boolean {
  return STATIC_PREFIXES.some((p) => pathname.startsWith(p)) || STATIC_EXTENSIONS.test(pathname);
}

/**
 * Classifies one request by its path, query and headers.
 * - `exempt`: static assets, and signed webhook calls to `/api/revalidate`.
 * - `framework`: Next's link prefetches (`next-router-prefetch`, `Sec-Purpose: prefetch`) and RSC requests
 *   (`RSC: 1` header or `_rsc` query), unless they carry a server action.
 * - `page`: everything else (documents, form posts and server actions, API calls).
 */
export function classifyRequest(
  pathname: string,
  search: URLSearchParams,
  headers: HeaderReader,
): RequestClass {
  if (isStaticAsset(pathname)) return 'exempt';
  // WordPress sends bursts of signed webhooks from one address (a bulk edit); the handler verifies the HMAC
  // in constant time before doing anything, so it needs no budget of its own.
  if (pathname === '/api/revalidate' && headers.get('x-webhook-signature')) return 'exempt';
  if (headers.get('next-action')) return 'page';
  const purpose = `${headers.get('sec-purpose') ?? ''} ${headers.get('purpose') ?? ''}`.toLowerCase();
  if (headers.get('next-router-prefetch') || purpose.includes('prefetch')) return 'framework';
  if (headers.get('rsc') === '1' || search.has('_rsc')) return 'framework';
  return 'page';
}
