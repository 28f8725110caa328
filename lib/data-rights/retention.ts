import 'server-only';

import { env } from '@/lib/config/env';
import { type Database, type RetentionPurge, purgeExpiredPersonalData } from '@/lib/db';

/**
 * Retention periods (UK GDPR storage limitation), enforced by the outbox worker's housekeeping (lib/mailing/outbox):
 * enquiries and network registrations are kept RETENTION_SUBMISSION_MONTHS (default 24), newsletter signups that
 * were never confirmed RETENTION_PENDING_NEWSLETTER_DAYS (default 30). The privacy policy page states both.
 */
export interface RetentionOptions {
  /** The clock; default now (tests inject one). */
  now?: Date;
  /** Default RETENTION_SUBMISSION_MONTHS. */
  submissionMonths?: number;
  /** Default RETENTION_PENDING_NEWSLETTER_DAYS. */
  pendingNewsletterDays?: number;
}

/** The configured periods: months for submissions, days for unconfirmed newsletter signups. */
export function retentionPeriods(): { submissionMonths: number; pendingNewsletterDays: number } {
  const e = env();
  return {
    submissionMonths: e.RETENTION_SUBMISSION_MONTHS,
    pendingNewsletterDays: e.RETENTION_PENDING_NEWSLETTER_DAYS,
  };
}

/**
 * The cut-off times for `now`: calendar months back for submissions (UTC; 31 March minus one month is 3 March,
 * Date's own rollover, which only ever keeps a row a few days longer), whole days back for pending signups.
 */
export function retentionCutoffs(options: RetentionOptions = {}): {
  submissionsBefore: Date;
  pendingBefore: Date;
} {
  const now = options.now ?? new Date();
  const periods = retentionPeriods();
  const months = options.submissionMonths ?? periods.submissionMonths;
  const days = options.pendingNewsletterDays ?? periods.pendingNewsletterDays;
  const submissionsBefore = new Date(now);
  submissionsBefore.setUTCMonth(submissionsBefore.getUTCMonth() - months);
  return { submissionsBefore, pendingBefore: new Date(now.getTime() - days * 24 * 3600 * 1000) };
}

/** Deletes what is past its retention period (see `purgeExpiredPersonalData`). @throws on a database error. */
export async function purgeExpiredSubmissions(
  db: Database,
  options: RetentionOptions = {},
): Promise<RetentionPurge> {
  return purgeExpiredPersonalData(db, retentionCutoffs(options));
}
