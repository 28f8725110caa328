import { getTranslations } from 'next-intl/server';

import { StatusPanel } from '@/components/layout/status-panel';

/** An unknown media category: a real 404 with a way back to all media. */
export default async function MediaCategoryNotFound() {
  const t = await getTranslations('Media');
  return (
    <StatusPanel
      eyebrow="404"
      title={t('categoryNotFoundTitle')}
      body={t('categoryNotFoundBody')}
      actions={[{ href: '/media', label: t('showAll') }]}
    />
  );
}
