import 'server-only';

import {
  AUTH_EMAIL_KIND,
  type Database,
  type OutboxItem,
  claimDueOutbox,
  getDb,
  markOutbox,
  pruneRequestKeys,
  purgeOutbox,
} from '@/lib/db';
import {
  type AuthEmailOutcome,
  EMAIL_JOB_KINDS,
  type EmailJobOptions,
  runAuthEmailJob,
  runEmailJob,
} from '@/lib/mailing/transport';
import { errorFields, logger } from '@/lib/log';
import { pruneMailFolder } from '@/lib/data-rights/mail-folder';
import { purgeExpiredSubmissions, retentionPeriods } from '@/lib/data-rights/retention';
import { MAILING_FORGET_KIND, MAILING_JOB_KINDS, runMailingJob } from '../jobs';
import type { MailingOptions } from '../sync';

import { alertFailedOutbox } from './alert';

export interface DrainOptions extends Pick<EmailJobOptions, 'smtpUrl'> {
  /** Most items to claim in this run; default 20. */
  limit?: number;
  /** Only these kinds (e.g. the account emails right after a request); default all. */
  kinds?: string[];
  /** Database; default `getDb()`. */
  db?: Database;
  /** Mail folder when there is no SMTP (lib/mailing/transport `sendEmail`). */
  mailDir?: string;
  /** Admin alert address; default ADMIN_ALERT_EMAIL (lib/mailing/outbox/alert.ts). */
  alertTo?: string | null;
  /** Mailing provider settings for the mailing jobs; default from the environment (tests pass a stand-in). */
  mailing?: MailingOptions;
  /** The clock of the retention purge (tests); default now. */
  now?: Date;
  /**
   * Asked before each item: `true` ends the run after the item in hand (graceful shutdown, lib/mailing/outbox/worker.ts).
   * Items claimed but not started are claimed again once their lease runs out.
   */
  shouldStop?: () => boolean;
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
 * Runs one outbox item by its kind: 'enquiry.forward' → lib/mailing/transport, 'auth.email' → lib/mailing/transport `runAuthEmailJob`,
 * MAILING_JOB_KINDS → lib/mailing; an unknown kind is a failure with a clear error (after the retries it ends
 * 'failed', never silently dropped). `final` on a failure: retrying cannot help. Never throws.
 */
export async function runOutboxItem(item: OutboxItem, options: DrainOptions = {}): Promise<AuthEmailOutcome> {
  try {
    if (item.kind === AUTH_EMAIL_KIND)
      return await runAuthEmailJob(item, { smtpUrl: options.smtpUrl, mailDir: options.mailDir });
    if ((EMAIL_JOB_KINDS as readonly string[]).includes(item.kind))
      return await runEmailJob(item, { db: options.db, smtpUrl: options.smtpUrl });
    if ((MAILING_JOB_KINDS as readonly string[]).includes(item.kind))
      return await runMailingJob(item, { ...options.mailing, db: options.db });
    return { ok: false, error: `outbox: no handler for kind '${item.kind.slice(0, 60)}'` };
  } catch (error) {
    return { ok: false, error: `outbox: ${error instanceof Error ? error.message : String(error)}` };
  }
}

/**
 * Sends what is due in the outbox once: claims up to `limit` due pending items (`claimDueOutbox`: FOR UPDATE SKIP
 * LOCKED, so several server instances or a concurrent `npm run outbox:drain` never take the same item), runs each
 * (`runOutboxItem`) and records the outcome (`markOutbox`: sent, or pending again with backoff and last_error, or
 * failed after the last attempt, about 5 days). Items run one after another (a slow SMTP server delays, never
 * floods). A full run (no `kinds` filter) also does the housekeeping: account-email rows and the mail folder's
 * `.eml` copies older than RETENTION_LOG_DAYS (default 7) are deleted, finished provider erasures
 * ('mailing.forget', which hold an address) are deleted, the retention periods are enforced
 * (lib/data-rights/retention.ts: handled enquiries, departed members, unconfirmed newsletter signups), and
 * items given up are reported (an error line each, without personal data, and one summary email to
 * ADMIN_ALERT_EMAIL at most hourly: lib/mailing/outbox/alert.ts).
 * Never throws: a database that cannot be opened gives `{ claimed: 0, done: 0, failed: 0 }` and a log line.
 */
export async function drainOutbox(options: DrainOptions = {}): Promise<DrainResult> {
  const result: DrainResult = { claimed: 0, done: 0, failed: 0 };
  let db: Database;
  let items: OutboxItem[];
  try {
    db = options.db ?? (await getDb());
    items = await claimDueOutbox(db, { limit: options.limit ?? 20, kinds: options.kinds });
  } catch (error) {
    logger().error({ component: 'outbox', ...errorFields(error) }, 'claim failed');
    return result;
  }
  result.claimed = items.length;
  for (const item of items) {
    if (options.shouldStop?.()) break;
    const outcome = await runOutboxItem(item, { ...options, db });
    try {
      const marked = await markOutbox(db, item, outcome, { final: !outcome.ok && outcome.final === true });
      // Kind and id only: the error text may quote an address.
      if (marked?.status === 'failed')
        logger().error(
          { component: 'outbox', kind: item.kind, id: item.id, attempts: item.attempts },
          'item given up',
        );
    } catch (error) {
      // The lease runs out and the item is claimed again later; the enquiry/subscriber row keeps its state.
      logger().error({ component: 'outbox', id: item.id, ...errorFields(error) }, 'marking the item failed');
    }
    if (outcome.ok) result.done++;
    else {
      result.failed++;
      // The reason may quote an address: it stays in outbox.last_error, not in the log.
      logger().warn(
        { component: 'outbox', kind: item.kind, id: item.id, attempt: item.attempts },
        'attempt failed (reason in outbox.last_error)',
      );
    }
  }
  if (!options.kinds) await housekeeping(db, options);
  return result;
}

/**
 * Retention of account emails, back-office request keys and personal data, and the admin alert for items given
 * up. Never throws.
 */
async function housekeeping(db: Database, options: DrainOptions): Promise<void> {
  const { logDays } = retentionPeriods();
  try {
    await purgeOutbox(db, { kind: AUTH_EMAIL_KIND, olderThanSeconds: logDays * 24 * 3600 });
    await purgeOutbox(db, { kind: MAILING_FORGET_KIND, olderThanSeconds: 0, status: 'sent' });
    // The back office's single-use form keys (lib/back-office/requests.ts) are kept a day.
    await pruneRequestKeys(db);
  } catch (error) {
    logger().error({ component: 'outbox', ...errorFields(error) }, 'purging account emails failed');
  }
  try {
    const purged = await purgeExpiredSubmissions(db, { now: options.now });
    if (Object.values(purged).some((n) => n > 0))
      logger().info({ component: 'outbox', ...purged }, 'retention: expired personal data deleted');
  } catch (error) {
    logger().error({ component: 'outbox', ...errorFields(error) }, 'retention purge failed');
  }
  try {
    const pruned = await pruneMailFolder({
      mailDir: options.mailDir,
      olderThanDays: logDays,
      now: options.now,
    });
    if (pruned > 0)
      logger().info({ component: 'outbox', files: pruned }, 'retention: old mail copies deleted');
  } catch (error) {
    logger().error({ component: 'outbox', ...errorFields(error) }, 'mail folder prune failed');
  }
  await alertFailedOutbox(db, { to: options.alertTo, smtpUrl: options.smtpUrl, mailDir: options.mailDir });
}
