import { z } from 'zod';

/** The `source` of every subscriber who signs up through the site's forms (spec §3 newsletter_subscribers). */
export const NEWSLETTER_SOURCE = 'website';

/**
 * The newsletter form's schema, shared by the browser (validated before sending) and the server action
 * (validated again: the browser is never trusted). Errors are message keys of the `Newsletter` namespace.
 * docs/SPEC-NOTES.md §7: the email field is required and of email type.
 */
export const newsletterSchema = z.object({
  email: z
    .string({ error: 'emailRequired' })
    .trim()
    .min(1, { error: 'emailRequired' })
    .max(254, { error: 'emailInvalid' })
    .pipe(z.email({ error: 'emailInvalid' })),
  /**
   * Which form sent it (home, community, …): a short token, stored in the subscriber's `form` column (its `source`
   * is always 'website') and passed to the thank-you page; never shown.
   */
  source: z
    .string()
    .regex(/^[\w-]{1,50}$/)
    .catch('website'),
  /** The page the visitor subscribed on, for the thank-you page's way back; sanitised on the server. */
  returnTo: z.string().max(512).optional().catch(undefined),
});

export type NewsletterInput = z.input<typeof newsletterSchema>;
