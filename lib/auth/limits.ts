import 'server-only';

import { type LimitDecision, type Limiter, rateLimit } from '@/lib/rate-limit';

export { EMAIL_LIMIT, SIGN_IN_LIMITS } from '@/lib/rate-limit';

/**
 * Rate limits of the account forms, on top of the forms wrapper's per-client flood guard (lib/rate-limit names
 * 'auth:signin:*' and 'auth:email', SIGN_IN_LIMITS and EMAIL_LIMIT; in Redis when REDIS_URL is set):
 * - sign-in (and the current-password check of a password change): 10 attempts per account AND client pair per
 *   15 minutes (one attacker guessing one person's password), 100 per account from all clients together
 *   (guessing from many addresses), and 30 per client (trying many accounts), or FORM_RATE_LIMIT_MAX if higher
 *   (test servers lift it). Keying the tight limit on the pair means an attacker's wrong guesses lock only the
 *   attacker out, not the owner signing in from their own address (until the much higher global cap);
 * - emails (sign-up, resend, password reset): 3 per address per hour, so nobody floods someone's inbox.
 */
type Limiters = { pair: Limiter; account: Limiter; client: Limiter; email: Limiter };

function all(): Limiters {
  return {
    pair: rateLimit('auth:signin:pair'),
    account: rateLimit('auth:signin:account'),
    client: rateLimit('auth:signin:client'),
    email: rateLimit('auth:email'),
  };
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
  return combined(decisions);
}

/**
 * Whether a sign-in attempt for the pair, the account and the client would be refused now, counting nothing:
 * for a re-check of a signed-in person's password, where only a wrong password should use up the budget.
 */
export async function peekSignIn({ email, ip }: { email: string; ip: string }): Promise<LimitDecision> {
  const decisions = await Promise.all([
    rateLimit('auth:signin:pair').peek(`${email}|${ip}`),
    rateLimit('auth:signin:account').peek(email),
    rateLimit('auth:signin:client').peek(ip),
  ]);
  return combined(decisions);
}

/** One decision for several limits: refused when any is, with the longest wait. */
function combined(decisions: LimitDecision[]): LimitDecision {
  const waits = decisions.flatMap((d) => (d.allowed ? [] : [d.retryAfterSeconds]));
  return waits.length
    ? { allowed: false, retryAfterSeconds: Math.max(...waits) }
    : { allowed: true, remaining: Math.min(...decisions.map((d) => (d.allowed ? d.remaining : 0))) };
}

/** Counts one account email to `email`. */
export function consumeEmailSend(email: string, given: Limiter = all().email): Promise<LimitDecision> {
  return given.consume(email);
}
