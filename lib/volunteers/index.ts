import 'server-only';

/**
 * The server entry of lib/volunteers: saving a network registration (the `volunteers` table) and queueing the
 * contact sync in the outbox. The dialog posts to ./actions.ts; the browser imports only ./shared.ts.
 */
export * from './handler';
export * from './shared';
