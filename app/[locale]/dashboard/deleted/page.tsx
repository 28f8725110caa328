import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';

import { PageHeader } from '@/components/layout/page-header';
import { buttonClass } from '@/components/ui/button';
import { Link } from '@/i18n/navigation';
import { localeParam } from '@/i18n/params';
import { pageMetadata } from '@/lib/seo/metadata';

export async function generateMetadata({
  params,
}: PageProps<'/[locale]/dashboard/deleted'>): Promise<Metadata> {
  const locale = await localeParam(params);
  const t = await getTranslations({ locale, namespace: 'AccountData' });
  return pageMetadata({
    locale,
    path: '/dashboard/deleted',
    title: t('deletedTitle'),
    description: t('deleted'),
    noindex: true,
  });
}

/**
 * Where a person lands after deleting their own account (issue 17 item 7): the deletion action signs them out and
 * sends them here. Says it is done; reads no cookies (static), since the person is no longer signed in.
 */
export default async function AccountDeletedPage({ params }: PageProps<'/[locale]/dashboard/deleted'>) {
  await localeParam(params);
  const t = await getTranslations('AccountData');
  return (
    <>
      <PageHeader title={t('deletedTitle')} />
      <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
        <p role="status" className="text-lg" data-testid="account-deleted">
          {t('deleted')}
        </p>
        <Link href="/" className={`${buttonClass('primary', 'md')} mt-6`}>
          {t('home')}
        </Link>
      </div>
    </>
  );
}
