import { getTranslations } from 'next-intl/server';

import { StatusPanel } from '@/components/layout/status-panel';

/** 'Report Not Found' (docs/SPEC-NOTES.md §8) with a return link and a real 404 status. */
export default async function ReportNotFound() {
  const t = await getTranslations('Reports');
  return (
    <StatusPanel
      eyebrow="404"
      title={t('notFoundTitle')}
      body={t('notFoundBody')}
      actions={[{ href: '/reports', label: t('back') }]}
    />
  );
}
