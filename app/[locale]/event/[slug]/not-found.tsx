import { getTranslations } from 'next-intl/server';

import { StatusPanel } from '@/components/layout/status-panel';

/** 'Event Not Found' with a link to all events and a real 404 status. */
export default async function EventNotFound() {
  const t = await getTranslations('Events');
  return (
    <StatusPanel
      eyebrow="404"
      title={t('notFoundTitle')}
      body={t('notFoundBody')}
      actions={[{ href: '/events', label: t('back') }]}
    />
  );
}
