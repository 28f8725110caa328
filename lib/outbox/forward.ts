import 'server-only';

import { sql } from 'drizzle-orm';

import { type Database, DEFAULT_LEASE_SECONDS, type OutboxItem, getDb, markOutbox } from '@/lib/db';
import { ENQUIRY_FORWARD_KIND, type EmailJobOptions, findEnquiry, runEmailJob } from '@/lib/email';

/**
 * How long after an enquiry is saved its 'enquiry.forward' outbox item becomes due for the worker: the browser
 * asks for the forward straight after the save (`forwardEnquiryNow`), and the worker must not send the same
 * message meanwhile. If the browser never asks (tab closed, network gone), the worker sends it after this.
 */
export const ENQUIRY_FORWARD_GRACE_SECONDS = 60;

export type ForwardStatus =
  /** Emailed now, or earlier. */
  | 'forwarded'
  /** This attempt failed; the item stays pending with last_error and the worker retries it. */
  | 'failed'
  /** Not attempted now: the worker holds the item, or it was given up; the enquiry stays saved. */
  | 'pending'
  /** No enquiry has that id. */
  | 'not-found';

type ClaimedRow = { id: string; attempts: number };

/** Rows of a `db.execute` result: postgres.js returns an array, PGlite an object with `rows`. */
function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] } | null)?.rows ?? []) as T[];
}

/**
 * Claims the enquiry's forward item for this request, if nobody has tried it yet (attempts = 0): the same lease
 * as `claimDueOutbox` (attempts + 1, next_attempt_at past the lease), with FOR UPDATE SKIP LOCKED so the worker
 * and a second call never get it too. (One statement lib/db has no function for: claiming a given item rather
 * than any due ones.)
 */
async function claimFirstForward(db: Database, enquiryId: string): Promise<ClaimedRow | null> {
  const result = await db.execute(sql`
    update outbox
       set attempts = attempts + 1,
           next_attempt_at = now() + ${DEFAULT_LEASE_SECONDS}::integer * interval '1 second',
           updated_at = now()
     where id = (
       select id from outbox
        where kind = ${ENQUIRY_FORWARD_KIND}
          and status = 'pending'
          and attempts = 0
          and payload ->> 'enquiryId' = ${enquiryId}
        order by created_at
        limit 1
        for update skip locked)
    returning id, attempts`);
  const [row] = rowsOf<ClaimedRow>(result);
  return row ? { id: String(row.id), attempts: Number(row.attempts) } : null;
}

/**
 * Forwards a saved enquiry now, through its outbox item (the contact form's second step, spec §4 'forwarded'):
 * only an enquiry not yet forwarded, and only if its item has not been tried (so a replayed call cannot send the
 * email twice). The outcome is recorded on the item (`markOutbox`: sent, or pending with last_error for the
 * worker's retries) and on the enquiry. Never throws for a failed send; database errors do throw (the action
 * wrapper turns them into a 500 that the browser shows as the saved-but-not-emailed warning).
 */
export async function forwardEnquiryNow(
  enquiryId: string,
  options: EmailJobOptions = {},
): Promise<ForwardStatus> {
  const db = options.db ?? (await getDb());
  const enquiry = await findEnquiry(db, enquiryId);
  if (!enquiry) return 'not-found';
  if (enquiry.forwardStatus === 'sent') return 'forwarded';
  const claimed = await claimFirstForward(db, enquiryId);
  if (!claimed) return 'pending';
  const item: Pick<OutboxItem, 'id' | 'kind' | 'payload' | 'attempts'> = {
    id: claimed.id,
    kind: ENQUIRY_FORWARD_KIND,
    payload: { enquiryId },
    attempts: claimed.attempts,
  };
  const outcome = await runEmailJob(item, { ...options, db });
  await markOutbox(db, item, outcome);
  return outcome.ok ? 'forwarded' : 'failed';
}
