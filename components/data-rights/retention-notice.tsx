import { getTranslations } from 'next-intl/server';

import { retentionPeriods } from '@/lib/data-rights/retention';

/** The kinds of data the notice states a period for, in its order (keys of `PrivacyRetention`). */
export const RETENTION_KINDS = ['enquiries', 'registration', 'newsletter', 'accounts', 'logs'] as const;

/**
 * The privacy policy's "How long we keep your data" and "Your rights" (issue 17 item 7, D7 of the back-office
 * review), in the page's language: exactly one statement per kind (enquiries, network registration, newsletter,
 * course accounts, logs), each with the period the outbox worker enforces (lib/data-rights/retention.ts:
 * RETENTION_SUBMISSION_MONTHS, RETENTION_MEMBER_MONTHS, RETENTION_PENDING_NEWSLETTER_DAYS, RETENTION_LOG_DAYS;
 * course accounts have no automatic deletion and say so), then how to get a copy of your data or have it erased.
 * The CMS page above it states no periods of its own (docs/DATA-RIGHTS.md). Server component.
 */
export async function RetentionNotice() {
  const t = await getTranslations('PrivacyRetention');
  const { submissionMonths, memberMonths, pendingNewsletterDays, logDays } = retentionPeriods();
  const text = {
    enquiries: t('enquiries', { months: submissionMonths }),
    registration: t('registration', { months: memberMonths }),
    newsletter: t('newsletter', { days: pendingNewsletterDays }),
    accounts: t('accounts'),
    logs: t('logs', { days: logDays }),
  };
  return (
    <section aria-labelledby="data-retention" className="mt-12 space-y-4" data-testid="data-retention">
      <h2 id="data-retention" className="text-2xl font-bold">
        {t('heading')}
      </h2>
      <ul className="list-disc space-y-2 pl-6">
        {RETENTION_KINDS.map((kind) => (
          <li key={kind} data-retention-kind={kind}>
            <strong>{t(`${kind}Label`)}</strong> {text[kind]}
          </li>
        ))}
      </ul>
      <h2 className="text-2xl font-bold">{t('rightsHeading')}</h2>
      <p>{t('rights')}</p>
      <p data-testid="self-export-scope">{t('selfExport')}</p>
    </section>
  );
}
