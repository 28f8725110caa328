/**
 * Small bounded in-memory records for the admin logs page (issue 17 item 6), kept on `globalThis` so the
 * instrumentation hook, route handlers and pages of one server process share them (Next bundles each separately).
 * Per process: with several instances each keeps its own; restarts empty them. Nothing personal is stored:
 * callers pass paths without query strings, error types and short messages, webhook slugs.
 */

/** Most entries kept in each record. */
export const RECENT_LIMIT = 100;

/** A webhook call to POST /api/revalidate: what it asked for and what came of it (never its secret or signature). */
export interface WebhookLogEntry {
  at: string;
  /** HTTP status answered. */
  status: number;
  /** 'revalidated', or why it was refused ('invalid-signature', 'too-large', 'invalid-body', …). */
  result: string;
  action?: string;
  /** The WordPress post type (post, event, page, term…). */
  postType?: string;
  slug?: string;
  /** How many cache tags were expired. */
  tags?: number;
}

/**
 * A server error: an uncaught one reported by Next (instrumentation.ts `onRequestError`, `source` 'request'), or an
 * error line of the server's logger (lib/log, `source` 'log': its component and message only, never its fields).
 */
export interface ServerErrorEntry {
  at: string;
  source: 'request' | 'log';
  method: string;
  /** The path without its query string. */
  path: string;
  route?: string;
  routeType?: string;
  /** The error's class name, e.g. TypeError. */
  type: string;
  /** The first 300 characters of its message. */
  message: string;
  digest?: string;
  requestId?: string;
}

type Records = { webhook: WebhookLogEntry[]; errors: ServerErrorEntry[] };
const records = ((globalThis as { __lrjnRecent?: Records }).__lrjnRecent ??= { webhook: [], errors: [] });

function push<T>(list: T[], entry: T): void {
  list.push(entry);
  if (list.length > RECENT_LIMIT) list.splice(0, list.length - RECENT_LIMIT);
}

/** Records a webhook call (the time is added). */
export function recordWebhookCall(entry: Omit<WebhookLogEntry, 'at'>): void {
  push(records.webhook, { at: new Date().toISOString(), ...entry });
}

/**
 * Records a server error from what Next reports: the message with email addresses masked, cut to 300 characters;
 * the path without its query.
 */
export function recordServerError(
  error: unknown,
  request: { method: string; path: string; requestId?: string },
  context: { routePath?: string; routeType?: string } = {},
): void {
  const err = error instanceof Error ? error : new Error(String(error));
  const digest = (error as { digest?: unknown } | null)?.digest;
  push(records.errors, {
    at: new Date().toISOString(),
    source: 'request',
    method: request.method.slice(0, 10),
    path: (request.path.split('?')[0] ?? '/').slice(0, 300),
    route: context.routePath,
    routeType: context.routeType,
    type: err.name.slice(0, 100),
    // An address quoted by a driver or validation message is not something the admin needs.
    message: err.message.replace(/[^\s@]+@[^\s@]+/g, '[email]').slice(0, 300),
    digest: typeof digest === 'string' ? digest.slice(0, 100) : undefined,
    requestId: request.requestId,
  });
}

/**
 * Records an error line of the logger (lib/log's hook, levels error and fatal): the component and the message,
 * which call sites keep free of personal data (their fields, where ids and error objects go, are not kept).
 */
export function recordLogError(component: string | undefined, message: string): void {
  push(records.errors, {
    at: new Date().toISOString(),
    source: 'log',
    method: '',
    path: '',
    route: component?.slice(0, 60),
    type: 'log',
    message: message.replace(/[^\s@]+@[^\s@]+/g, '[email]').slice(0, 300),
  });
}

/** The webhook calls recorded, newest first. */
export function webhookLog(): WebhookLogEntry[] {
  return records.webhook.slice().reverse();
}

/** The server errors recorded, newest first. */
export function recentServerErrors(): ServerErrorEntry[] {
  return records.errors.slice().reverse();
}

/** Empties both records (tests). */
export function clearRecent(): void {
  records.webhook.length = 0;
  records.errors.length = 0;
}
