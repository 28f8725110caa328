import { stateRedisUrl } from '@/lib/cache/state-url';
import { type Env, env } from '@/lib/config/env';
import { FORM_TOKEN_MAX_USES, MAX_TOKEN_AGE_MS } from '@/lib/forms/token';

import { type HeaderReader, limitKeyOf, resolveClientIp } from './client-ip';
import { type PeekableLimiter, createLimiter } from './limiter';
import { SOCKET_ADDRESS_HEADER } from './socket-address';

/**
 * Every rate limit of the site, by name, and the client address they are keyed on.
 *
 * `rateLimit(name)` gives the process's limiter for one named budget, built on first use from `env()` (points,
 * window, and the state Redis, REDIS_STATE_URL or else REDIS_URL: shared by every instance when set, else in process;
 * lib/rate-limit/limiter.ts). Callers
 * choose the key (a client address, a user id, `form:ip`), so one named budget can be counted per form or per
 * account. `clientIp(headers)` is the one way to learn who is asking: the TRUSTED_PROXY_HEADER if configured, else
 * the socket address stamped by lib/rate-limit/socket-address.ts, never a header a client could choose.
 */

export { type HeaderReader, limitKeyOf, maskIp, networkOf, normaliseIp, resolveClientIp } from './client-ip';
export { type LimitDecision, type Limiter, type PeekableLimiter, createLimiter } from './limiter';
export { SOCKET_ADDRESS_HEADER } from './socket-address';

/** Refused webhook calls one client may make per screening window (lib/screening/webhook-guard.ts). */
export const WEBHOOK_FAILURE_LIMIT = 10;

/**
 * Sign-in attempts (lib/auth/limits.ts): per account and client pair, per account, per client (15 minutes each).
 * Account emails (sign-up, resend, password reset): 3 per address per hour.
 */
export const SIGN_IN_LIMITS = {
  pair: { points: 10, durationSeconds: 15 * 60 },
  account: { points: 100, durationSeconds: 15 * 60 },
  client: { points: 30, durationSeconds: 15 * 60 },
} as const;
export const EMAIL_LIMIT = { points: 3, durationSeconds: 60 * 60 } as const;

/** The account forms' per-client flood guard; the real account limits are SIGN_IN_LIMITS and EMAIL_LIMIT. */
export const ACCOUNT_FORM_FLOOD = { points: 100, durationSeconds: 600 } as const;

type LimitSpec = { points: number; durationSeconds: number; keyPrefix: string };

/** Every named budget, from the environment. */
function limitSpecs(e: Env) {
  const form = { points: e.FORM_RATE_LIMIT_MAX, durationSeconds: e.FORM_RATE_LIMIT_WINDOW_SECONDS };
  return {
    /** Public form submissions per client per form (FORM_RATE_LIMIT_*), keyed `form-name:ip`. */
    form: { ...form, keyPrefix: 'form' },
    /** The account forms' flood guard per client per form, keyed `form-name:ip`. */
    'form:account': { ...ACCOUNT_FORM_FLOOD, keyPrefix: 'form:account' },
    /** Accepted submissions per form token, keyed `form-name:token-id`. */
    'form:token-uses': {
      points: FORM_TOKEN_MAX_USES,
      // For as long as a token lives, plus a minute of clock slack.
      durationSeconds: Math.ceil(MAX_TOKEN_AGE_MS / 1000) + 60,
      keyPrefix: 'form-token-uses',
    },
    /** The registration form's location prefill (GET /api/geo) per client: the forms' budget, counted apart. */
    geo: { ...form, keyPrefix: 'form:geo' },
    /** POST /api/mailchimp/subscribe per client: the forms' budget, counted apart. */
    subscribe: { ...form, keyPrefix: 'newsletter-api' },
    /** Chat messages per client (ASSISTANT_RATE_LIMIT_*). */
    assistant: {
      points: e.ASSISTANT_RATE_LIMIT_MAX,
      durationSeconds: e.ASSISTANT_RATE_LIMIT_WINDOW_SECONDS,
      keyPrefix: 'assistant',
    },
    /**
     * Chat messages per IPv6 /48 (a whole site's networks), four clients' worth: the assistant is the one
     * endpoint whose every call costs money or CPU, so one site cannot multiply its budget by its /64s.
     */
    'assistant:network': {
      points: 4 * e.ASSISTANT_RATE_LIMIT_MAX,
      durationSeconds: e.ASSISTANT_RATE_LIMIT_WINDOW_SECONDS,
      keyPrefix: 'assistant:48',
    },
    /** Admin changes per signed-in admin, keyed by user id (ADMIN_RATE_LIMIT_*). */
    admin: {
      points: e.ADMIN_RATE_LIMIT_MAX,
      durationSeconds: e.ADMIN_RATE_LIMIT_WINDOW_SECONDS,
      keyPrefix: 'admin:courses',
    },
    'auth:signin:pair': { ...SIGN_IN_LIMITS.pair, keyPrefix: 'auth:signin:pair' },
    'auth:signin:account': { ...SIGN_IN_LIMITS.account, keyPrefix: 'auth:signin:account' },
    /** Per client, or FORM_RATE_LIMIT_MAX if higher (test servers lift it). */
    'auth:signin:client': {
      points: Math.max(SIGN_IN_LIMITS.client.points, e.FORM_RATE_LIMIT_MAX),
      durationSeconds: SIGN_IN_LIMITS.client.durationSeconds,
      keyPrefix: 'auth:signin:client',
    },
    'auth:email': { ...EMAIL_LIMIT, keyPrefix: 'auth:email' },
    /** Person-initiated requests per client, counted by the proxy (SCREENING_*). */
    'screening:page': {
      points: e.SCREENING_MAX_REQUESTS,
      durationSeconds: e.SCREENING_WINDOW_SECONDS,
      keyPrefix: 'screening:page',
    },
    /** Framework requests (prefetch, RSC) per client. */
    'screening:framework': {
      points: e.SCREENING_PREFETCH_MAX_REQUESTS,
      durationSeconds: e.SCREENING_WINDOW_SECONDS,
      keyPrefix: 'screening:framework',
    },
    /** Refused calls of the signed webhook per client. */
    'screening:webhook': {
      points: WEBHOOK_FAILURE_LIMIT,
      durationSeconds: e.SCREENING_WINDOW_SECONDS,
      keyPrefix: 'screening:webhook-refused',
    },
  } satisfies Record<string, LimitSpec>;
}

/** The name of one budget: 'form', 'assistant', 'auth:email', … (see `limitSpecs`). */
export type LimitName = keyof ReturnType<typeof limitSpecs>;

let specs: Record<LimitName, LimitSpec> | undefined;
const limiters = new Map<LimitName, PeekableLimiter>();

/**
 * The process's limiter for the budget `name`, created on first use (the environment is read once, on the first
 * call of any name). Its `consume(key)` never throws: a failing store lets requests through.
 */
export function rateLimit(name: LimitName): PeekableLimiter {
  let limiter = limiters.get(name);
  if (!limiter) {
    const e = env();
    specs ??= limitSpecs(e);
    limiter = createLimiter({ ...specs[name], redisUrl: stateRedisUrl(e) });
    limiters.set(name, limiter);
  }
  return limiter;
}

/**
 * The requesting client as every rate limit counts it: the last entry of TRUSTED_PROXY_HEADER when configured and
 * present, else the socket address `instrumentation.ts` stamps on every request, else 'unknown'; never a header
 * the client chose. An IPv4 address is returned as it is, an IPv6 one as its /64 network (`limitKeyOf`), so a
 * host rotating through the addresses of its /64 is still one client for screening, the forms, sign-in, the
 * assistant and geo. Still a valid address (the network's first), so the geolocation lookup and `maskIp` work.
 */
export function clientIp(headers: HeaderReader): string {
  return limitKeyOf(
    resolveClientIp(headers, env().TRUSTED_PROXY_HEADER, headers.get(SOCKET_ADDRESS_HEADER) ?? ''),
  );
}
