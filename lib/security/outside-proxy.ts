import { env } from '@/lib/config/env';
import { tagRequestId } from '@/lib/log/request-id';
import { screenRequest } from '@/lib/screening';
import { isCrossSiteApiWrite } from '@/lib/security/origin-check';

/**
 * The proxy's request checks for a route handler that is outside its matcher (so that Next does not buffer its
 * body for the proxy: the course-material upload). Screening (429 over the client's budget) and the cross-site
 * write refusal (403), in the proxy's order; the path needs no %-escape check, since only one exact path is
 * excluded. The security headers come from next.config.ts `headers()`, as for every route.
 * @returns the refusal to send, or null to go on; every answer of the route should go through `tagged`.
 */
export async function guardOutsideProxy(request: Request): Promise<Response | null> {
  const url = new URL(request.url);
  const blocked = await screenRequest({
    pathname: url.pathname,
    search: url.searchParams,
    headers: request.headers,
    method: request.method,
  });
  if (blocked) return blocked;
  const crossSite = isCrossSiteApiWrite({
    method: request.method,
    pathname: url.pathname,
    headers: request.headers,
    siteUrl: env().SITE_URL,
    development: process.env.NODE_ENV === 'development',
  });
  if (crossSite) {
    return new Response('Forbidden', {
      status: 403,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
    });
  }
  return null;
}

/** The response with the request's x-request-id, as the proxy gives every other answer (lib/log/request-id.ts). */
export function tagged(request: Request, response: Response): Response {
  try {
    return tagRequestId(request, response);
  } catch {
    // Immutable headers (a Response.redirect): the id is only a convenience for the logs.
    return response;
  }
}
