import createIntlMiddleware from 'next-intl/middleware';
import { NextResponse, type NextRequest } from 'next/server';

import { plainLocaleRouting } from '@/i18n/locale-rewrite';
import { localizedPath, splitLocale } from '@/i18n/paths';
import { routing } from '@/i18n/routing';
import { refreshSupabaseSession } from '@/lib/auth/proxy-session';
import { PREVIEW_HEADERS, previewOfCookies, type PreviewTarget } from '@/lib/cms/preview-token';
import { redirectFor, renamedContentPath } from '@/lib/cms/redirects';
import { contentSlugOf, hasContentSlug } from '@/lib/cms/slug-index';
import { env } from '@/lib/config/env';
import { tagRequestId } from '@/lib/log/request-id';
import { screenRequest } from '@/lib/screening';
import {
  MAX_ACTION_BODY_BYTES,
  checkActionBody,
  checkActionLength,
  checkMultipartBody,
} from '@/lib/security/action-body';
import { MAX_PROXY_BODY_BYTES, declaredBodyTooLarge } from '@/lib/security/body-limit';
import { donationOrigin } from '@/lib/donate/provider';
import { catchAllRedirect } from '@/lib/redirects';
import { isKnownRoute } from '@/lib/redirects';
import { isListViewPath, listViewPath } from '@/lib/redirects';
import { securityHeaders } from '@/lib/security/headers';
import { isCrossSiteApiWrite, isForeignActionOrigin, type SiteHosts } from '@/lib/security/origin-check';
import { readBodyWithLimit, readBytesWithLimit } from '@/lib/security/read-body';

// No `Link` header of alternate-language URLs: every page's <head> lists them already (lib/seo/metadata.ts
// `alternates.languages`), and building the header took about 3/4 of the locale routing's time per request
// (issue 20 item 3).
const handleI18nRouting = createIntlMiddleware({ ...routing, alternateLinks: false });
const SECURITY_HEADERS = securityHeaders({
  production: process.env.NODE_ENV === 'production',
  formOrigins: [donationOrigin(process.env.DONATION_URL)],
});

/** What counts as this site for the Origin checks: SITE_URL's host, `Host` only in development or without it. */
function siteHosts(): SiteHosts {
  return { siteUrl: env().SITE_URL, development: process.env.NODE_ENV === 'development' };
}

/**
 * Built assets, media and uploads: the matcher sends them here only when their path holds a `%` (see
 * `config.matcher`), because Next answers a malformed escape there with a bare 500 (no security headers).
 */
function isFilePath(pathname: string): boolean {
  return (
    pathname.startsWith('/_next/static/') ||
    pathname.startsWith('/_next/image') ||
    pathname.startsWith('/content-media/') ||
    pathname.startsWith('/uploads/')
  );
}

/** Paths that are not pages: API route handlers, Next internals, files. They skip locale routing. */
function isNonPage(pathname: string): boolean {
  return (
    pathname.startsWith('/api/') ||
    pathname === '/api' ||
    pathname.startsWith('/_next/') ||
    pathname.includes('.')
  );
}

function withSecurityHeaders(response: Response): Response {
  for (const { key, value } of SECURITY_HEADERS) response.headers.set(key, value);
  return response;
}

const plain = (status: number, text: string) =>
  withSecurityHeaders(
    new Response(text, {
      status,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
    }),
  );

/**
 * Runs before every request except built assets, media and uploads (see `config.matcher`), in this order
 * (docs/ARCHITECTURE.md §1): screening (may answer 429) → request-surface checks (400 for a malformed path, 403 for a
 * cross-site write to `/api/*`, 404 for content that does not exist and for paths no route serves) → auth session refresh (Supabase Auth
 * only, and only for requests carrying its session cookies: lib/auth/proxy-session.ts) → locale routing.
 * Authorisation is never decided here: every protected page, action and handler checks on the server.
 */
export default async function proxy(request: NextRequest) {
  // Every response, and the request a page or handler then sees, carries an x-request-id (lib/log/request-id.ts).
  const preview = previewOnce(request);
  const response = await route(request, preview);
  // A WordPress preview (app/api/preview) is one editor's draft: no shared cache keeps it, no search engine indexes it.
  if (preview()) {
    try {
      for (const [key, value] of Object.entries(PREVIEW_HEADERS)) response.headers.set(key, value);
    } catch {
      // Immutable headers (a Response.redirect): a redirect carries no draft content.
    }
  }
  return tagRequestId(request, response);
}

/**
 * The request's WordPress preview (its draft-mode cookies, checked against REVALIDATE_SECRET), read at most once
 * per request however many steps ask (issue 20 item 3): null for every request without the draft cookie.
 */
function previewOnce(request: NextRequest): () => PreviewTarget | null {
  let read = false;
  let target: PreviewTarget | null = null;
  return () => {
    if (!read) {
      read = true;
      target = previewOfCookies(
        env().REVALIDATE_SECRET,
        (name) => request.cookies.get(name)?.value,
        Math.floor(Date.now() / 1000),
      );
    }
    return target;
  };
}

async function route(request: NextRequest, preview: () => PreviewTarget | null): Promise<Response> {
  const { pathname, searchParams } = request.nextUrl;

  // A malformed %-escape makes locale routing (and Next's own param decoding) throw: a 500 for the asking.
  const malformed = !decodable(pathname);
  if (isFilePath(pathname)) return malformed ? plain(400, 'Bad request') : NextResponse.next();

  const blocked = await screenRequest({
    pathname,
    search: searchParams,
    headers: request.headers,
    method: request.method,
  });
  if (blocked) return withSecurityHeaders(blocked);
  if (malformed) return plain(400, 'Bad request');

  // Next buffers at most MAX_PROXY_BODY_BYTES of a body for the proxy and what runs after it (next.config.ts); a
  // larger declared body is refused before any of it is read. (The one route that takes more, the course-material
  // upload, is outside the matcher.)
  if (declaredBodyTooLarge(request.headers.get('content-length'), MAX_PROXY_BODY_BYTES)) {
    return plain(413, 'Payload too large');
  }

  if (
    isCrossSiteApiWrite({
      method: request.method,
      pathname,
      headers: request.headers,
      ...siteHosts(),
    })
  ) {
    return plain(403, 'Forbidden');
  }

  // Server actions (and the POSTs Next takes for one: a form posted before scripts run): refuse an Origin and
  // bodies Next would answer with a 500 (lib/security/origin-check.ts, lib/security/action-body.ts).
  // Route handlers under /api/ are never actions. Checked before the 404 rewrites: a rewritten page is one too.
  if (!isApi(pathname) && isPossibleServerAction(request)) {
    const refused = await refuseAction(request);
    if (refused) return refused;
  }

  // Redirects an editor set in WordPress (lib/cms/redirects.ts: an in-memory table, a lookup per request).
  if ((request.method === 'GET' || request.method === 'HEAD') && !isInternal(pathname)) {
    const moved = await redirectFor(pathname, request.nextUrl.search);
    if (moved) return redirectTo(request, moved.location, moved.status);
  }

  // Unknown content never reaches its ISR route (which would render and cache a 404 for each invented slug):
  // it is answered with that type's pre-rendered 404 page (app/[locale]/missing-content/{kind}) and a 404 status.
  const { locale, path } = splitLocale(pathname);
  const wanted = contentSlugOf(path);
  // The draft being previewed has no published slug yet: its own address passes.
  const previewing = wanted && !('invalid' in wanted) && preview()?.path === path;
  if (wanted && !previewing && ('invalid' in wanted || !(await hasContentSlug(wanted.kind, wanted.slug)))) {
    // A renamed post's old address (WordPress's `_wp_old_slug`) leads to its new one.
    const renamed = 'invalid' in wanted ? null : await renamedContentPath(path, wanted.kind, wanted.slug);
    if (renamed) return redirectTo(request, localizedPath(locale, renamed) + request.nextUrl.search, 308);
    if (isNonPage(pathname)) return plain(404, 'Not found');
    return missing(request, locale, wanted.kind);
  }

  // A path no route serves: one unreserved slug `/{slug}` (an old WordPress permalink) goes on to `/blog/{slug}`, as
  // the site's URL contract says (docs/SPEC-NOTES.md §2), where a slug that is no post gets the full 404 page (an
  // address people guess, `/help`, `/privacy`…, goes to its page instead: lib/redirects/catch-all.ts); anything
  // else is that 404 page here, rendered on the server, with a 404 status.
  if (!isNonPage(pathname) && (isMissingContentPath(path) || isListViewPath(path) || !isKnownRoute(path))) {
    const target = catchAllRedirect(path.split('/').slice(1));
    if (target && !isMissingContentPath(path)) {
      return withSecurityHeaders(
        NextResponse.redirect(new URL(localizedPath(locale, target), request.url), 308),
      );
    }
    return missing(request, locale, 'page');
  }

  // Writes refreshed tokens into request.cookies, so what renders next (next-intl forwards the request's headers)
  // sees the new session; the response then stores them in the browser.
  const refreshed = await refreshSupabaseSession(request);
  // The common paths get next-intl's answer from a cheaper hand-written rewrite (i18n/locale-rewrite.ts).
  const page = () =>
    toListView(request, locale, path, plainLocaleRouting(request) ?? handleI18nRouting(request));
  if (!refreshed.length) return isNonPage(pathname) ? NextResponse.next() : page();
  const response = isNonPage(pathname) ? NextResponse.next({ request }) : page();
  for (const { name, value, options } of refreshed) response.cookies.set(name, value, options);
  // One person's tokens: no shared cache (a CDN in front of an ISR page) may keep this response.
  response.headers.set('Cache-Control', 'private, no-store');
  return response;
}

function isApi(pathname: string): boolean {
  return pathname === '/api' || pathname.startsWith('/api/');
}

/** API routes and Next's own paths: no editor's redirect may take them over. */
function isInternal(pathname: string): boolean {
  return pathname === '/api' || pathname.startsWith('/api/') || pathname.startsWith('/_next/');
}

/** A redirect to a same-site path (resolved against the request) or an absolute URL. */
function redirectTo(request: NextRequest, location: string, status: number): Response {
  const response = NextResponse.redirect(new URL(location, request.url), status);
  // Rules change in WordPress: a browser or CDN must not keep a permanent redirect for ever.
  response.headers.set('Cache-Control', 'public, max-age=300');
  return withSecurityHeaders(response);
}

/**
 * A filtered or paged list address (`/blog?page=2`, `/es/archive?q=…`) goes on to its cached view route
 * (lib/redirects/list-views.ts): the locale routing's answer is kept (its request headers, its Link header) and only
 * its destination changes. A redirect (e.g. `/en/blog?page=2` → `/blog?page=2`) is left alone.
 */
function toListView(
  request: NextRequest,
  locale: string,
  path: string,
  response: NextResponse,
): NextResponse {
  const view = listViewPath(path, request.nextUrl.searchParams);
  if (!view) return response;
  const headers = response.headers;
  if (!headers.has('x-middleware-rewrite') && !headers.has('x-middleware-next')) return response;
  // What NextResponse.rewrite() sets; `next` and `rewrite` differ only in these two headers.
  headers.delete('x-middleware-next');
  headers.set(
    'x-middleware-rewrite',
    new URL(`/${locale}${view}${request.nextUrl.search}`, request.url).href,
  );
  return response;
}

/** The 404 pages are reached only through the proxy's rewrite, never by their own address. */
function isMissingContentPath(path: string): boolean {
  return path === '/missing-content' || path.startsWith('/missing-content/');
}

/**
 * The pre-rendered 404 page of `kind` (app/[locale]/missing-content) with status 404: the whole page is in the
 * server HTML, which `notFound()` cannot give (Next fills its not-found page in only in the browser).
 */
function missing(request: NextRequest, locale: string, kind: string): Response {
  const response = NextResponse.rewrite(new URL(`/${locale}/missing-content/${kind}`, request.url), {
    status: 404,
  });
  response.headers.set('Cache-Control', 'no-store');
  return withSecurityHeaders(response);
}

/** A path that decodes, to no NUL (which no route has, and which made the dev server hang). */
function decodable(pathname: string): boolean {
  try {
    return !decodeURIComponent(pathname).includes('\u0000');
  } catch {
    return false;
  }
}

/**
 * What Next treats as a server action (next/dist/server/lib/server-action-request-meta.js): a POST with the
 * `Next-Action` header, or a multipart or URL-encoded POST (a form posted before its script ran).
 */
function isPossibleServerAction(request: NextRequest): boolean {
  if (request.method !== 'POST') return false;
  const type = request.headers.get('content-type') ?? '';
  return (
    request.headers.has('next-action') ||
    type.startsWith('multipart/form-data') ||
    type === 'application/x-www-form-urlencoded'
  );
}

async function refuseAction(request: NextRequest): Promise<Response | null> {
  if (isForeignActionOrigin(siteHosts(), request.headers)) return plain(403, 'Forbidden');
  let check = checkActionLength(request.headers.get('content-length'));
  const type = request.headers.get('content-type') ?? '';
  // A clone: the action still receives the original body. Read no further than the cap.
  if (check.ok && type.startsWith('multipart/form-data')) {
    const read = await readBytesWithLimit(request.clone(), MAX_ACTION_BODY_BYTES);
    check = read.ok ? await checkMultipartBody(type, read.bytes) : { ok: false, status: 413 };
  } else if (check.ok && request.headers.has('next-action')) {
    const read = await readBodyWithLimit(request.clone(), MAX_ACTION_BODY_BYTES);
    check = read.ok ? checkActionBody(read.text) : { ok: false, status: 413 };
  }
  if (check.ok) return null;
  const response = Response.json(
    { error: check.status === 413 ? 'payload-too-large' : 'malformed-request' },
    { status: check.status },
  );
  return withSecurityHeaders(response);
}

export const config = {
  // Everything but the real static paths (built assets, optimised images, CMS media, uploaded materials, the
  // icon), the HMAC-signed webhook, which screens itself and must not have its body buffered by the proxy, and
  // the course-material upload, whose 20 MB body the proxy must not buffer either (it runs screening and the
  // origin check itself: lib/security/outside-proxy.ts). A path merely ending in `.js` or `.txt` is NOT skipped:
  // it may be a page and is screened like one. The static paths come here when they hold a `%`, only to have a
  // malformed escape answered 400 with the security headers (see `isFilePath`).
  matcher: [
    '/((?!_next/static/|_next/image|content-media/|uploads/|icon\\.svg$|api/revalidate$|api/courses/materials$).*)',
    '/((?:_next/static/|_next/image|content-media/|uploads/).*%.*)',
  ],
};
