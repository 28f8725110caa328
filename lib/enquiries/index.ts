import 'server-only';

/**
 * The server entry of lib/enquiries: saving an enquiry (the `enquiries` table) and queueing its forward to the
 * charity's inbox in the outbox. The form posts to the server actions in ./actions.ts; the browser imports only
 * ./shared.ts. Nothing outside this folder imports its other modules (ESLint `no-restricted-imports`).
 */
export * from './handler';
export * from './inbound';
export * from './filters';
export * from './shared';
export * from './schema';
