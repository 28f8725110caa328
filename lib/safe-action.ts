import 'server-only';

import { headers } from 'next/headers';
import { unstable_rethrow } from 'next/navigation';
import { z } from 'zod';

import { type Locale, toLocale } from '@/i18n/routing';
import {
  type ActionErrorCode,
  type ActionFailure,
  type ActionResult,
  GUARD_FIELDS,
} from '@/lib/action-result';
import { type AuthUser, type StaffUser, checkStaff, checkUser } from '@/lib/auth';
import { formRecord } from '@/lib/forms/fields';
import { formSecret } from '@/lib/forms/secret';
import { verifyFormToken } from '@/lib/forms/token';
import { errorFields, logger } from '@/lib/log';
import { stateRedisUrl } from '@/lib/cache/state-url';
import { type LimitName, type Limiter, clientIp, createLimiter, rateLimit } from '@/lib/rate-limit';

/**
 * One pipeline for every server action and guarded route handler (CONTRIBUTING.md, Conventions).
 *
 * `action(definition, handler)` wraps a handler as a server action `(raw) => Promise<ActionResult<T>>`: in order, the
 * guard (who may call it), the rate limit, the spam guard of public forms (honeypot + signed minimum fill time),
 * zod validation on the server, then (with `once`) the single-use request key, then the handler, whose thrown
 * errors become a generic 500 'server' (logged here, never a stack trace to the browser). Whatever the input (not an object, wrong types, megabytes of text, extra
 * or prototype-polluting keys), the caller gets an `ActionResult` (lib/action-result.ts) with a 4xx status and
 * message keys; the handler runs only on valid input, so invalid input stores nothing. Next's own control flow
 * (`redirect()`, `notFound()`, `forbidden()` inside the handler) passes through.
 *
 *   // lib/enquiries/actions.ts ('use server'; export only the wrapped actions: every export is an endpoint)
 *   export const submitEnquiry = action({ name: 'contact', schema: contactSchema }, (input, ctx) => save(input, ctx.locale));
 *   // an admin change, counted per admin against ADMIN_RATE_LIMIT_* after the role check
 *   export const renameCourse = action(
 *     { name: 'course-rename', schema: renameSchema, guard: 'admin', limit: 'admin' },
 *     async (input, { user }) => { await rename(input, user); redirect('/courses/manage'); },
 *   );
 *   // with useActionState: (prev, form) => renameCourse(form)
 *
 * Guards: 'public-form' (default: anyone, spam guard on), 'public' (anyone, no spam guard: password managers
 * submit at once), 'user' (signed in, else 401 'unauthenticated'), 'staff' / 'admin' (lib/auth `checkStaff`:
 * 401, 403 'forbidden', 503 'check-failed'). Limits: a lib/rate-limit name (default 'form' for the public guards,
 * none for the signed-in ones) or `{ points, durationSeconds }`; counted per action name and client address for
 * the public guards, per user id after the guard passed for the signed-in ones (so nobody can use up another
 * person's budget). The locale is the form's hidden `formLocale` field (default 'en').
 *
 * `route(handler, options)` is the same for route handlers: guard, limit, `Cache-Control: private, no-store`.
 */

export type Guard = 'public-form' | 'public' | 'user' | 'staff' | 'admin';
type SignedInGuard = Extract<Guard, 'user' | 'staff' | 'admin'>;

/** Who the handler runs for: nobody in particular for the public guards, the person for 'user', staff with role. */
export type GuardUser<G extends Guard> = G extends 'user'
  ? AuthUser
  : G extends 'staff' | 'admin'
    ? StaffUser
    : null;

/** A named budget of lib/rate-limit, or an ad-hoc one (its own limiter per action name). */
export type LimitOption = LimitName | { points: number; durationSeconds: number };

export type ActionContext<G extends Guard = Guard> = {
  /** The client's address (trusted proxy header or socket), the public forms' rate-limit key. */
  ip: string;
  /** The page's locale, from the form's hidden `formLocale` field (default 'en'). */
  locale: Locale;
  /** Milliseconds since the epoch, when the submission arrived. */
  now: number;
  /** The guard's user (null for the public guards). */
  user: GuardUser<G>;
};

export type ActionDefinition<S extends z.ZodType, G extends Guard = 'public-form'> = {
  /** Short name (FORM_NAME for public forms: their token is bound to it), used in rate-limit keys and logs. */
  name: string;
  schema: S;
  /** Who may call it; default 'public-form'. */
  guard?: G;
  /** Default 'form' (FORM_RATE_LIMIT_*) for the public guards, none for the signed-in ones. */
  limit?: LimitOption;
  /** Token age checks (tests); defaults from lib/forms/token.ts. */
  fillTime?: { minMs?: number; maxMs?: number };
  /**
   * Single-use request keys (signed-in guards only): the form's `requestKey` field (a UUID, REQUEST_KEY_FIELD) is
   * claimed in this ledger after the input passed the schema and before the handler runs, so a double submit
   * runs the handler once and the second call answers the first one's result (lib/back-office/requests.ts keeps
   * them in the database). A missing or malformed key is refused with 400 'invalid' (`_form: 'requestKey'`).
   */
  once?: RequestLedger;
};

/** The form field that carries a single-use request key (components/back-office/staff-form.tsx renders it). */
export const REQUEST_KEY_FIELD = 'requestKey';

/** What a ledger answers for a claimed key: run the handler, or the earlier call's result. */
export type RequestClaimAnswer = { run: true } | { run: false; result: ActionResult<unknown, string> };

/**
 * Where `once` keeps its keys. `claim` answers `{ run: true }` to the first call with a key and the stored result
 * (or a refusal: another user's key, or the first call still running after a wait) to every later one; `settle`
 * stores the first call's result; `release` forgets a key whose handler threw, so a retry runs again.
 */
export type RequestLedger = {
  claim: (key: string, actorId: string, action: string) => Promise<RequestClaimAnswer>;
  settle: (key: string, result: ActionResult<unknown, string>) => Promise<void>;
  release: (key: string) => Promise<void>;
};

const requestKey = z.uuid();

/** A handler answers its data, or a failure with the pipeline's codes or its domain's own (`E`). */
export type ActionHandler<S extends z.ZodType, G extends Guard, T, E extends string = ActionErrorCode> = (
  input: z.output<S>,
  ctx: ActionContext<G>,
) => Promise<T | ActionFailure<E>>;

const adHoc = new Map<string, Limiter>();

/** The limiter of `limit` (an ad-hoc one is created once per action name). */
function limiterOf(name: string, limit: LimitOption): Limiter {
  if (typeof limit === 'string') return rateLimit(limit);
  let limiter = adHoc.get(name);
  if (!limiter) {
    limiter = createLimiter({ ...limit, keyPrefix: `action:${name}`, redisUrl: stateRedisUrl() });
    adHoc.set(name, limiter);
  }
  return limiter;
}

const KEY = /^[A-Za-z][A-Za-z0-9]*$/;

/**
 * Field name → message key of the first issue per field; non-key messages (zod's own English) become 'invalid'.
 * A nested object's field is named by its path (`certification.title`, as the course form's inputs); an item of
 * a list by its list (`interests`); an issue of the whole input is `_form`.
 */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const names: string[] = [];
    for (const segment of issue.path) {
      if (typeof segment !== 'string') break;
      names.push(segment);
    }
    const field = names.join('.') || '_form';
    if (!(field in out)) out[field] = KEY.test(issue.message) ? issue.message : 'invalid';
  }
  return out;
}

function failure(
  status: ActionFailure['status'],
  error: ActionFailure['error'],
  extra: Partial<ActionFailure> = {},
): ActionFailure {
  return { ok: false, status, error, ...extra };
}

function isSignedIn(guard: Guard): guard is SignedInGuard {
  return guard === 'user' || guard === 'staff' || guard === 'admin';
}

/**
 * The guard's user, or its refusal: null for the public guards; for 'user' `checkUser()`, for 'staff'/'admin'
 * `checkStaff(role)`. Never throws for a failed role check (503 'check-failed').
 */
async function runGuard(guard: Guard): Promise<{ user: AuthUser | StaffUser | null } | ActionFailure> {
  if (!isSignedIn(guard)) return { user: null };
  const result = guard === 'user' ? await checkUser() : await checkStaff(guard);
  return result.ok ? { user: result.user } : failure(result.status, result.error);
}

/** The context the running server action was called in: client address and locale from the request. */
export async function requestContext(raw: unknown): Promise<Omit<ActionContext, 'user'>> {
  return {
    ip: clientIp(await headers()),
    locale: toLocale(formRecord(raw)?.[GUARD_FIELDS.locale]),
    now: Date.now(),
  };
}

/**
 * Runs one call through the checks and, if all pass, the handler. Exported for tests, which pass their own context
 * (`user` is filled in by the guard); actions use `action`. Never throws, except Next's control flow.
 */
export async function executeAction<
  S extends z.ZodType,
  G extends Guard,
  T,
  E extends string = ActionErrorCode,
>(
  def: ActionDefinition<S, G>,
  handler: ActionHandler<S, G, T, E>,
  raw: unknown,
  ctx: Omit<ActionContext<G>, 'user'>,
): Promise<ActionResult<Exclude<T, ActionFailure<string>>, E | ActionErrorCode>> {
  const guard: Guard = def.guard ?? 'public-form';
  const signedIn = isSignedIn(guard);
  const guarded = await runGuard(guard);
  if ('ok' in guarded) return guarded;

  const limit = def.limit ?? (signedIn ? undefined : 'form');
  if (limit) {
    const key = guarded.user ? guarded.user.id : `${def.name}:${ctx.ip}`;
    const decision = await limiterOf(def.name, limit).consume(key);
    if (!decision.allowed)
      return failure(429, 'rate-limited', { retryAfterSeconds: decision.retryAfterSeconds });
  }

  const record = formRecord(raw);
  if (!record) return failure(400, 'invalid');

  let tokenId: string | undefined;
  if (guard === 'public-form') {
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
  if (tokenId && !(await rateLimit('form:token-uses').consume(`${def.name}:${tokenId}`)).allowed)
    return failure(400, 'expired');

  let onceKey: string | undefined;
  if (def.once) {
    const key = requestKey.safeParse(record[REQUEST_KEY_FIELD]);
    if (!guarded.user || !key.success)
      return failure(400, 'invalid', { fieldErrors: { _form: REQUEST_KEY_FIELD } });
    const claim = await def.once.claim(key.data, guarded.user.id, def.name);
    if (!claim.run)
      return claim.result as ActionResult<Exclude<T, ActionFailure<string>>, E | ActionErrorCode>;
    onceKey = key.data;
  }

  try {
    const result = await handler(parsed.data, { ...ctx, user: guarded.user as GuardUser<G> });
    const answer: ActionResult<Exclude<T, ActionFailure<string>>, E> = result &&
    typeof result === 'object' &&
    (result as ActionFailure<E>).ok === false
      ? (result as ActionFailure<E>)
      : { ok: true, data: result as Exclude<T, ActionFailure<string>> };
    if (onceKey) await settleQuietly(def, onceKey, answer);
    return answer;
  } catch (error) {
    if (onceKey) await def.once!.release(onceKey).catch(() => undefined);
    unstable_rethrow(error);
    // The full error stays in the server log; the browser learns only that our side failed.
    logger().error({ component: 'action', action: def.name, ...errorFields(error) }, 'action failed');
    return failure(500, 'server');
  }
}

/** Stores a `once` key's result; a failure to store is logged, never the caller's (the work is done). */
async function settleQuietly(
  def: { name: string; once?: RequestLedger },
  key: string,
  result: ActionResult<unknown, string>,
): Promise<void> {
  try {
    await def.once!.settle(key, result);
  } catch (error) {
    logger().error(
      { component: 'action', action: def.name, ...errorFields(error) },
      'request key not settled',
    );
  }
}

/**
 * Wraps a handler as a server action: `(raw) => Promise<ActionResult<T>>`. Export the result from a 'use server'
 * module. Never throws, except Next's control flow (a `redirect()` in the handler).
 */
export function action<
  S extends z.ZodType,
  T,
  G extends Guard = 'public-form',
  E extends string = ActionErrorCode,
>(def: ActionDefinition<S, G>, handler: ActionHandler<S, G, T, E>) {
  return async (
    raw: unknown,
  ): Promise<ActionResult<Exclude<T, ActionFailure<string>>, E | ActionErrorCode>> => {
    let ctx: Omit<ActionContext<G>, 'user'>;
    try {
      ctx = await requestContext(raw);
    } catch {
      return failure(400, 'invalid');
    }
    return executeAction(def, handler, raw, ctx);
  };
}

/** Route guards: as the action guards, without the form spam guard (route handlers are not forms). */
export type RouteGuard = Exclude<Guard, 'public-form'>;

export type RouteContext<G extends RouteGuard, P> = {
  /** The client's address (trusted proxy header or socket). */
  ip: string;
  /** The guard's user (null for 'public'). */
  user: GuardUser<G>;
  /** The route's dynamic segments. */
  params: P;
};

export type RouteOptions<G extends RouteGuard> = {
  /** Who may call it; default 'public'. */
  guard?: G;
  /** A lib/rate-limit budget, counted per client address ('public') or per user id (after a passed guard). */
  limit?: LimitName;
  /** The body of the 429 answer; default `{ error: 'rate-limited' }`. */
  limitedBody?: unknown;
  /**
   * The answer over the limit instead of the JSON 429, for a route whose callers need another one (a form
   * without JavaScript sent back to its page by a 303); null keeps the JSON 429. Runs before the body is read.
   */
  onLimited?: (request: Request, retryAfterSeconds: number) => Response | null;
  /**
   * The `Cache-Control` of every answer: 'private' → `private, no-store` (the default; per-person answers),
   * 'no-store' → `no-store` (the routes whose published contract says exactly that).
   */
  cache?: 'private' | 'no-store';
};

const PRIVATE = 'private, no-store';
const CACHE_CONTROL = { private: PRIVATE, 'no-store': 'no-store' } as const;

/** A JSON refusal, never cached; 503 and 429 say when to try again. */
function refusal(
  status: number,
  body: unknown,
  retryAfterSeconds?: number,
  cache: string = PRIVATE,
): Response {
  const headers: Record<string, string> = { 'Cache-Control': cache };
  if (retryAfterSeconds) headers['Retry-After'] = String(retryAfterSeconds);
  return Response.json(body, { status, headers });
}

/** The response with `Cache-Control: cache` (copied first when its headers are immutable); the body streams on. */
function uncached(response: Response, cache: string): Response {
  try {
    response.headers.set('Cache-Control', cache);
    return response;
  } catch {
    const copy = new Response(response.body, response);
    copy.headers.set('Cache-Control', cache);
    return copy;
  }
}

/**
 * Wraps a route handler: the guard (401 / 403 / 503 `{ error }`, 503 with `Retry-After: 5`), then the limit (429
 * `limitedBody` with `Retry-After`, or `onLimited`'s answer), then the handler; every answer carries the `cache`
 * option's `Cache-Control` (default `private, no-store`), and a streamed body is passed through as it is. A thrown
 * error becomes 500 `{ error: 'server' }` (logged, no stack trace). Nothing reads the body before the handler.
 *
 *   export const GET = route(async (request, { user }) => Response.json(await exportFor(user)), { guard: 'user' });
 */
export function route<G extends RouteGuard = 'public', P = Record<string, never>>(
  handler: (request: Request, ctx: RouteContext<G, P>) => Promise<Response>,
  {
    guard,
    limit,
    limitedBody = { error: 'rate-limited' },
    onLimited,
    cache = 'private',
  }: RouteOptions<G> = {},
) {
  const cacheControl = CACHE_CONTROL[cache];
  return async (request: Request, segment?: { params: Promise<P> }): Promise<Response> => {
    try {
      const guarded = await runGuard(guard ?? 'public');
      if ('ok' in guarded)
        return refusal(
          guarded.status,
          { error: guarded.error },
          guarded.status === 503 ? 5 : undefined,
          cacheControl,
        );
      const ip = clientIp(request.headers);
      if (limit) {
        const decision = await rateLimit(limit).consume(guarded.user ? guarded.user.id : ip);
        if (!decision.allowed) {
          const own = onLimited?.(request, decision.retryAfterSeconds);
          return own
            ? uncached(own, cacheControl)
            : refusal(429, limitedBody, decision.retryAfterSeconds, cacheControl);
        }
      }
      const params = ((await segment?.params) ?? {}) as P;
      return uncached(
        await handler(request, { ip, user: guarded.user as GuardUser<G>, params }),
        cacheControl,
      );
    } catch (error) {
      unstable_rethrow(error);
      logger().error(
        { component: 'route', path: new URL(request.url).pathname, ...errorFields(error) },
        'failed',
      );
      return refusal(500, { error: 'server' }, undefined, cacheControl);
    }
  };
}
