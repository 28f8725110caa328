'use client';

import { useEffect } from 'react';

import { ErrorScreen } from '@/components/layout/error-screen';
import { useClientMessages } from '@/i18n/client-messages';

/** Render errors below the root layout: the header and footer stay, the page shows the error screen. */
export default function PageError({ error }: { error: Error & { digest?: string } }) {
  const t = useClientMessages('Error');
  useEffect(() => console.error(error), [error]);
  return (
    <ErrorScreen
      title={t('title')}
      message={error.message || t('fallbackMessage')}
      reference={error.digest ? t('reference', { digest: error.digest }) : undefined}
      reloadLabel={t('reload')}
    />
  );
}
