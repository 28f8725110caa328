import 'server-only';

import { env } from '@/lib/config/env';
import { type LimitDecision, type Limiter, createLimiter } from '@/lib/screening/limiter';

/**
 * Rate limits of the account forms, on top of the forms wrapper's per-client flood guard; in Redis when
 * REDIS_URL is set (shared by every instance), else in process (lib/screening/limiter.ts).
 * - sign-in (and the current-password check of a password change): 10 attempts per account AND client pair per
 *   15 minutes (one attacker guessing one person's password), 100 per account from all clients together
 *   (guessing from many addresses), and 30 per client (trying many accounts), or FORM_RATE_LIMIT_MAX if higher
 *   (test servers lift it). Keying the tight limit on the pair means an attacker's wrong guesses lock only the
 *   attacker out, not the owner signing in from their own address (until the much higher global cap);
 * - emails (sign-up, resend, password reset): 3 per address per hour, so nobody floods someone's inbox.
 */
export const SIGN_IN_LIMITS = {
  pair: { points: 10, durationSeconds: 15 * 60 },
  account: { points: 100, durationSeconds: 15 * 60 },
  client: { points: 30, durationSeconds: 15 * 60 },
} as const;
export const EMAIL_LIMIT = { points: 3, durationSeconds: 60 * 60 } as const;

type Limiters = { pair: Limiter; account: Limiter; client: Limiter; email: Limiter };
let limiters: Limiters | undefined;

function all(): Limiters {
  if (!limiters) {
    const { REDIS_URL: redisUrl, FORM_RATE_LIMIT_MAX } = env();
    limiters = {
      pair: createLimiter({ ...SIGN_IN_LIMITS.pair, keyPrefix: 'auth:signin:pair', redisUrl }),
      account: createLimiter({ ...SIGN_IN_LIMITS.account, keyPrefix: 'auth:signin:account', redisUrl }),
      client: createLimiter({
        points: Math.max(SIGN_IN_LIMITS.client.points, FORM_RATE_LIMIT_MAX),
        durationSeconds: SIGN_IN_LIMITS.client.durationSeconds,
        keyPrefix: 'auth:signin:client',
        redisUrl,
      }),
      email: createLimiter({ ...EMAIL_LIMIT, keyPrefix: 'auth:email', redisUrl }),
    };
  }
  return limiters;
}

/**
 * Counts one sign-in attempt for the (account, client) pair, the account (email) and the client (ip); refused
 * when any is over its limit, with the longest wait.
 */
export async function consumeSignIn(
  { email, ip }: { email: string; ip: string },
  given: Pick<Limiters, 'pair' | 'account' | 'client'> = all(),
): Promise<LimitDecision> {
  const decisions = await Promise.all([
    given.pair.consume(`${email}|${ip}`),
    given.account.consume(email),
    given.client.consume(ip),
  ]);
  const waits = decisions.flatMap((d) => (d.allowed ? [] : [d.retryAfterSeconds]));
  return waits.length
    ? { allowed: false, retryAfterSeconds: Math.max(...waits) }
    : { allowed: true, remaining: Math.min(...decisions.map((d) => (d.allowed ? d.remaining : 0))) };
}

/** Counts one account email to `email`. */
export function consumeEmailSend(email: string, given: Limiter = all().email): Promise<LimitDecision> {
  return given.consume(email);
}
