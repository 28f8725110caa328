import { Download } from '@/components/icons/icons';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { notFound } from 'next/navigation';

import { CmsHtml } from '@/components/cms/cms-html';
import { contentLang } from '@/components/cms/content-lang';
import { EnglishOnlyNote } from '@/components/cms/english-only-note';
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

/**
 * A report (docs/SPEC-NOTES.md §2 Reports): title, organisation, publish date, PDF download and the summary. Reports
 * are English: under /es, /fr, /pt the header and summary carry `lang="en"` (the header's labels and button keep
 * the page's language) under the 'English only' note (components/cms/content-lang.tsx).
 */
export default async function ReportPage({ params }: PageProps<'/[locale]/reports/[slug]'>) {
  const locale = await localeParam(params);
  const report = await getReport(await slugParam(params));
  if (!report) notFound();
  const t = await getTranslations('Reports');
  const site = siteConfig();
  const organization = report.organization ?? site.name;
  const lang = contentLang(locale);
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
      <div lang={lang}>
        <PageHeader title={report.title}>
          <dl lang={lang ? locale : undefined} className="mt-6 flex flex-wrap gap-x-8 gap-y-2 text-white/90">
            <div>
              <dt className="text-sm text-white/80">{t('organization')}</dt>
              <dd lang={lang} className="font-semibold">
                {organization}
              </dd>
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
              lang={lang ? locale : undefined}
              className="mt-8 inline-flex items-center gap-2 rounded-full bg-accent px-6 py-3 font-semibold text-accent-fg hover:brightness-95"
            >
              <Download aria-hidden className="size-5" />
              {t('download')}
              <span className="sr-only">
                {' ('}
                <span lang={lang}>{report.title}</span>, PDF)
              </span>
            </a>
          ) : null}
        </PageHeader>
      </div>
      <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
        <BackLink href="/reports" label={t('back')} />
        {lang ? <EnglishOnlyNote kind="report" className="mt-6" /> : null}
        <FeatureImage image={report.image} className="mt-6 rounded-2xl" />
        <div lang={lang} className="mt-8">
          <CmsHtml html={report.html} />
        </div>
      </div>
    </>
  );
}
