/**
 * Cross-site request refusal for the route handlers under `/api/` (pure; run by `proxy.ts`). Route handlers,
 * unlike server actions, get no Origin check from Next, and SameSite=Lax cookies do not stop a same-site
 * subdomain (security review finding L1). A write (any method but GET and HEAD) is refused when the browser says
 * it comes from another site (`Sec-Fetch-Site: cross-site` or `same-site`), or when its `Origin` is neither
 * the site's configured origin nor the host it was sent to. Requests without either header (server-to-server
 * clients, old browsers) pass. Exempt: `/api/revalidate` (WordPress calls it server to server with an HMAC) and
 * `/api/newsletter/unsubscribe` (RFC 8058 one-click: a mail client posts it from wherever it runs; the signed
 * token in the URL is the only authority and no cookie is read, so there is nothing to forge).
 */
import type { HeaderReader } from '@/lib/screening/classify';

const EXEMPT = new Set(['/api/revalidate', '/api/newsletter/unsubscribe']);

export type OriginCheckInput = {
  method: string;
  pathname: string;
  headers: HeaderReader;
  /** The site's public origin (`SITE_URL`), e.g. `https://example.org`. */
  siteOrigin: string;
};

function hostOf(origin: string): string | null {
  try {
    return new URL(origin).host.toLowerCase();
  } catch {
    return null;
  }
}

/** True when this request must be refused with 403. */
export function isCrossSiteApiWrite({ method, pathname, headers, siteOrigin }: OriginCheckInput): boolean {
  const m = method.toUpperCase();
  if (m === 'GET' || m === 'HEAD') return false;
  if (pathname !== '/api' && !pathname.startsWith('/api/')) return false;
  if (EXEMPT.has(pathname)) return false;

  const fetchSite = headers.get('sec-fetch-site')?.toLowerCase();
  if (fetchSite === 'cross-site' || fetchSite === 'same-site') return true;

  const origin = headers.get('origin');
  if (origin === null) return false;
  const host = hostOf(origin);
  if (!host) return true; // `null` (sandboxed frames, some redirects) and garbage
  const allowed = [hostOf(siteOrigin), headers.get('x-forwarded-host'), headers.get('host')]
    .filter((h): h is string => Boolean(h))
    .map((h) => h.split(',')[0]!.trim().toLowerCase());
  return !allowed.includes(host);
}
