/**
 * The client-safe entry of lib/newsletter (the signup form): the zod schema of a signup, shared by the form island
 * and the server action. No server-only import.
 */
export * from './schema';
