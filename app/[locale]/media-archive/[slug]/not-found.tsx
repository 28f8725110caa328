import { getTranslations } from 'next-intl/server';

import { StatusPanel } from '@/components/layout/status-panel';

/** An unknown media archive item: a real 404 with a way back to the media hub. */
export default async function MediaArchiveItemNotFound() {
  const t = await getTranslations('Media');
  return (
    <StatusPanel
      eyebrow="404"
      title={t('notFoundTitle')}
      body={t('notFoundBody')}
      actions={[{ href: '/media', label: t('back') }]}
    />
  );
}
