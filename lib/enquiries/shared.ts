/**
 * The client-safe entry of lib/enquiries (the contact form): field names and limits, and the types of the form's
 * input. No zod here, so the form's first load stays small; the zod schemas themselves (./schema.ts, the same ones
 * the server action parses with) are the folder's lazy client entry, loaded on the form's first focus.
 */
export * from './fields';
export type { ContactInput, ContactValues } from './schema';
