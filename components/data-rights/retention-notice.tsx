import { getTranslations } from 'next-intl/server';

import { retentionPeriods } from '@/lib/data-rights/retention';

/**
 * The privacy policy's "How long we keep your data" and "Your rights" (issue 17 item 7), in the page's language:
 * the retention periods as configured (RETENTION_SUBMISSION_MONTHS, RETENTION_PENDING_NEWSLETTER_DAYS), which the
 * outbox worker enforces, and how to get a copy of your data or have it erased. Server component.
 */
export async function RetentionNotice() {
  const t = await getTranslations('PrivacyRetention');
  const { submissionMonths, pendingNewsletterDays } = retentionPeriods();
  return (
    <section aria-labelledby="data-retention" className="mt-12 space-y-4" data-testid="data-retention">
      <h2 id="data-retention" className="text-2xl font-bold">
        {t('heading')}
      </h2>
      <ul className="list-disc space-y-2 pl-6">
        <li>{t('submissions', { months: submissionMonths })}</li>
        <li>{t('newsletterPending', { days: pendingNewsletterDays })}</li>
        <li>{t('newsletterActive')}</li>
        <li>{t('accounts')}</li>
        <li>{t('certificates')}</li>
      </ul>
      <h2 className="text-2xl font-bold">{t('rightsHeading')}</h2>
      <p>{t('rights')}</p>
      <p data-testid="self-export-scope">{t('selfExport')}</p>
    </section>
  );
}
