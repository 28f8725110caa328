import 'server-only';

import { env } from '@/lib/config/env';
import {
  type Database,
  type PersonalTable,
  type RetentionCutoffs,
  type RetentionPurge,
  purgeExpiredPersonalData,
  vacuumPersonalTables,
} from '@/lib/db';
import { errorFields, logger } from '@/lib/log';

/**
 * Retention periods (UK GDPR storage limitation), enforced by the outbox worker's housekeeping
 * (lib/mailing/outbox/drain.ts) and stated, one per kind, by the privacy policy page
 * (components/data-rights/retention-notice.tsx):
 * - enquiries: RETENTION_SUBMISSION_MONTHS (default 24) after the last contact, once handled (answered or
 *   closed); open ones are kept;
 * - network registrations: RETENTION_MEMBER_MONTHS (default 12) after the member left (status `left`); current
 *   members are kept;
 * - newsletter: a signup never confirmed, RETENTION_PENDING_NEWSLETTER_DAYS (default 30); a subscription until
 *   the person unsubscribes (then the consent record stays, so that they are never written to again);
 * - course accounts: until the person deletes their account (no automatic deletion);
 * - logs: account-email records and the mail folder's copies (MAIL_DIR), RETENTION_LOG_DAYS (default 7).
 */
export interface RetentionOptions {
  /** The clock; default now (tests inject one). */
  now?: Date;
  /** Default RETENTION_SUBMISSION_MONTHS. */
  submissionMonths?: number;
  /** Default RETENTION_MEMBER_MONTHS. */
  memberMonths?: number;
  /** Default RETENTION_PENDING_NEWSLETTER_DAYS. */
  pendingNewsletterDays?: number;
}

/** The configured periods (see `RetentionOptions`), as the environment sets them. */
export interface RetentionPeriods {
  submissionMonths: number;
  memberMonths: number;
  pendingNewsletterDays: number;
  logDays: number;
}

/** The configured periods. @throws on an invalid environment (lib/config/env). */
export function retentionPeriods(): RetentionPeriods {
  const e = env();
  return {
    submissionMonths: e.RETENTION_SUBMISSION_MONTHS,
    memberMonths: e.RETENTION_MEMBER_MONTHS,
    pendingNewsletterDays: e.RETENTION_PENDING_NEWSLETTER_DAYS,
    logDays: e.RETENTION_LOG_DAYS,
  };
}

/** `months` calendar months before `now` (UTC; 31 March minus one month is 3 March: Date's own rollover, which only
 * ever keeps a row a few days longer). */
function monthsBefore(now: Date, months: number): Date {
  const d = new Date(now);
  d.setUTCMonth(d.getUTCMonth() - months);
  return d;
}

/** The cut-off times for `now`: calendar months back for enquiries and members, whole days back for signups. */
export function retentionCutoffs(options: RetentionOptions = {}): RetentionCutoffs {
  const now = options.now ?? new Date();
  const periods = retentionPeriods();
  const days = options.pendingNewsletterDays ?? periods.pendingNewsletterDays;
  return {
    enquiriesBefore: monthsBefore(now, options.submissionMonths ?? periods.submissionMonths),
    membersBefore: monthsBefore(now, options.memberMonths ?? periods.memberMonths),
    pendingBefore: new Date(now.getTime() - days * 24 * 3600 * 1000),
  };
}

/**
 * Deletes what is past its retention period (see `purgeExpiredPersonalData`: open enquiries and current members are
 * never deleted; a run that deletes anything is audited as 'retention.purge' with the counts), then, when anything
 * went, VACUUMs the tables so no readable copy stays in the database files (`vacuumPersonalTables`; a failure
 * there is logged, the rows are gone either way). @returns the counts. @throws on a database error of the purge.
 */
export async function purgeExpiredSubmissions(
  db: Database,
  options: RetentionOptions = {},
): Promise<RetentionPurge> {
  const purged = await purgeExpiredPersonalData(db, retentionCutoffs(options));
  const tables: PersonalTable[] = [];
  if (purged.enquiries) tables.push('enquiries', 'enquiry_notes');
  if (purged.registrations) tables.push('volunteers');
  if (purged.pendingSubscribers) tables.push('newsletter_subscribers');
  if (purged.outbox) tables.push('outbox');
  if (tables.length)
    await vacuumPersonalTables(db, tables).catch((error: unknown) =>
      logger().error({ component: 'data-rights', ...errorFields(error) }, 'vacuum after retention failed'),
    );
  return purged;
}
