import 'server-only';

import { headers } from 'next/headers';
import { z } from 'zod';

import { routing, type Locale } from '@/i18n/routing';
import { env } from '@/lib/config/env';
import { SOCKET_ADDRESS_HEADER } from '@/lib/screening/socket-address';
import { clientIp } from '@/lib/screening/client-ip';
import { createLimiter, type Limiter } from '@/lib/screening/limiter';

import { GUARD_FIELDS, type FormFailure, type FormResult } from './result';
import { formSecret } from './secret';
import { FORM_TOKEN_MAX_USES, MAX_TOKEN_AGE_MS, verifyFormToken } from './token';

/**
 * One wrapper for every public form's server action (CONTRIBUTING.md, Conventions): per-client rate limit, spam guard
 * (honeypot + signed minimum fill time), zod validation on the server, and safe error mapping. Whatever the
 * input (not an object, wrong types, megabytes of text, extra or prototype-polluting keys), the caller gets a
 * `FormResult` with a 4xx status and message keys, never an exception or a stack trace; the handler runs only
 * on valid input, so invalid input stores nothing.
 *
 *   export const submitEnquiry = formAction({ name: 'contact', schema: contactSchema }, async (input, ctx) => …);
 */

export type FormContext = {
  /** The client's address (trusted proxy header or socket), the rate-limit key. */
  ip: string;
  /** The page's locale, from the form's hidden `formLocale` field (default 'en'). */
  locale: Locale;
  /** Milliseconds since the epoch, when the submission arrived. */
  now: number;
};

export type FormDefinition<S extends z.ZodType> = {
  /** Short name, used in the rate-limit key and logs: 'contact', 'newsletter', 'registration'. */
  name: string;
  schema: S;
  /** Honeypot and fill-time checks; default true (every public form). */
  spamGuard?: boolean;
  /** Submissions per window per client; default FORM_RATE_LIMIT_MAX per FORM_RATE_LIMIT_WINDOW_SECONDS. */
  limit?: { points: number; durationSeconds: number };
  /** Token age checks (tests); defaults from lib/forms/token.ts. */
  fillTime?: { minMs?: number; maxMs?: number };
};

export type FormHandler<S extends z.ZodType, T> = (
  input: z.output<S>,
  ctx: FormContext,
) => Promise<T | FormFailure>;

const limiters = new Map<string, Limiter>();

function limiterFor(def: FormDefinition<z.ZodType>): Limiter {
  let limiter = limiters.get(def.name);
  if (!limiter) {
    const e = env();
    limiter = createLimiter({
      points: def.limit?.points ?? e.FORM_RATE_LIMIT_MAX,
      durationSeconds: def.limit?.durationSeconds ?? e.FORM_RATE_LIMIT_WINDOW_SECONDS,
      keyPrefix: `form:${def.name}`,
      redisUrl: e.REDIS_URL,
    });
    limiters.set(def.name, limiter);
  }
  return limiter;
}

let tokenUses: Limiter | undefined;

/**
 * Counts accepted submissions per form token (FORM_TOKEN_MAX_USES each, for as long as a token lives): in memory,
 * or in Redis when REDIS_URL is set so every instance shares the count. One token fetched by a script therefore
 * carries a handful of submissions, not a day's worth.
 */
function tokenUseLimiter(): Limiter {
  tokenUses ??= createLimiter({
    points: FORM_TOKEN_MAX_USES,
    durationSeconds: Math.ceil(MAX_TOKEN_AGE_MS / 1000) + 60,
    keyPrefix: 'form-token-uses',
    redisUrl: env().REDIS_URL,
  });
  return tokenUses;
}

const KEY = /^[A-Za-z][A-Za-z0-9]*$/;

/** Field name → message key of the first issue per field; non-key messages (zod's own English) become 'invalid'. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = typeof issue.path[0] === 'string' ? issue.path[0] : '_form';
    if (!(field in out)) out[field] = KEY.test(issue.message) ? issue.message : 'invalid';
  }
  return out;
}

/** A plain object from whatever arrived: an object as is, FormData as entries (repeated keys as arrays). */
function toRecord(raw: unknown): Record<string, unknown> | null {
  if (typeof FormData !== 'undefined' && raw instanceof FormData) {
    const out: Record<string, unknown> = Object.create(null);
    for (const key of new Set(raw.keys())) {
      const all = raw.getAll(key);
      out[key] = all.length > 1 ? all : all[0];
    }
    return out;
  }
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return null;
  return raw as Record<string, unknown>;
}

function failure(
  status: FormFailure['status'],
  error: FormFailure['error'],
  extra: Partial<FormFailure> = {},
): FormFailure {
  return { ok: false, status, error, ...extra };
}

/**
 * Runs one submission through the checks and, if all pass, the handler. Exported for tests, which pass their
 * own context; actions use `formAction`.
 */
export async function executeForm<S extends z.ZodType, T>(
  def: FormDefinition<S>,
  handler: FormHandler<S, T>,
  raw: unknown,
  ctx: FormContext,
): Promise<FormResult<T>> {
  const decision = await limiterFor(def).consume(`${def.name}:${ctx.ip}`);
  if (!decision.allowed)
    return failure(429, 'rate-limited', { retryAfterSeconds: decision.retryAfterSeconds });

  const record = toRecord(raw);
  if (!record) return failure(400, 'invalid');

  let tokenId: string | undefined;
  if (def.spamGuard !== false) {
    const honeypot = record[GUARD_FIELDS.honeypot];
    if (honeypot !== undefined && honeypot !== '') return failure(400, 'spam');
    const { check, id } = verifyFormToken(formSecret(), record[GUARD_FIELDS.token], ctx.now, {
      ...def.fillTime,
      form: def.name,
    });
    if (check === 'too-fast') return failure(400, 'too-fast');
    if (check !== 'ok') return failure(400, 'expired');
    tokenId = id;
  }

  const parsed = def.schema.safeParse(record);
  if (!parsed.success) return failure(422, 'invalid', { fieldErrors: fieldErrors(parsed.error) });
  // Only accepted submissions use up a token, so a person correcting a field keeps theirs; a used-up token reads
  // as 'expired', which makes the browser fetch a fresh one.
  if (tokenId && !(await tokenUseLimiter().consume(`${def.name}:${tokenId}`)).allowed)
    return failure(400, 'expired');

  try {
    const result = await handler(parsed.data, ctx);
    if (result && typeof result === 'object' && (result as FormFailure).ok === false)
      return result as FormFailure;
    return { ok: true, data: result as T };
  } catch (error) {
    // The full error stays in the server log; the browser learns only that our side failed.
    console.error(`[forms] ${def.name} failed:`, error instanceof Error ? error.message : error);
    return failure(500, 'server');
  }
}

/** The locale a submission names in its hidden field, if it is one of ours. */
function localeOf(raw: unknown): Locale {
  const record = toRecord(raw);
  const value = record?.[GUARD_FIELDS.locale];
  return (routing.locales as readonly string[]).includes(value as string)
    ? (value as Locale)
    : routing.defaultLocale;
}

/** The submitting client's context, from the request headers of the running server action. */
export async function requestContext(raw: unknown): Promise<FormContext> {
  const h = await headers();
  return {
    ip: clientIp(h, env().TRUSTED_PROXY_HEADER, h.get(SOCKET_ADDRESS_HEADER) ?? ''),
    locale: localeOf(raw),
    now: Date.now(),
  };
}

/**
 * Wraps a handler as a server action: `(raw) => Promise<FormResult<T>>`. Export the result from a
 * 'use server' module. Never throws.
 */
export function formAction<S extends z.ZodType, T>(def: FormDefinition<S>, handler: FormHandler<S, T>) {
  return async (raw: unknown): Promise<FormResult<T>> => {
    let ctx: FormContext;
    try {
      ctx = await requestContext(raw);
    } catch {
      return failure(400, 'invalid');
    }
    return executeForm(def, handler, raw, ctx);
  };
}

/** The same result as an HTTP response, for route handlers that share a form's logic. */
export function formResponse<T>(result: FormResult<T>): Response {
  if (result.ok)
    return Response.json({
      success: true,
      ...(result.data && typeof result.data === 'object' ? result.data : {}),
    });
  const init: ResponseInit = { status: result.status };
  if (result.retryAfterSeconds) init.headers = { 'Retry-After': String(result.retryAfterSeconds) };
  return Response.json({ success: false, error: result.error, fields: result.fieldErrors }, init);
}
