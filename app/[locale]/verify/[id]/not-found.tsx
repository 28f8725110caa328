import { getTranslations } from 'next-intl/server';

import { StatusPanel } from '@/components/layout/status-panel';

/** 'Certificate not found' with a real 404 status (unknown or malformed certificate id). */
export default async function CertificateNotFound() {
  const t = await getTranslations('Verify');
  return (
    <StatusPanel
      eyebrow="404"
      title={t('notFoundTitle')}
      body={t('notFoundBody')}
      actions={[{ href: '/courses', label: t('browse') }]}
    />
  );
}
