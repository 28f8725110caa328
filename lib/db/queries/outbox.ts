import 'server-only';

import { and, asc, desc, eq, gt, inArray, lt, lte, sql } from 'drizzle-orm';

import type { Database } from '../client';
import { type OutboxItem, outbox } from '../schema';
import { type SideEffectOutcome, errorText } from './side-effects';

/**
 * Attempts before an item is given up as 'failed': with `retryDelaySeconds` the last one comes about 5 days after
 * the first (a weekend's SMTP outage is survived; `retryWindowSeconds(DEFAULT_MAX_ATTEMPTS)`).
 */
export const DEFAULT_MAX_ATTEMPTS = 29;
/** Longest wait between two attempts (seconds): 6 hours. */
export const MAX_RETRY_DELAY_SECONDS = 6 * 3600;
/**
 * Payload key of a secret an item needs only until it is finished (an account email's encrypted link): dropped
 * from the row when the item is sent or given up.
 */
export const SEALED_PAYLOAD_KEY = 'sealed';
/** How long a claimed item stays invisible to other workers; after that a crashed worker's item is due again. */
export const DEFAULT_LEASE_SECONDS = 300;

/**
 * Seconds to wait before retrying after the given number of attempts: 1 min, 2, 4, 8 … capped at 6 hours.
 */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(60 * 2 ** Math.max(0, Math.min(attempts, 30) - 1), MAX_RETRY_DELAY_SECONDS);
}

/** Seconds from the first to the last of `maxAttempts` attempts when every one fails (the retry window). */
export function retryWindowSeconds(maxAttempts: number = DEFAULT_MAX_ATTEMPTS): number {
  let total = 0;
  for (let attempt = 1; attempt < maxAttempts; attempt++) total += retryDelaySeconds(attempt);
  return total;
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
 * `retryDelaySeconds(item.attempts)` or 'failed' for good once `maxAttempts` attempts were made (or at once with
 * `final`: retrying cannot help). A finished item loses its `sealed` payload secret. Only changes the item while it
 * is still in the claim that returned it (pending, same attempt count), so a late report from a worker whose lease
 * ran out does not overwrite a newer attempt.
 * @returns the updated item, or null when the id is unknown or the claim is no longer current.
 */
export async function markOutbox(
  db: Database,
  item: Pick<OutboxItem, 'id' | 'attempts'>,
  outcome: SideEffectOutcome,
  options: { maxAttempts?: number; final?: boolean } = {},
): Promise<OutboxItem | null> {
  const maxAttempts = options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  const givenUp = !outcome.ok && (options.final || item.attempts >= maxAttempts);
  const dropSealed =
    outcome.ok || givenUp ? { payload: sql`${outbox.payload} - ${SEALED_PAYLOAD_KEY}::text` } : {};
  const set = outcome.ok
    ? { status: 'sent' as const, sentAt: sql`now()`, lastError: null }
    : {
        status: givenUp ? ('failed' as const) : ('pending' as const),
        nextAttemptAt: sql`now() + ${retryDelaySeconds(item.attempts)}::integer * interval '1 second'`,
        lastError: errorText(outcome.error),
      };
  const [row] = await db
    .update(outbox)
    .set({ ...set, ...dropSealed, updatedAt: sql`now()` })
    .where(and(eq(outbox.id, item.id), eq(outbox.status, 'pending'), eq(outbox.attempts, item.attempts)))
    .returning();
  return row ?? null;
}

/**
 * Deletes the items of `kind` created more than `olderThanSeconds` ago, whatever their status (or only those in
 * `status`). @returns how many.
 */
export async function purgeOutbox(
  db: Database,
  {
    kind,
    olderThanSeconds,
    status,
  }: { kind: string; olderThanSeconds: number; status?: OutboxItem['status'] },
): Promise<number> {
  const rows = await db
    .delete(outbox)
    .where(
      and(
        eq(outbox.kind, kind),
        status ? eq(outbox.status, status) : undefined,
        lt(outbox.createdAt, sql`now() - ${Math.round(olderThanSeconds)}::integer * interval '1 second'`),
      ),
    )
    .returning({ id: outbox.id });
  return rows.length;
}

/** Deletes one item by id (a finished item whose payload must not outlive its job). */
export async function deleteOutboxItem(db: Database, id: string): Promise<void> {
  await db.delete(outbox).where(eq(outbox.id, id));
}

/** When the newest item of `kind` was created (and, with `status`, only items in that status), or null. */
export async function latestOutboxAt(
  db: Database,
  kind: string,
  status?: OutboxItem['status'],
): Promise<Date | null> {
  const [row] = await db
    .select({ at: outbox.createdAt })
    .from(outbox)
    .where(and(eq(outbox.kind, kind), status ? eq(outbox.status, status) : undefined))
    .orderBy(desc(outbox.createdAt))
    .limit(1);
  return row?.at ?? null;
}

/**
 * Items given up ('failed') by the worker since `since` (by their last update; all when null), other than
 * `exceptKind` and those an admin gave up on: id and
 * kind only (an error text may quote an address). Oldest first, at most `limit` (default 50).
 */
export async function failedOutboxSince(
  db: Database,
  since: Date | null,
  { exceptKind, limit = 50 }: { exceptKind?: string; limit?: number } = {},
): Promise<{ id: string; kind: string; attempts: number }[]> {
  return db
    .select({ id: outbox.id, kind: outbox.kind, attempts: outbox.attempts })
    .from(outbox)
    .where(
      and(
        eq(outbox.status, 'failed'),
        since ? gt(outbox.updatedAt, since) : undefined,
        exceptKind ? sql`${outbox.kind} <> ${exceptKind}` : undefined,
        // Items an admin gave up on (lib/db/queries/back-office.ts `giveUpDelivery`) are no news to the admins.
        sql`(${outbox.payload} ->> 'givenUpByAdmin') is null`,
      ),
    )
    .orderBy(asc(outbox.updatedAt))
    .limit(limit);
}

/** Records a finished item that is not a job (an admin alert that was sent or not): status 'sent' or 'failed'. */
export async function recordOutboxEvent(
  db: Database,
  item: { kind: string; payload: Record<string, unknown>; ok: boolean; error?: string },
): Promise<void> {
  await db.insert(outbox).values({
    kind: item.kind,
    payload: item.payload,
    status: item.ok ? 'sent' : 'failed',
    attempts: 1,
    sentAt: item.ok ? sql`now()` : null,
    lastError: item.ok ? null : errorText(item.error ?? 'failed'),
  });
}
