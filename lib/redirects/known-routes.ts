/**
 * The page paths the app serves under app/[locale] (without the locale), so proxy.ts can tell a path no route
 * serves from a page before Next renders anything: it answers such a path with the full 404 page and a 404 status
 * (app/[locale]/missing-content/page) rather than with `notFound()`, whose page Next fills in only in the browser.
 * `*` is one dynamic segment. tests/unit/known-routes.test.ts reads app/[locale] and fails when a route is missing
 * here, so the list cannot drift from the file tree. Pure.
 */
export const KNOWN_ROUTES: readonly string[] = [
  '/',
  '/about',
  '/accessibility',
  '/admin',
  '/admin/audit',
  '/admin/courses',
  '/admin/data-rights',
  '/admin/discussions',
  '/admin/enquiries',
  '/admin/enquiries/*',
  '/admin/logs',
  '/admin/network',
  '/admin/newsletter',
  '/admin/outbox',
  '/admin/people',
  '/admin/people/*',
  '/admin/staff',
  '/archive',
  '/archive/view/*',
  '/auth/confirm',
  '/blog',
  '/blog/*',
  '/blog/*/social-image',
  // The cached list views: reached only through proxy.ts's rewrite of `/blog?…` and `/archive?…`
  // (lib/redirects/list-views.ts); asked for directly, the proxy answers 404.
  '/blog/filtered/*',
  '/cause/*',
  '/causes',
  '/causes/*',
  '/causes/international-solidarity',
  '/community',
  '/community/new-discussion',
  '/community/register',
  '/contact',
  '/course/create',
  '/courses',
  '/courses/*',
  '/courses/*/certificate',
  '/courses/*/learn',
  '/courses/create',
  '/courses/manage/*',
  '/courses/test',
  '/dashboard',
  '/dashboard/deleted',
  '/donate',
  '/email-confirmation',
  '/event/*',
  '/get-help',
  '/events',
  '/login',
  '/media',
  '/media-archive/*',
  '/media/category/*',
  '/media/images',
  '/media/podcasts',
  '/media/videos',
  '/newsletter/confirm',
  '/newsletter/unsubscribe',
  '/our-team',
  '/our-work',
  '/pastoral-work',
  '/privacy-policy',
  '/race-and-climate-justice',
  '/reports',
  '/reports/*',
  '/stop-the-scan',
  '/team-member/*',
  '/thank-you',
  '/unlearning-racism',
  '/vacancies',
  '/vacancies/*',
  '/verify/*',
];

const PATTERNS = KNOWN_ROUTES.map((route) => route.split('/').slice(1));

/** Whether a path without its locale (`/blog/my-post`, `/`) is served by one of the routes above. */
export function isKnownRoute(path: string): boolean {
  const segments = path === '/' ? [''] : path.replace(/\/+$/, '').split('/').slice(1);
  return PATTERNS.some(
    (pattern) =>
      pattern.length === segments.length &&
      pattern.every((p, i) => (p === '*' ? (segments[i] ?? '') !== '' : p === segments[i])),
  );
}
