import { FileText } from 'lucide-react';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';

import { CmsImage } from '@/components/cms/cms-image';
import { PageHeader } from '@/components/layout/page-header';
import { Link } from '@/i18n/navigation';
import { localeParam } from '@/i18n/params';
import { getReports } from '@/lib/cms';
import { formatDate, isoDate } from '@/lib/format';
import { pageMetadata } from '@/lib/seo/metadata';

export const revalidate = 3600;

export async function generateMetadata({ params }: PageProps<'/[locale]/reports'>): Promise<Metadata> {
  const locale = await localeParam(params);
  const t = await getTranslations({ locale, namespace: 'Reports' });
  return pageMetadata({ locale, path: '/reports', title: t('title'), description: t('description') });
}

/** Reports list (spec §2 Reports): every report, newest first, with organisation, date and a link to it. */
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
              <li
                key={report.id}
                className="group relative flex flex-col overflow-hidden rounded-2xl border border-border bg-bg shadow-sm hover:shadow-md"
              >
                <div className="relative aspect-[16/9] bg-surface-strong">
                  {report.image ? (
                    <CmsImage
                      src={report.image.url}
                      alt=""
                      fill
                      priority={i < 3}
                      sizes="(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw"
                      className="object-cover"
                    />
                  ) : (
                    <FileText aria-hidden className="absolute inset-0 m-auto size-12 text-muted" />
                  )}
                </div>
                <div className="flex flex-1 flex-col p-5">
                  <p className="text-sm text-muted">
                    {report.organization ? `${report.organization} · ` : ''}
                    <time dateTime={isoDate(report.dateGmt)}>{formatDate(report.dateGmt, locale)}</time>
                  </p>
                  <h2 className="mt-2 text-xl font-semibold text-balance">
                    <Link
                      href={`/reports/${report.slug}`}
                      className="group-hover:text-brand after:absolute after:inset-0"
                    >
                      {report.title}
                    </Link>
                  </h2>
                  {report.excerpt ? <p className="mt-2 line-clamp-3 text-muted">{report.excerpt}</p> : null}
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
