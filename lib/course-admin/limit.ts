import 'server-only';

import { type GuardResult, checkAdmin } from '@/lib/auth';
import { env } from '@/lib/config/env';
import { type Limiter, createLimiter } from '@/lib/screening/limiter';

/**
 * The per-admin rate limit of the course admin actions and the materials upload handler: ADMIN_RATE_LIMIT_MAX
 * changes (default 120) per ADMIN_RATE_LIMIT_WINDOW_SECONDS (default 60) per signed-in admin (keyed by user id),
 * in Redis when REDIS_URL is set (shared by every instance), else in process (lib/screening/limiter.ts). A
 * stolen or scripted admin session cannot hammer the database or fill the storage bucket.
 *
 * Counted only after the admin check passed, so signed-out callers and non-admins (refused with 401/403 anyway)
 * cannot use up an admin's budget, and before anything is read from the body or written.
 */

/** A refused admin gate: the guard's refusals plus 429 with the wait in whole seconds. */
export type AdminGate =
  GuardResult | { ok: false; status: 429; error: 'rate-limited'; retryAfterSeconds: number };

let shared: Limiter | undefined;

/** The process's admin limiter, created on first use from the environment. */
export function adminLimiter(): Limiter {
  if (!shared) {
    const { ADMIN_RATE_LIMIT_MAX, ADMIN_RATE_LIMIT_WINDOW_SECONDS, REDIS_URL } = env();
    shared = createLimiter({
      points: ADMIN_RATE_LIMIT_MAX,
      durationSeconds: ADMIN_RATE_LIMIT_WINDOW_SECONDS,
      keyPrefix: 'admin:courses',
      redisUrl: REDIS_URL,
    });
  }
  return shared;
}

/**
 * Counts one admin change for a guard that passed; returns the guard unchanged when allowed or refused already
 * (a refused guard counts nothing), else 429 'rate-limited' with `retryAfterSeconds`. Never throws (the limiter
 * lets requests through if its store fails).
 */
export async function gateAdmin(guard: GuardResult, limiter: Limiter = adminLimiter()): Promise<AdminGate> {
  if (!guard.ok) return guard;
  const decision = await limiter.consume(guard.user.id);
  return decision.allowed
    ? guard
    : { ok: false, status: 429, error: 'rate-limited', retryAfterSeconds: decision.retryAfterSeconds };
}

/** For the admin server actions and route handlers: `checkAdmin()` then one count against the admin's limit. */
export async function checkAdminWithinLimit(): Promise<AdminGate> {
  return gateAdmin(await checkAdmin());
}
