import createIntlMiddleware from 'next-intl/middleware';
import { NextResponse, type NextRequest } from 'next/server';

import { routing } from '@/i18n/routing';
import { refreshSupabaseSession } from '@/lib/auth/proxy-session';
import { tagRequestId } from '@/lib/log/request-id';
import { screenRequest } from '@/lib/screening';
import { checkActionBody, checkActionLength } from '@/lib/security/action-body';
import { securityHeaders } from '@/lib/security/headers';

const handleI18nRouting = createIntlMiddleware(routing);
const SECURITY_HEADERS = securityHeaders({ production: process.env.NODE_ENV === 'production' });

/** Paths that are not pages: API route handlers, Next internals, files. They skip locale routing. */
function isNonPage(pathname: string): boolean {
  return (
    pathname.startsWith('/api/') ||
    pathname === '/api' ||
    pathname.startsWith('/_next/') ||
    pathname.includes('.')
  );
}

/**
 * Runs before every request except static files (see `config.matcher`), in this order (DESIGN.md §1):
 * screening (may answer 429) → auth session refresh (Supabase Auth only, and only for requests carrying its
 * session cookies: lib/auth/proxy-session.ts) → locale routing.
 * Authorisation is never decided here: every protected page, action and handler checks on the server.
 */
export default async function proxy(request: NextRequest) {
  // Every response, and the request a page or handler then sees, carries an x-request-id (lib/log/request-id.ts).
  return tagRequestId(request, await route(request));
}

async function route(request: NextRequest): Promise<Response> {
  const { pathname, searchParams } = request.nextUrl;

  const blocked = await screenRequest({ pathname, search: searchParams, headers: request.headers });
  if (blocked) {
    for (const { key, value } of SECURITY_HEADERS) blocked.headers.set(key, value);
    return blocked;
  }

  // Server actions: refuse bodies Next would answer with a 500 (lib/security/action-body.ts).
  if (request.method === 'POST' && request.headers.has('next-action')) {
    const refused = await refuseActionBody(request);
    if (refused) return refused;
  }

  // Writes refreshed tokens into request.cookies, so what renders next (next-intl forwards the request's headers)
  // sees the new session; the response then stores them in the browser.
  const refreshed = await refreshSupabaseSession(request);
  if (!refreshed.length) return isNonPage(pathname) ? NextResponse.next() : handleI18nRouting(request);
  const response = isNonPage(pathname) ? NextResponse.next({ request }) : handleI18nRouting(request);
  for (const { name, value, options } of refreshed) response.cookies.set(name, value, options);
  // One person's tokens: no shared cache (a CDN in front of an ISR page) may keep this response.
  response.headers.set('Cache-Control', 'private, no-store');
  return response;
}

async function refuseActionBody(request: NextRequest): Promise<Response | null> {
  let check = checkActionLength(request.headers.get('content-length'));
  const type = request.headers.get('content-type') ?? '';
  if (check.ok && !type.startsWith('multipart/form-data')) {
    // A clone: the action still receives the original body.
    check = checkActionBody(await request.clone().text());
  }
  if (check.ok) return null;
  const response = Response.json(
    { error: check.status === 413 ? 'payload-too-large' : 'malformed-request' },
    { status: check.status },
  );
  for (const { key, value } of SECURITY_HEADERS) response.headers.set(key, value);
  return response;
}

export const config = {
  // Everything but built assets and files with a static extension: those never count and need no locale.
  matcher: [
    '/((?!_next/static|_next/image|.*\\.(?:avif|css|gif|ico|jpe?g|js|map|png|svg|webp|woff2?|ttf|otf)$).*)',
  ],
};
