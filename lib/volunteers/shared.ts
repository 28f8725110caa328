/**
 * The client-safe entry of lib/volunteers (network registration): the zod schema, its options (membership types,
 * interests, availability, experience), limits, field names and defaults, shared by the registration dialog and
 * the server action. No server-only import.
 */
export * from './schema';
