import 'server-only';

import { safeRequestId } from '@/lib/log/request-id';

/**
 * Error reports to a Sentry-compatible service (Sentry, GlitchTip) without its SDK (issue 16, operations):
 * Next's `onRequestError` (instrumentation.ts) hands every server error here, and one envelope is POSTed to the
 * DSN's envelope endpoint with fetch. Sent: the error's type and message, the route (path without its query
 * string, the route file, GET/POST), the request id, the environment. Never sent: request bodies, cookies,
 * headers, query strings, the client's address. No DSN: nothing is sent.
 */

export type Dsn = { envelopeUrl: string; publicKey: string; dsn: string };

/**
 * Parses `https://<public key>@<host>[:port][/<path>]/<project id>` into the envelope endpoint
 * (`<origin>[/<path>]/api/<project id>/envelope/`) and the key; `undefined` for anything else.
 */
export function parseDsn(dsn: string | undefined): Dsn | undefined {
  if (!dsn) return undefined;
  let url: URL;
  try {
    url = new URL(dsn);
  } catch {
    return undefined;
  }
  const segments = url.pathname.split('/').filter(Boolean);
  const projectId = segments.pop();
  if (!url.username || !projectId || !/^\d+$/.test(projectId) || !/^https?:$/.test(url.protocol))
    return undefined;
  const prefix = segments.length ? `/${segments.join('/')}` : '';
  return {
    envelopeUrl: `${url.protocol}//${url.host}${prefix}/api/${projectId}/envelope/`,
    publicKey: decodeURIComponent(url.username),
    dsn,
  };
}

export type ErrorReport = {
  error: unknown;
  /** The request's path; anything from `?` on is dropped. */
  path: string;
  method?: string;
  /** Next's route file path, e.g. `/[locale]/blog/[slug]`. */
  routePath?: string;
  /** Next's `routeType`: render, route, action or proxy. */
  routeType?: string;
  requestId?: string;
  environment?: string;
};

function errorParts(error: unknown): { type: string; value: string; digest?: string } {
  if (error instanceof Error) {
    const digest = (error as { digest?: unknown }).digest;
    return {
      type: error.name || 'Error',
      value: error.message.slice(0, 2000),
      ...(typeof digest === 'string' ? { digest } : {}),
    };
  }
  return { type: 'NonError', value: String(error).slice(0, 2000) };
}

/** The envelope text (three JSON lines: envelope header, item header, event) for one report. Pure. */
export function buildEnvelope(dsn: Dsn, report: ErrorReport, now = new Date()): string {
  const eventId = crypto.randomUUID().replace(/-/g, '');
  const { type, value, digest } = errorParts(report.error);
  const path = report.path.split('?')[0]?.split('#')[0] ?? '/';
  const requestId = safeRequestId(report.requestId);
  const event = {
    event_id: eventId,
    timestamp: now.toISOString(),
    platform: 'node',
    level: 'error',
    logger: 'onRequestError',
    environment: report.environment ?? 'production',
    transaction: report.routePath ?? path,
    exception: { values: [{ type, value }] },
    tags: {
      ...(report.routeType ? { route_type: report.routeType } : {}),
      ...(requestId ? { request_id: requestId } : {}),
    },
    extra: {
      path,
      ...(report.method ? { method: report.method } : {}),
      ...(report.routePath ? { route: report.routePath } : {}),
      ...(digest ? { digest } : {}),
    },
  };
  const payload = JSON.stringify(event);
  return [
    JSON.stringify({ event_id: eventId, sent_at: now.toISOString(), dsn: dsn.dsn }),
    JSON.stringify({ type: 'event', content_type: 'application/json', length: Buffer.byteLength(payload) }),
    payload,
  ].join('\n');
}

/**
 * Sends one report to the DSN (default SENTRY_DSN). Never throws and never waits longer than `timeoutMs`
 * (default 3 s): a reporting service that is down must not slow or break the request that failed.
 * @returns whether the service accepted it (2xx).
 */
export async function reportError(
  report: ErrorReport,
  options: { dsn?: string; timeoutMs?: number } = {},
): Promise<boolean> {
  const dsn = parseDsn(options.dsn ?? process.env.SENTRY_DSN);
  if (!dsn) return false;
  try {
    const response = await fetch(dsn.envelopeUrl, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-sentry-envelope',
        'X-Sentry-Auth': `Sentry sentry_version=7, sentry_key=${dsn.publicKey}, sentry_client=lrjn-site/1`,
      },
      body: buildEnvelope(dsn, report),
      signal: AbortSignal.timeout(options.timeoutMs ?? 3000),
    });
    await response.body?.cancel();
    return response.ok;
  } catch {
    return false;
  }
}
