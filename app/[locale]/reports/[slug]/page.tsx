import { Download } from '@/components/icons/icons';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { notFound } from 'next/navigation';

import { CmsHtml } from '@/components/cms/cms-html';
import { BackLink, FeatureImage } from '@/components/cms/feature-image';
import { PageHeader } from '@/components/layout/page-header';
import { JsonLd } from '@/components/seo/json-ld';
import { localizedPath } from '@/i18n/paths';
import { localeParam, slugParam } from '@/i18n/params';
import { getReport, getReports } from '@/lib/cms';
import { siteConfig } from '@/lib/config/site';
import { formatDate, isoDate } from '@/lib/utils/format';
import { reportJsonLd } from '@/lib/seo/json-ld';
import { pageMetadata } from '@/lib/seo/metadata';

export const revalidate = 3600;

export async function generateStaticParams() {
  return (await getReports()).slice(0, 20).map((r) => ({ slug: r.slug }));
}

export async function generateMetadata({ params }: PageProps<'/[locale]/reports/[slug]'>): Promise<Metadata> {
  const locale = await localeParam(params);
  const report = await getReport(await slugParam(params));
  const t = await getTranslations({ locale, namespace: 'Reports' });
  if (!report) return { title: t('notFoundTitle') };
  return pageMetadata({
    locale,
    path: `/reports/${report.slug}`,
    title: report.title,
    description: report.excerpt.slice(0, 160) || report.title,
    ogType: 'article',
    seo: report.seo,
  });
}

/** A report (docs/SPEC-NOTES.md §2 Reports): title, organisation, publish date, PDF download and the summary. */
export default async function ReportPage({ params }: PageProps<'/[locale]/reports/[slug]'>) {
  const locale = await localeParam(params);
  const report = await getReport(await slugParam(params));
  if (!report) notFound();
  const t = await getTranslations('Reports');
  const site = siteConfig();
  const organization = report.organization ?? site.name;
  return (
    <>
      <JsonLd
        data={reportJsonLd(site, {
          path: localizedPath(locale, `/reports/${report.slug}`),
          title: report.title,
          description: report.excerpt,
          datePublished: isoDate(report.dateGmt),
          organization,
          pdfUrl: report.pdfUrl ?? undefined,
        })}
      />
      <PageHeader title={report.title}>
        <dl className="mt-6 flex flex-wrap gap-x-8 gap-y-2 text-white/90">
          <div>
            <dt className="text-sm text-white/80">{t('organization')}</dt>
            <dd className="font-semibold">{organization}</dd>
          </div>
          <div>
            <dt className="text-sm text-white/80">{t('published')}</dt>
            <dd className="font-semibold">
              <time dateTime={isoDate(report.dateGmt)}>{formatDate(report.dateGmt, locale)}</time>
            </dd>
          </div>
        </dl>
        {report.pdfUrl ? (
          <a
            href={report.pdfUrl}
            download
            className="mt-8 inline-flex items-center gap-2 rounded-full bg-accent px-6 py-3 font-semibold text-accent-fg hover:brightness-95"
          >
            <Download aria-hidden className="size-5" />
            {t('download')}
            <span className="sr-only"> ({report.title}, PDF)</span>
          </a>
        ) : null}
      </PageHeader>
      <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
        <BackLink href="/reports" label={t('back')} />
        <FeatureImage image={report.image} className="mt-6 rounded-2xl" />
        <div className="mt-8">
          <CmsHtml html={report.html} />
        </div>
      </div>
    </>
  );
}
