import { Redis } from '@/lib/cache/ioredis';

/**
 * The assistant's daily OpenAI spend, in tokens (the `usage` OpenAI's Responses API returns with each reply:
 * input + output). Tokens rather than money: they are what the API reports, whatever the model's price, and
 * ASSISTANT_DAILY_TOKEN_BUDGET turns into money at the model's rates (README "Assistant").
 *
 * The day is the UTC date. With `redisUrl` (the state Redis, lib/cache/state-url.ts) the count is one `INCRBY`
 * counter per day shared by every instance, kept two days; without it, or while Redis cannot be reached, each
 * process counts on its own (a process then allows up to the whole budget itself). `onSpent` runs exactly once
 * when a reply takes the day's count past the budget: with Redis, only the one `INCRBY` that crosses it sees the
 * crossing, so one alert for all instances; per process otherwise. Never throws.
 */
export type SpendBudget = {
  /** Whether today's budget is used up (the caller then answers locally). */
  exhausted(): Promise<boolean>;
  /** Adds one reply's tokens to today's count. */
  record(tokens: number): Promise<void>;
  /** Closes the Redis connection, if any. */
  close(): Promise<void>;
};

export type SpendBudgetOptions = {
  /** Tokens per UTC day (ASSISTANT_DAILY_TOKEN_BUDGET). */
  limit: number;
  redisUrl?: string;
  keyPrefix?: string;
  now?: () => number;
  /** Called once when the day's count passes `limit`, with the day and the count. Errors are ignored. */
  onSpent: (day: string, spent: number) => void | Promise<void>;
};

const DAY_MS = 24 * 60 * 60 * 1000;

export function createSpendBudget({
  limit,
  redisUrl,
  keyPrefix = 'lrjn:assistant:spend',
  now = () => Date.now(),
  onSpent,
}: SpendBudgetOptions): SpendBudget {
  const local = { day: '', spent: 0 };
  const today = () => new Date(now()).toISOString().slice(0, 10);
  const localSpent = (day: string) => (local.day === day ? local.spent : 0);
  const alert = async (day: string, spent: number) => {
    try {
      await onSpent(day, spent);
    } catch {
      // The alert is best effort; the budget holds either way.
    }
  };
  const addLocal = (day: string, tokens: number) => {
    if (local.day !== day) Object.assign(local, { day, spent: 0 });
    local.spent += tokens;
    return local.spent;
  };

  let redis: Redis | undefined;
  let ready: Promise<void> = Promise.resolve();
  if (redisUrl) {
    const client = new Redis(redisUrl, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      connectTimeout: 2000,
    });
    // Failures fall back to this process's count; without a listener ioredis would log each retry.
    client.on('error', () => {});
    ready = new Promise<void>((resolve) => {
      if (client.status === 'ready') resolve();
      client.once('ready', () => resolve());
      setTimeout(resolve, 2000).unref();
    });
    redis = client;
  }
  const key = (day: string) => `${keyPrefix}:${day}`;

  return {
    async exhausted() {
      const day = today();
      if (redis) {
        await ready;
        try {
          const shared = Number((await redis.get(key(day))) ?? 0);
          return Math.max(shared, localSpent(day)) >= limit;
        } catch {
          // Redis unreachable: this process's own count below.
        }
      }
      return localSpent(day) >= limit;
    },
    async record(tokens) {
      if (!(tokens > 0)) return;
      const day = today();
      const mine = addLocal(day, tokens);
      if (redis) {
        await ready;
        try {
          const [[incrError, total]] = (await redis
            .multi()
            .incrby(key(day), tokens)
            .pexpire(key(day), 2 * DAY_MS)
            .exec()) as [[Error | null, number]];
          if (incrError) throw incrError;
          if (total >= limit && total - tokens < limit) await alert(day, total);
          return;
        } catch {
          // Counted in this process only.
        }
      }
      if (mine >= limit && mine - tokens < limit) await alert(day, mine);
    },
    async close() {
      redis?.disconnect();
    },
  };
}
