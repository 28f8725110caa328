import { getTranslations } from 'next-intl/server';

import { StatusPanel } from '@/components/layout/status-panel';

/** 'Team Member Not Found' with a link back to the team and a real 404 status. */
export default async function TeamMemberNotFound() {
  const t = await getTranslations('Team');
  return (
    <StatusPanel
      eyebrow="404"
      title={t('notFoundTitle')}
      body={t('notFoundBody')}
      actions={[{ href: '/our-team', label: t('back') }]}
    />
  );
}
