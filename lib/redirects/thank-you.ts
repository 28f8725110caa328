import { safeReturnTarget } from './safe-return';

/** The kinds of thank-you the page knows; anything else gets the generic one. */
export const THANK_YOU_TYPES = ['newsletter', 'contact', 'registration', 'donation', 'generic'] as const;
export type ThankYouType = (typeof THANK_YOU_TYPES)[number];

/** Other names forms may send for a known kind. */
const ALIASES: Record<string, ThankYouType> = {
  enquiry: 'contact',
  subscribe: 'newsletter',
  donate: 'donation',
};

/** The thank-you page's URL state, after parsing. */
export type ThankYouQuery = {
  /** Which message the page shows ('generic' for anything unknown). */
  type: ThankYouType;
  /** Which form sent the visitor (a short token), never shown. */
  source?: string;
  /** A safe same-site path to go back to, or null. */
  returnTo: string | null;
};

const first = (v: unknown) => (Array.isArray(v) ? v[0] : v);
const SOURCE = /^[\w-]{1,50}$/;

/**
 * The thank-you page's URL state (docs/SPEC-NOTES.md §2 Thank-you: `type`, `source`, `returnTo`) from Next's
 * `searchParams`; never throws. `type` picks the message (aliases allowed, unknown → generic); `source` is kept only
 * as a short token and never shown, so nothing a link carries is reflected into the page; `returnTo` is reduced to a
 * safe site path or null (lib/redirects/safe-return.ts). Plain code rather than a zod schema: this module is in the
 * redirects entry that browser code imports, and zod would join every page's first load.
 */
export function parseThankYouQuery(params: Record<string, string | string[] | undefined>): ThankYouQuery {
  const rawType = first(params.type);
  const text = typeof rawType === 'string' ? rawType.trim().toLowerCase() : '';
  const named = ALIASES[text] ?? text;
  const type = (THANK_YOU_TYPES as readonly string[]).includes(named) ? (named as ThankYouType) : 'generic';
  const rawSource = first(params.source);
  const source = typeof rawSource === 'string' && SOURCE.test(rawSource) ? rawSource : undefined;
  return { type, source, returnTo: safeReturnTarget(first(params.returnTo)) };
}
