import { CircleAlert } from '@/components/icons/icons';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { notFound } from 'next/navigation';

import { CmsHtml } from '@/components/cms/cms-html';
import { contentLang } from '@/components/cms/content-lang';
import { EnglishOnlyNote } from '@/components/cms/english-only-note';
import { BackLink } from '@/components/cms/feature-image';
import { PageHeader } from '@/components/layout/page-header';
import { JsonLd } from '@/components/seo/json-ld';
import { ClosedBadge, VacancyFacts } from '@/components/vacancies/vacancy-facts';
import { localizedPath } from '@/i18n/paths';
import { localeParam, slugParam } from '@/i18n/params';
import { getVacancies, getVacancy } from '@/lib/cms';
import { siteConfig } from '@/lib/config/site';
import { isoDate } from '@/lib/utils/format';
import { jobPostingJsonLd } from '@/lib/seo/json-ld';
import { pageMetadata } from '@/lib/seo/metadata';
import { formatClosingDate, isVacancyOpen } from '@/lib/cms/vacancies';

/** Also bounds how stale the open/closed state can be: at most an hour after the closing day ends. */
export const revalidate = 3600;

export async function generateStaticParams() {
  return (await getVacancies()).slice(0, 20).map((v) => ({ slug: v.slug }));
}

export async function generateMetadata({
  params,
}: PageProps<'/[locale]/vacancies/[slug]'>): Promise<Metadata> {
  const locale = await localeParam(params);
  const vacancy = await getVacancy(await slugParam(params));
  const t = await getTranslations({ locale, namespace: 'Vacancies' });
  if (!vacancy) return { title: t('notFoundTitle') };
  return pageMetadata({
    locale,
    path: `/vacancies/${vacancy.slug}`,
    title: vacancy.title,
    description: vacancy.excerpt.slice(0, 160) || vacancy.title,
  });
}

/**
 * A vacancy (docs/SPEC-NOTES.md §2): its facts, the role description and how to apply; once the closing day has passed (UK
 * time), a Closed badge and notice instead of the application details, and no JobPosting data. Vacancies are
 * English: under /es, /fr, /pt their text carries `lang="en"` under the 'English only' note (the facts' labels,
 * the closing date and the notices keep the page's language).
 */
export default async function VacancyPage({ params }: PageProps<'/[locale]/vacancies/[slug]'>) {
  const locale = await localeParam(params);
  const vacancy = await getVacancy(await slugParam(params));
  if (!vacancy) notFound();
  const t = await getTranslations('Vacancies');
  const open = isVacancyOpen(vacancy, new Date());
  const lang = contentLang(locale);
  return (
    <>
      {open ? (
        <JsonLd
          data={jobPostingJsonLd(siteConfig(), {
            ...vacancy,
            path: localizedPath(locale, `/vacancies/${vacancy.slug}`),
            datePosted: isoDate(vacancy.dateGmt),
          })}
        />
      ) : null}
      {/* The title and excerpt are English; the badge and the facts' labels are the page's language again. */}
      <div lang={lang}>
        <PageHeader title={vacancy.title} subtitle={vacancy.excerpt || undefined}>
          <div lang={lang ? locale : undefined}>
            {open ? null : (
              <p className="mt-4">
                <ClosedBadge />
              </p>
            )}
            <div className="mt-6 max-w-3xl">
              <VacancyFacts vacancy={vacancy} locale={locale} tone="header" />
            </div>
          </div>
        </PageHeader>
      </div>
      <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
        <BackLink href="/vacancies" label={t('back')} />
        {lang ? <EnglishOnlyNote kind="vacancy" className="mt-6" /> : null}
        {open ? null : (
          <p className="mt-6 flex gap-3 rounded-2xl border border-border bg-surface p-5 font-medium">
            <CircleAlert aria-hidden className="mt-0.5 size-5 shrink-0 text-brand" />
            {t('closedNotice', { date: formatClosingDate(vacancy.closingDate ?? '', locale) })}
          </p>
        )}
        <div lang={lang} className="mt-8">
          <CmsHtml html={vacancy.html} />
        </div>
        {open && vacancy.howToApply ? (
          <section
            aria-labelledby="how-to-apply"
            className="mt-10 rounded-2xl border border-border bg-surface p-6"
          >
            <h2 id="how-to-apply" className="text-2xl font-bold">
              {t('howToApply')}
            </h2>
            <div lang={lang} className="mt-4">
              <CmsHtml html={vacancy.howToApply} />
            </div>
          </section>
        ) : null}
      </div>
    </>
  );
}
