/**
 * Where a request goes (the server entry of lib/redirects; ./shared.ts is the light client entry): the unknown-slug and legacy-path redirects of the
 * catch-all route, the table of known routes the proxy checks before rendering, the list views whose query state
 * the proxy rewrites into a cacheable path, the sanitising of `?next=`/`returnTo` targets from query strings, and
 * the thank-you page's query. Pure functions with no I/O and no server-only import, so the proxy and pages share
 * this entry; the list views parse blog and archive queries with zod, so browser code takes ./shared.ts instead. Editor-defined redirects from WordPress are CMS content:
 * lib/cms/redirects.ts.
 */
export { RESERVED_SLUGS, ROUTE_ALIASES, catchAllRedirect } from './catch-all';
export { KNOWN_ROUTES, isKnownRoute } from './known-routes';
export { LIST_VIEW_PREFIXES, archiveStateOf, blogStateOf, isListViewPath, listViewPath } from './list-views';
export { MAX_RETURN_LENGTH, safeRedirectPath, safeReturnPath, safeReturnTarget } from './safe-return';
export { THANK_YOU_TYPES, type ThankYouQuery, type ThankYouType, parseThankYouQuery } from './thank-you';
