import 'server-only';

import { env } from '@/lib/config/env';
import { type LimitDecision, type Limiter, createLimiter } from '@/lib/screening/limiter';

/**
 * Rate limits of the account forms, on top of the forms wrapper's per-client flood guard; in Redis when
 * REDIS_URL is set (shared by every instance), else in process (lib/screening/limiter.ts).
 * - sign-in: 10 attempts per account per 15 minutes (guessing one person's password) and 30 per client per
 *   15 minutes (trying many accounts), or FORM_RATE_LIMIT_MAX if higher (test servers lift it);
 * - emails (sign-up, resend, password reset): 3 per address per hour, so nobody floods someone's inbox.
 */
export const SIGN_IN_LIMITS = {
  account: { points: 10, durationSeconds: 15 * 60 },
  client: { points: 30, durationSeconds: 15 * 60 },
} as const;
export const EMAIL_LIMIT = { points: 3, durationSeconds: 60 * 60 } as const;

type Limiters = { account: Limiter; client: Limiter; email: Limiter };
let limiters: Limiters | undefined;

function all(): Limiters {
  if (!limiters) {
    const { REDIS_URL: redisUrl, FORM_RATE_LIMIT_MAX } = env();
    limiters = {
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
 * Counts one sign-in attempt for both the account (email) and the client (ip); refused when either is over its
 * limit, with the longer wait.
 */
export async function consumeSignIn(
  { email, ip }: { email: string; ip: string },
  given: Pick<Limiters, 'account' | 'client'> = all(),
): Promise<LimitDecision> {
  const [account, client] = await Promise.all([given.account.consume(email), given.client.consume(ip)]);
  const waits = [account, client].flatMap((d) => (d.allowed ? [] : [d.retryAfterSeconds]));
  return waits.length
    ? { allowed: false, retryAfterSeconds: Math.max(...waits) }
    : {
        allowed: true,
        remaining: Math.min(account.allowed ? account.remaining : 0, client.allowed ? client.remaining : 0),
      };
}

/** Counts one account email to `email`. */
export function consumeEmailSend(email: string, given: Limiter = all().email): Promise<LimitDecision> {
  return given.consume(email);
}
