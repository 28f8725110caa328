/**
 * The client-safe entry of lib/enquiries (the contact form): its zod schemas, field names and limits, which the form
 * island and the server action both use. No server-only import, so it can reach the browser bundle.
 */
export * from './schema';
