import { getTranslations } from 'next-intl/server';

import { siteConfig } from '@/lib/config/site';

import { ExitThisPage } from './exit-this-page';

/**
 * 'Exit this page' with its translated labels and the configured neutral site (`EXIT_PAGE_URL`): for the Get help
 * page and posts with a content note. A server component; only the control itself hydrates.
 */
export async function ExitControl() {
  const t = await getTranslations('ExitThisPage');
  return (
    <ExitThisPage
      exitUrl={siteConfig().exitUrl}
      labels={{
        button: t('button'),
        pressesLeft: { 1: t('pressesLeft', { count: 1 }), 2: t('pressesLeft', { count: 2 }) },
        timedOut: t('timedOut'),
        leaving: t('leaving'),
      }}
    />
  );
}
