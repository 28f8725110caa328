import { z } from 'zod';

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

const first = (v: unknown) => (Array.isArray(v) ? v[0] : v);

/**
 * The thank-you page's URL state (docs/SPEC-NOTES.md §2 Thank-you: `type`, `source`, `returnTo`). `type` picks the message
 * (unknown → generic); `source` (which form sent the visitor: footer, home…) is kept only as a short token and never
 * shown, so nothing a link carries is reflected into the page; `returnTo` is reduced to a safe site path or null
 * (lib/redirects/safe-return.ts).
 */
export const thankYouQuerySchema = z.object({
  type: z.preprocess((v) => {
    const text = typeof first(v) === 'string' ? String(first(v)).trim().toLowerCase() : '';
    return ALIASES[text] ?? text;
  }, z.enum(THANK_YOU_TYPES).catch('generic')),
  source: z.preprocess(
    first,
    z
      .string()
      .regex(/^[\w-]{1,50}$/)
      .optional()
      .catch(undefined),
  ),
  returnTo: z.preprocess(
    first,
    z.unknown().transform((v) => safeReturnTarget(v)),
  ),
});

export type ThankYouQuery = z.infer<typeof thankYouQuerySchema>;

/** Reads Next's `searchParams`; never throws. */
export function parseThankYouQuery(params: Record<string, string | string[] | undefined>): ThankYouQuery {
  return thankYouQuerySchema.parse(params);
}
