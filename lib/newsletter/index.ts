import 'server-only';

/**
 * The server entry of lib/newsletter: the signup form's handler (a double opt-in signup saved through lib/mailing,
 * which owns the subscriber records, tokens and provider sync). The form posts to ./actions.ts; the browser imports
 * only ./shared.ts.
 */
export * from './handler';
export * from './shared';
