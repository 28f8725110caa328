import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';

import { AdminPage, AdminSection } from '@/components/back-office/admin-page';
import { Notice } from '@/components/back-office/notice';
import { DeliveriesFilters, DeliveriesTable } from '@/components/back-office/outbox-list';
import { localeParam } from '@/i18n/params';
import { requireStaff } from '@/lib/auth';
import {
  adminMetadata,
  deliveriesPage,
  filterQuery,
  parseDeliveryFilter,
  queryRecord,
} from '@/lib/back-office';

type Props = PageProps<'/[locale]/admin/outbox'>;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return adminMetadata(await localeParam(params), '/admin/outbox', {
    title: 'AdminLists.outbox.title',
    description: 'AdminLists.outbox.description',
  });
}

/**
 * Deliveries (issue 17 item 5; back-office review D15), staff and admins (`requireStaff` first): the outbox items
 * not sent yet, waiting (with their next try and last error) and given up, each saying what it is and whom it
 * concerns (linked to the person's record), filtered by section, kind and text; Retry now and, while waiting,
 * Give up (asked first). Never the items' payloads. The worker retries for about 5 days and mails one summary of
 * given-up items, linking here, to ADMIN_ALERT_EMAIL at most hourly (lib/mailing/outbox/alert.ts).
 */
export default async function DeliveriesPage({ params, searchParams }: Props) {
  const locale = await localeParam(params);
  await requireStaff({ locale, next: '/admin/outbox' });
  const query = queryRecord(await searchParams);
  const filter = parseDeliveryFilter(query);
  const [t, list] = await Promise.all([
    getTranslations({ locale, namespace: 'AdminLists' }),
    deliveriesPage(filter),
  ]);
  const back = filterQuery(filter);
  return (
    <AdminPage title={t('outbox.title')} description={t('outbox.description')}>
      <Notice locale={locale} query={query} />
      <p>{t('outbox.alertNote')}</p>
      <DeliveriesFilters locale={locale} filter={filter} kinds={list.kinds} />
      {filter.status !== 'failed' ? (
        <AdminSection id="pending-heading" title={t('outbox.pendingHeading', { count: list.totals.pending })}>
          <DeliveriesTable locale={locale} rows={list.pending} id="pending" waiting back={back} />
        </AdminSection>
      ) : null}
      {filter.status !== 'pending' ? (
        <AdminSection id="failed-heading" title={t('outbox.failedHeading', { count: list.totals.failed })}>
          <DeliveriesTable locale={locale} rows={list.failed} id="failed" waiting={false} back={back} />
        </AdminSection>
      ) : null}
    </AdminPage>
  );
}
