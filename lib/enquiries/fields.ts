/**
 * The contact form's limits and field names (docs/SPEC-NOTES.md §5), apart from its zod schema (lib/enquiries/schema.ts, which
 * re-exports them) so the browser's form can use them without loading zod.
 */
export const CONTACT_LIMITS = {
  nameMin: 2,
  nameMax: 200,
  emailMax: 254,
  messageMin: 10,
  messageMax: 5000,
} as const;

/** The form's fields, in order (for server field errors and focus). */
export const CONTACT_FIELDS = ['name', 'email', 'message'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];
