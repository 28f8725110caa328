import { getTranslations } from 'next-intl/server';

import { siteConfig } from '@/lib/config/site';

import { ExitThisPage } from './exit-this-page';

/**
 * 'Exit this page' with its translated labels and the configured neutral site (`EXIT_PAGE_URL`): for the Get help
 * page, the pastoral pages, the drop-in event, the contact page, and posts, events and media items with a content
 * note. It stays in view while its parent element is (sticky); `columnClassName` aligns it with a narrower text
 * column when that parent is wider. A server component; only the control itself hydrates.
 */
export async function ExitControl({ columnClassName }: { columnClassName?: string } = {}) {
  const t = await getTranslations('ExitThisPage');
  return (
    <ExitThisPage
      exitUrl={siteConfig().exitUrl}
      columnClassName={columnClassName}
      labels={{
        button: t('button'),
        pressesLeft: { 1: t('pressesLeft', { count: 1 }), 2: t('pressesLeft', { count: 2 }) },
        timedOut: t('timedOut'),
        leaving: t('leaving'),
      }}
    />
  );
}
