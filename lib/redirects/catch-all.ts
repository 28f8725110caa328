/**
 * The `/{slug}` catch-all rule (docs/SPEC-NOTES.md §2): a single unreserved slug redirects to `/blog/{slug}` (old WordPress
 * permalinks were `/%postname%/`); reserved slugs and deeper paths are not redirected (they 404 when no route
 * answers). A few addresses people guess for a page the site has (`/help`, `/privacy`, …) go to that page instead
 * (ROUTE_ALIASES), not to a 'Blog Post Not Found'. Pure.
 */

/**
 * Guessed addresses and the page each leads to (a 308, in every locale): the site's own names are `/get-help`,
 * `/privacy-policy` (whose cookies section is `#cookies-and-local-storage`, the id lib/cms/sanitize.ts gives its
 * heading, as the footer's Cookies link uses), `/community` (volunteering: there is no separate volunteer page) and
 * `/donate`.
 */
export const ROUTE_ALIASES: Readonly<Record<string, string>> = {
  help: '/get-help',
  privacy: '/privacy-policy',
  cookies: '/privacy-policy#cookies-and-local-storage',
  volunteer: '/community',
  volunteering: '/community',
  donation: '/donate',
};

export const RESERVED_SLUGS: ReadonlySet<string> = new Set([
  'about',
  'contact',
  'community',
  'events',
  'event',
  'blog',
  'race-and-climate-justice',
  'unlearning-racism',
  'pastoral-work',
  'stop-the-scan',
  'archive',
  'our-work',
  'our-team',
  'team-member',
  'causes',
  'cause',
  'login',
  'email-confirmation',
  'reports',
  'vacancies',
  'media',
  'media-archive',
  'courses',
  'course',
  'dashboard',
  'donate',
  'get-help',
  'thank-you',
  'privacy-policy',
  'accessibility',
  'studio',
  'sitemap.xml',
  'robots.txt',
  'sitemap',
  'robots',
  'api',
]);

/** A WordPress-style slug: letters (any script), digits, hyphens and underscores, at most 200 characters. */
const SLUG = /^[\p{L}\p{N}_-]{1,200}$/u;

/**
 * Where a catch-all path should go: an alias's page (ROUTE_ALIASES), else `/blog/{slug}` for one unreserved,
 * well-formed segment, else null (404). Segments arrive URL-encoded from the router. The result has no locale.
 */
export function catchAllRedirect(segments: readonly string[]): string | null {
  if (segments.length !== 1) return null;
  let slug: string;
  try {
    slug = decodeURIComponent(segments[0] ?? '').toLowerCase();
  } catch {
    return null;
  }
  if (Object.hasOwn(ROUTE_ALIASES, slug)) return ROUTE_ALIASES[slug] ?? null;
  if (!SLUG.test(slug) || RESERVED_SLUGS.has(slug)) return null;
  return `/blog/${encodeURIComponent(slug)}`;
}
