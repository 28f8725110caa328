import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';

import { PageHeader } from '@/components/layout/page-header';
import { EmptyState } from '@/components/ui/empty-state';
import { VacancyCard } from '@/components/vacancies/vacancy-card';
import { localeParam } from '@/i18n/params';
import { getVacancies } from '@/lib/cms';
import { pageMetadata } from '@/lib/seo/metadata';
import { partitionVacancies } from '@/lib/cms/vacancies';

/** Also bounds how stale the open/closed split can be: at most an hour after a closing day ends. */
export const revalidate = 3600;

export async function generateMetadata({ params }: PageProps<'/[locale]/vacancies'>): Promise<Metadata> {
  const locale = await localeParam(params);
  const t = await getTranslations({ locale, namespace: 'Vacancies' });
  return pageMetadata({ locale, path: '/vacancies', title: t('title'), description: t('description') });
}

/** Vacancies (docs/SPEC-NOTES.md §2): open vacancies (soonest closing first), then closed ones, each marked Closed. */
export default async function VacanciesPage({ params }: PageProps<'/[locale]/vacancies'>) {
  const locale = await localeParam(params);
  const t = await getTranslations('Vacancies');
  const vacancies = await getVacancies();
  const { open, closed } = partitionVacancies(vacancies, new Date());
  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <div className="mx-auto max-w-5xl space-y-12 px-4 py-12 sm:px-6">
        {vacancies.length === 0 ? (
          <EmptyState>{t('empty')}</EmptyState>
        ) : (
          <>
            <section aria-labelledby="open-vacancies">
              <h2 id="open-vacancies" className="text-2xl font-bold">
                {t('openHeading')}
              </h2>
              {open.length === 0 ? (
                <EmptyState compact className="mt-4">
                  {t('noOpen')}
                </EmptyState>
              ) : (
                <ul className="mt-6 grid gap-6">
                  {open.map((vacancy) => (
                    <li key={vacancy.slug}>
                      <VacancyCard vacancy={vacancy} locale={locale} open />
                    </li>
                  ))}
                </ul>
              )}
            </section>
            {closed.length > 0 ? (
              <section aria-labelledby="closed-vacancies">
                <h2 id="closed-vacancies" className="text-2xl font-bold">
                  {t('closedHeading')}
                </h2>
                <ul className="mt-6 grid gap-6">
                  {closed.map((vacancy) => (
                    <li key={vacancy.slug}>
                      <VacancyCard vacancy={vacancy} locale={locale} open={false} />
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}
          </>
        )}
      </div>
    </>
  );
}
