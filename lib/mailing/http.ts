/**
 * The one HTTP call the adapters make: JSON in and out, a hard timeout, and errors reduced to text that is safe to
 * store (provider name, HTTP status, the provider's short error code; never a key or a response body).
 */
import type { MailingProviderName } from './types';
import { readBodyCapped } from '@/lib/http/body';

export const DEFAULT_TIMEOUT_MS = 8000;
/** Longest response body read; provider answers here are small, anything larger is not what we asked for. */
const MAX_RESPONSE_BYTES = 256 * 1024;

export const PROVIDER_LABELS: Record<MailingProviderName, string> = {
  mailchimp: 'Mailchimp',
  brevo: 'Brevo',
  hubspot: 'HubSpot',
  airtable: 'Airtable',
};

export type HttpResult =
  | { kind: 'response'; status: number; body: unknown }
  | { kind: 'timeout'; timeoutMs: number }
  | { kind: 'unreachable'; host: string; code: string };

export interface JsonRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  headers: Record<string, string>;
  body?: unknown;
  timeoutMs?: number;
}

/** A short code from the provider's error body (e.g. duplicate_parameter, CONFLICT): word characters only. */
export function safeCode(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const code = value
    .replace(/[^\w .:-]+/g, '')
    .trim()
    .slice(0, 60);
  return code || undefined;
}

function networkCode(error: unknown): string {
  let current: unknown = error;
  // fetch wraps the socket error: TypeError('fetch failed', { cause: { code: 'ECONNREFUSED' } }).
  for (let depth = 0; current && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[A-Z0-9_]+$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return 'network error';
}

/**
 * Sends one JSON request. Never throws: a response of any status comes back with its parsed JSON body (or null),
 * a timeout or a connection failure as its own kind. No redirects are followed (a provider API does not redirect,
 * and a redirect must not carry our Authorization header elsewhere).
 */
export async function requestJson(req: JsonRequest): Promise<HttpResult> {
  const timeoutMs = req.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const host = (() => {
    try {
      return new URL(req.url).host;
    } catch {
      return 'invalid URL';
    }
  })();
  try {
    const response = await fetch(req.url, {
      method: req.method,
      headers: {
        accept: 'application/json',
        ...(req.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...req.headers,
      },
      body: req.body === undefined ? undefined : JSON.stringify(req.body),
      redirect: 'manual',
      cache: 'no-store',
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = (await readBodyCapped(response.body, MAX_RESPONSE_BYTES)) ?? '';
    let body: unknown = null;
    if (text) {
      try {
        body = JSON.parse(text);
      } catch {
        body = null;
      }
    }
    return { kind: 'response', status: response.status, body };
  } catch (error) {
    const name = (error as { name?: unknown } | null)?.name;
    if (name === 'TimeoutError' || name === 'AbortError') return { kind: 'timeout', timeoutMs };
    return { kind: 'unreachable', host, code: networkCode(error) };
  }
}

/** Storable text of a failed call: "mailchimp: HTTP 400 Invalid Resource", "brevo: timed out after 8000 ms". */
export function failureText(provider: MailingProviderName, result: HttpResult, code?: string): string {
  switch (result.kind) {
    case 'timeout':
      return `${provider}: timed out after ${result.timeoutMs} ms`;
    case 'unreachable':
      return `${provider}: could not reach ${result.host} (${result.code})`;
    case 'response':
      return `${provider}: HTTP ${result.status}${code ? ` ${code}` : ''}`;
  }
}

/** A human sentence for a connection test that did not get a useful answer (used by `checkMailingConnection`). */
export function transportProblem(
  provider: MailingProviderName,
  result: HttpResult,
  urlVariable: string,
): string {
  const label = PROVIDER_LABELS[provider];
  if (result.kind === 'timeout') {
    return `${label} did not answer within ${Math.round(result.timeoutMs / 1000)} s (check the network, or ${urlVariable} if set)`;
  }
  if (result.kind === 'unreachable') {
    return `${label} could not be reached at ${result.host} (${result.code}): check the network, DNS and ${urlVariable} if set`;
  }
  return `${label} answered HTTP ${result.status}`;
}

export const isOk = (status: number) => status >= 200 && status < 300;
