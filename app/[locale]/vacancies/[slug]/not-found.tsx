import { getTranslations } from 'next-intl/server';

import { StatusPanel } from '@/components/layout/status-panel';

/** 'Vacancy Not Found' with a link back to the vacancies and a real 404 status. */
export default async function VacancyNotFound() {
  const t = await getTranslations('Vacancies');
  return (
    <StatusPanel
      eyebrow="404"
      title={t('notFoundTitle')}
      body={t('notFoundBody')}
      actions={[{ href: '/vacancies', label: t('back') }]}
    />
  );
}
