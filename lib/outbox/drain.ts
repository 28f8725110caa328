import 'server-only';

import {
  type Database,
  type OutboxItem,
  type SideEffectOutcome,
  claimDueOutbox,
  getDb,
  markOutbox,
} from '@/lib/db';
import { EMAIL_JOB_KINDS, type EmailJobOptions, runEmailJob } from '@/lib/email';
import { MAILING_JOB_KINDS, runMailingJob } from '@/lib/mailing';

export interface DrainOptions extends Pick<EmailJobOptions, 'smtpUrl'> {
  /** Most items to claim in this run; default 20. */
  limit?: number;
  /** Database; default `getDb()`. */
  db?: Database;
}

export interface DrainResult {
  /** Items claimed (due and pending). */
  claimed: number;
  /** Sent. */
  done: number;
  /** Not sent: pending again for a later retry, or failed for good after the last attempt. */
  failed: number;
}

/**
 * Runs one outbox item by its kind: 'enquiry.forward' → lib/email, MAILING_JOB_KINDS → lib/mailing; an unknown
 * kind is a failure with a clear error (after the retries it ends 'failed', never silently dropped). Never throws.
 */
export async function runOutboxItem(
  item: OutboxItem,
  options: DrainOptions = {},
): Promise<SideEffectOutcome> {
  try {
    if ((EMAIL_JOB_KINDS as readonly string[]).includes(item.kind))
      return await runEmailJob(item, { db: options.db, smtpUrl: options.smtpUrl });
    if ((MAILING_JOB_KINDS as readonly string[]).includes(item.kind))
      return await runMailingJob(item, { db: options.db });
    return { ok: false, error: `outbox: no handler for kind '${item.kind.slice(0, 60)}'` };
  } catch (error) {
    return { ok: false, error: `outbox: ${error instanceof Error ? error.message : String(error)}` };
  }
}

/**
 * Sends what is due in the outbox once: claims up to `limit` due pending items (`claimDueOutbox`: FOR UPDATE SKIP
 * LOCKED, so several server instances or a concurrent `npm run outbox:drain` never take the same item), runs each
 * (`runOutboxItem`) and records the outcome (`markOutbox`: sent, or pending again with backoff and last_error, or
 * failed after the last attempt). Items run one after another (a slow SMTP server delays, never floods).
 * Never throws: a database that cannot be opened gives `{ claimed: 0, done: 0, failed: 0 }` and a log line.
 */
export async function drainOutbox(options: DrainOptions = {}): Promise<DrainResult> {
  const result: DrainResult = { claimed: 0, done: 0, failed: 0 };
  let db: Database;
  let items: OutboxItem[];
  try {
    db = options.db ?? (await getDb());
    items = await claimDueOutbox(db, { limit: options.limit ?? 20 });
  } catch (error) {
    console.error('[outbox] claim failed:', error instanceof Error ? error.message : error);
    return result;
  }
  result.claimed = items.length;
  for (const item of items) {
    const outcome = await runOutboxItem(item, { ...options, db });
    try {
      await markOutbox(db, item, outcome);
    } catch (error) {
      // The lease runs out and the item is claimed again later; the enquiry/subscriber row keeps its state.
      console.error(`[outbox] marking ${item.id} failed:`, error instanceof Error ? error.message : error);
    }
    if (outcome.ok) result.done++;
    else {
      result.failed++;
      console.warn(`[outbox] ${item.kind} ${item.id} attempt ${item.attempts} failed: ${outcome.error}`);
    }
  }
  return result;
}
