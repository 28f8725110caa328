import 'server-only';

import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';

import type { Database } from '../client';
import { type OutboxItem, outbox } from '../schema';
import { type SideEffectOutcome, errorText } from './side-effects';

/** Attempts before an item is given up as 'failed' (about 4 hours of retries with the default backoff). */
export const DEFAULT_MAX_ATTEMPTS = 8;
/** How long a claimed item stays invisible to other workers; after that a crashed worker's item is due again. */
export const DEFAULT_LEASE_SECONDS = 300;

/**
 * Seconds to wait before retrying after the given number of attempts: 1 min, 2, 4, 8 … capped at 1 hour.
 */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(60 * 2 ** Math.max(0, attempts - 1), 3600);
}

export interface NewOutboxItem {
  /** What to do, e.g. 'enquiry.forward', 'newsletter.sync', 'volunteer.followup'. */
  kind: string;
  /** What the sender needs (ids rather than copies of personal data where possible). */
  payload: Record<string, unknown>;
  /** Not before this many seconds from now; default 0 (due at once). */
  delaySeconds?: number;
}

/**
 * Adds a pending item. Pass the transaction of the write it follows, so that both are saved or neither is.
 * @returns the stored item.
 */
export async function enqueueOutbox(db: Database, item: NewOutboxItem): Promise<OutboxItem> {
  const [row] = await db
    .insert(outbox)
    .values({
      kind: item.kind,
      payload: item.payload,
      nextAttemptAt: sql`now() + ${Math.max(0, Math.round(item.delaySeconds ?? 0))}::integer * interval '1 second'`,
    })
    .returning();
  return row!;
}

export interface ClaimOptions {
  /** Most items to claim; default 10. */
  limit?: number;
  /** Only these kinds; default all. */
  kinds?: string[];
  /** See DEFAULT_LEASE_SECONDS. */
  leaseSeconds?: number;
}

/**
 * Claims pending items that are due (next_attempt_at <= now, database time), oldest first: counts the attempt and
 * moves next_attempt_at past the lease, so no other worker claims them meanwhile. Exclusive across connections
 * and instances: rows are picked with FOR UPDATE SKIP LOCKED, so two concurrent claims never return the same
 * item. The worker must then call `markOutbox` for each.
 * @returns the claimed items with `attempts` already counting this one.
 */
export async function claimDueOutbox(db: Database, options: ClaimOptions = {}): Promise<OutboxItem[]> {
  const { limit = 10, kinds, leaseSeconds = DEFAULT_LEASE_SECONDS } = options;
  const due = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(
      and(
        eq(outbox.status, 'pending'),
        lte(outbox.nextAttemptAt, sql`now()`),
        kinds ? inArray(outbox.kind, kinds) : undefined,
      ),
    )
    .orderBy(asc(outbox.nextAttemptAt), asc(outbox.createdAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(outbox)
    .set({
      attempts: sql`${outbox.attempts} + 1`,
      nextAttemptAt: sql`now() + ${Math.round(leaseSeconds)}::integer * interval '1 second'`,
      updatedAt: sql`now()`,
    })
    .where(inArray(outbox.id, due))
    .returning();
  return claimed.sort(
    (a, b) => a.nextAttemptAt.getTime() - b.nextAttemptAt.getTime() || +a.createdAt - +b.createdAt,
  );
}

/**
 * Claims one given item that no worker has tried yet (pending, attempts = 0), whatever its due time: the item of
 * `kind` whose `payload[payloadKey]` equals `value`, oldest first. Same lease and exclusivity as `claimDueOutbox`
 * (FOR UPDATE SKIP LOCKED), so a request that wants to run its own side effect at once (the contact form's
 * forward) and the worker never both get it, and a replayed request gets nothing. Report with `markOutbox`.
 * @returns the claimed item with `attempts` = 1, or null when there is none untried (done, tried, or held).
 */
export async function claimUntriedOutboxItem(
  db: Database,
  {
    kind,
    payloadKey,
    value,
    leaseSeconds = DEFAULT_LEASE_SECONDS,
  }: {
    kind: string;
    payloadKey: string;
    value: string;
    leaseSeconds?: number;
  },
): Promise<OutboxItem | null> {
  const target = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(
      and(
        eq(outbox.kind, kind),
        eq(outbox.status, 'pending'),
        eq(outbox.attempts, 0),
        sql`${outbox.payload} ->> ${payloadKey} = ${value}`,
      ),
    )
    .orderBy(asc(outbox.createdAt))
    .limit(1)
    .for('update', { skipLocked: true });
  const [row] = await db
    .update(outbox)
    .set({
      attempts: sql`${outbox.attempts} + 1`,
      nextAttemptAt: sql`now() + ${Math.round(leaseSeconds)}::integer * interval '1 second'`,
      updatedAt: sql`now()`,
    })
    .where(inArray(outbox.id, target))
    .returning();
  return row ?? null;
}

/**
 * Records the outcome of an item returned by `claimDueOutbox`: 'sent', or on failure either 'pending' again after
 * `retryDelaySeconds(item.attempts)` or 'failed' for good once `maxAttempts` attempts were made. Only changes the
 * item while it is still in the claim that returned it (pending, same attempt count), so a late report from a
 * worker whose lease ran out does not overwrite a newer attempt.
 * @returns the updated item, or null when the id is unknown or the claim is no longer current.
 */
export async function markOutbox(
  db: Database,
  item: Pick<OutboxItem, 'id' | 'attempts'>,
  outcome: SideEffectOutcome,
  options: { maxAttempts?: number } = {},
): Promise<OutboxItem | null> {
  const maxAttempts = options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  const set = outcome.ok
    ? { status: 'sent' as const, sentAt: sql`now()`, lastError: null }
    : {
        status: item.attempts >= maxAttempts ? ('failed' as const) : ('pending' as const),
        nextAttemptAt: sql`now() + ${retryDelaySeconds(item.attempts)}::integer * interval '1 second'`,
        lastError: errorText(outcome.error),
      };
  const [row] = await db
    .update(outbox)
    .set({ ...set, updatedAt: sql`now()` })
    .where(and(eq(outbox.id, item.id), eq(outbox.status, 'pending'), eq(outbox.attempts, item.attempts)))
    .returning();
  return row ?? null;
}
