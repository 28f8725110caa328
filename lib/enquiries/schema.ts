import { z } from 'zod';

/**
 * The contact form's schema (docs/SPEC-NOTES.md §5 Contact form), shared by the browser (react-hook-form's zodResolver, before
 * sending) and the server action (again: the browser is never trusted). No I/O and no server-only import, so the
 * browser bundle can load it. Errors are message KEYS of the `ContactForm` namespace, never English text:
 * - name: at least 2 characters → 'nameMin' ('Name must be at least 2 characters.'), at most 200 → 'nameMax';
 * - email: a valid address → 'emailInvalid' ('Please enter a valid email address.'), at most 254 → 'emailMax';
 * - message: at least 10 characters → 'messageMin' ('Message must be at least 10 characters.'), at most 5000 →
 *   'messageMax'.
 * Lengths are counted after trimming surrounding white space (so '  a ' is too short); the text itself is kept
 * verbatim otherwise (stored as plain text, never interpreted).
 */
import { CONTACT_LIMITS } from './fields';

export { CONTACT_FIELDS, CONTACT_LIMITS, type ContactField } from './fields';

export const contactSchema = z.object({
  name: z
    .string({ error: 'nameMin' })
    .trim()
    .min(CONTACT_LIMITS.nameMin, { error: 'nameMin' })
    .max(CONTACT_LIMITS.nameMax, { error: 'nameMax' }),
  email: z
    .string({ error: 'emailInvalid' })
    .trim()
    .max(CONTACT_LIMITS.emailMax, { error: 'emailMax' })
    .pipe(z.email({ error: 'emailInvalid' })),
  message: z
    .string({ error: 'messageMin' })
    .trim()
    .min(CONTACT_LIMITS.messageMin, { error: 'messageMin' })
    .max(CONTACT_LIMITS.messageMax, { error: 'messageMax' }),
});

export type ContactInput = z.input<typeof contactSchema>;
export type ContactValues = z.output<typeof contactSchema>;

/** The second step's input: forward the enquiry that the first step saved (its id, a UUID). */
export const forwardSchema = z.object({
  enquiryId: z.uuid({ error: 'invalid' }),
});
