import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';

import { AdminPage, AdminSection } from '@/components/back-office/admin-page';
import { Notice } from '@/components/back-office/notice';
import { DeliveriesTable } from '@/components/back-office/outbox-list';
import { localeParam } from '@/i18n/params';
import { requireStaff } from '@/lib/auth';
import { adminMetadata, deliveriesPage } from '@/lib/back-office';

type Props = PageProps<'/[locale]/admin/outbox'>;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return adminMetadata(await localeParam(params), '/admin/outbox', {
    title: 'AdminLists.outbox.title',
    description: 'AdminLists.outbox.description',
  });
}

/**
 * Deliveries (issue 17 item 5), staff and admins (`requireStaff` first): the outbox items not sent yet, waiting
 * (with their next try and last error) and given up, each with Retry now and, while waiting, Give up (StaffForms
 * posting to lib/back-office/actions.ts). Never the items' payloads. The worker retries for about 5 days and mails
 * one summary of given-up items to ADMIN_ALERT_EMAIL at most hourly (lib/mailing/outbox/alert.ts).
 */
export default async function DeliveriesPage({ params, searchParams }: Props) {
  const locale = await localeParam(params);
  await requireStaff({ locale, next: '/admin/outbox' });
  const [t, { pending, failed }] = await Promise.all([
    getTranslations({ locale, namespace: 'AdminLists' }),
    deliveriesPage(),
  ]);
  return (
    <AdminPage title={t('outbox.title')} description={t('outbox.description')}>
      <Notice locale={locale} query={await searchParams} />
      <p>{t('outbox.alertNote')}</p>
      <AdminSection id="pending-heading" title={t('outbox.pendingHeading', { count: pending.length })}>
        <DeliveriesTable locale={locale} rows={pending} id="pending" waiting />
      </AdminSection>
      <AdminSection id="failed-heading" title={t('outbox.failedHeading', { count: failed.length })}>
        <DeliveriesTable locale={locale} rows={failed} id="failed" waiting={false} />
      </AdminSection>
    </AdminPage>
  );
}
