import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';

import { PageHeader } from '@/components/layout/page-header';
import { ReportCard } from '@/components/reports/report-card';
import { localeParam } from '@/i18n/params';
import { getReports } from '@/lib/cms';
import { pageMetadata } from '@/lib/seo/metadata';

export const revalidate = 3600;

export async function generateMetadata({ params }: PageProps<'/[locale]/reports'>): Promise<Metadata> {
  const locale = await localeParam(params);
  const t = await getTranslations({ locale, namespace: 'Reports' });
  return pageMetadata({ locale, path: '/reports', title: t('title'), description: t('description') });
}

/** Reports list (docs/SPEC-NOTES.md §2 Reports): every report, newest first, with organisation, date and a link to it. */
export default async function ReportsPage({ params }: PageProps<'/[locale]/reports'>) {
  const locale = await localeParam(params);
  const t = await getTranslations('Reports');
  const reports = await getReports();
  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
        {reports.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-border p-10 text-center text-muted">
            {t('empty')}
          </p>
        ) : (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {reports.map((report, i) => (
              <li key={report.id}>
                <ReportCard report={report} locale={locale} detailed priority={i === 0} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
