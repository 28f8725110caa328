/**
 * The light client entry of lib/redirects: the sanitising of `?next=` / `returnTo` targets, which the account forms
 * use in the browser. The full entry (./index.ts) is pure too, but its list-view rules pull in the blog and archive
 * query parsers, which a sign-in form has no use for on its first load.
 */
export { MAX_RETURN_LENGTH, safeRedirectPath, safeReturnPath, safeReturnTarget } from './safe-return';
