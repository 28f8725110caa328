import 'server-only';

import { and, eq, isNull, lt, sql } from 'drizzle-orm';

import type { Database } from '../client';
import { backOfficeRequests } from '../schema';

/** How long a request key is kept (a day): a resent form older than that runs again. */
export const REQUEST_KEY_RETENTION_SECONDS = 24 * 60 * 60;

/** What claiming a request key found: the caller's to run, or an earlier claim and its outcome (null: running). */
export type RequestClaim =
  | { claimed: true }
  | { claimed: false; actorId: string; action: string; outcome: Record<string, unknown> | null };

/**
 * Claims `key` for `actorId`'s `action` (INSERT … ON CONFLICT DO NOTHING, so of two concurrent claims exactly one
 * wins). @returns `{ claimed: true }` for the winner, else the row already there (its actor, action and stored
 * outcome, null while its operation runs). @throws on a database error.
 */
export async function claimRequestKey(
  db: Database,
  { key, actorId, action }: { key: string; actorId: string; action: string },
): Promise<RequestClaim> {
  const inserted = await db
    .insert(backOfficeRequests)
    .values({ key, actorId, action })
    .onConflictDoNothing()
    .returning({ key: backOfficeRequests.key });
  if (inserted.length > 0) return { claimed: true };
  const [row] = await db
    .select({
      actorId: backOfficeRequests.actorId,
      action: backOfficeRequests.action,
      outcome: backOfficeRequests.outcome,
    })
    .from(backOfficeRequests)
    .where(eq(backOfficeRequests.key, key));
  // Deleted between the two statements (pruned, or released after a failure): the caller may run.
  if (!row) return claimRequestKey(db, { key, actorId, action });
  return { claimed: false, ...row };
}

/** Stores the outcome of a claimed key's operation (only once: a settled key keeps its first outcome). */
export async function settleRequestKey(
  db: Database,
  key: string,
  outcome: Record<string, unknown>,
): Promise<void> {
  await db
    .update(backOfficeRequests)
    .set({ outcome })
    .where(and(eq(backOfficeRequests.key, key), isNull(backOfficeRequests.outcome)));
}

/** Gives a claimed key back (its operation failed on our side before an outcome), so a resubmit runs again. */
export async function releaseRequestKey(db: Database, key: string): Promise<void> {
  await db
    .delete(backOfficeRequests)
    .where(and(eq(backOfficeRequests.key, key), isNull(backOfficeRequests.outcome)));
}

/** Deletes the keys claimed more than `olderThanSeconds` ago (default a day). @returns how many. */
export async function pruneRequestKeys(
  db: Database,
  olderThanSeconds: number = REQUEST_KEY_RETENTION_SECONDS,
): Promise<number> {
  const rows = await db
    .delete(backOfficeRequests)
    .where(
      lt(
        backOfficeRequests.createdAt,
        sql`now() - ${Math.round(olderThanSeconds)}::integer * interval '1 second'`,
      ),
    )
    .returning({ key: backOfficeRequests.key });
  return rows.length;
}
