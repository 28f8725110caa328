/**
 * Cross-site request refusal (pure; run by `proxy.ts`, and by the upload route, which the proxy does not run for).
 *
 * Route handlers under `/api/`, unlike server actions, get no Origin check from Next, and SameSite=Lax cookies do
 * not stop a same-site subdomain. A write (any method but GET and HEAD) is refused when the browser says it comes
 * from another site (`Sec-Fetch-Site: cross-site` or `same-site`), or when its `Origin` is not this site's.
 * Requests without either header (server-to-server clients, old browsers) pass. Exempt: `/api/revalidate`
 * (WordPress calls it server to server with an HMAC) and `/api/newsletter/unsubscribe` (RFC 8058 one-click: a
 * mail client posts it from wherever it runs; the signed token in the URL is the only authority and no cookie is
 * read, so there is nothing to forge).
 *
 * "This site" is `SITE_URL`'s host. The `Host` header counts only in development or while `SITE_URL` is unset
 * (a demo or test server that does not know its public name); `X-Forwarded-Host` never counts: a client can set
 * it, and nginx overwrites it only if configured to (deploy/nginx/lrjn.conf does).
 */
import type { HeaderReader } from '@/lib/screening/classify';

const EXEMPT = new Set(['/api/revalidate', '/api/newsletter/unsubscribe']);

/** Which hosts count as this site. */
export type SiteHosts = {
  /** `SITE_URL` as configured (undefined when unset), e.g. `https://example.org`. */
  siteUrl: string | undefined;
  /** `NODE_ENV === 'development'`: the dev server is reached under whatever name it is asked by. */
  development: boolean;
};

export type OriginCheckInput = SiteHosts & {
  method: string;
  pathname: string;
  headers: HeaderReader;
};

function hostOf(origin: string): string | null {
  try {
    const url = new URL(origin);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.host.toLowerCase() : null;
  } catch {
    return null;
  }
}

/** The hosts an `Origin` may name for this request: SITE_URL's, and `Host` only as described above. */
export function allowedHosts({ siteUrl, development }: SiteHosts, headers: HeaderReader): string[] {
  const site = siteUrl ? hostOf(siteUrl) : null;
  const host = development || !site ? headers.get('host')?.trim().toLowerCase() : null;
  return [site, host].filter((h): h is string => Boolean(h));
}

/**
 * True when the request carries an `Origin` header (even an empty one) that is not this site: `null` (sandboxed
 * frames, some redirects), garbage, or another host. No header at all is not foreign.
 */
export function hasForeignOrigin(hosts: SiteHosts, headers: HeaderReader): boolean {
  const origin = headers.get('origin');
  if (origin === null) return false;
  const host = hostOf(origin);
  return !host || !allowedHosts(hosts, headers).includes(host);
}

/** True when this write to `/api/*` must be refused with 403. */
export function isCrossSiteApiWrite({ method, pathname, headers, ...hosts }: OriginCheckInput): boolean {
  const m = method.toUpperCase();
  if (m === 'GET' || m === 'HEAD') return false;
  if (pathname !== '/api' && !pathname.startsWith('/api/')) return false;
  if (EXEMPT.has(pathname)) return false;

  const fetchSite = headers.get('sec-fetch-site')?.toLowerCase();
  if (fetchSite === 'cross-site' || fetchSite === 'same-site') return true;
  return hasForeignOrigin(hosts, headers);
}

/**
 * True when Next would abort this server-action POST (an answer of 500) over its `Origin`, or when the Origin is
 * not this site's (`hasForeignOrigin`). Next compares the Origin's host with the first `X-Forwarded-Host` value,
 * else `Host`, and throws on an Origin it cannot parse (an empty one); refusing those here first gives a 403
 * instead. `X-Forwarded-Host` is only ever a reason to refuse, never to allow.
 */
export function isForeignActionOrigin(hosts: SiteHosts, headers: HeaderReader): boolean {
  const origin = headers.get('origin');
  if (origin === null) return false;
  if (hasForeignOrigin(hosts, headers)) return true;
  const forwarded = headers.get('x-forwarded-host')?.split(',')[0]?.trim();
  // Compared as Next compares: verbatim (a Host in capitals does not match).
  return hostOf(origin) !== (forwarded || headers.get('host') || '');
}
