import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';

import { AdminPage, AdminSection } from '@/components/admin/admin-page';
import {
  NoticeRegion,
  ScrollTable,
  buttonClass,
  dangerButtonClass,
  formatWhen,
  tdClass,
} from '@/components/back-office/parts';
import { localeParam } from '@/i18n/params';
import { adminMetadata } from '@/lib/admin/metadata';
import { requireStaff } from '@/lib/auth';
import { DELIVERY_EXCLUDED_KINDS, queryRecord } from '@/lib/back-office/handlers';
import { noticeOf } from '@/lib/back-office/notice';
import { type DeliveryRow, getDb, listDeliveries } from '@/lib/db';

import { giveUpDeliveryAction, retryDeliveryAction } from '@/lib/back-office/actions';

type Props = PageProps<'/[locale]/admin/outbox'>;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return adminMetadata(await localeParam(params), '/admin/outbox', {
    title: 'AdminLists.outbox.title',
    description: 'AdminLists.outbox.description',
  });
}

/**
 * Deliveries (issue 17 item 5), staff and admins (`requireStaff` first): the outbox items not sent yet, waiting
 * (with their next try and last error) and given up, each with Retry now and, while waiting, Give up (forms posting
 * to lib/back-office/actions.ts). Never the items' payloads. The worker retries for about 5 days and mails one
 * summary of given-up items to ADMIN_ALERT_EMAIL at most hourly (lib/mailing/outbox/alert.ts).
 */
export default async function DeliveriesPage({ params, searchParams }: Props) {
  const locale = await localeParam(params);
  await requireStaff({ locale, next: '/admin/outbox' });
  const query = queryRecord(await searchParams);
  const { pending, failed } = await listDeliveries(await getDb(), { exceptKinds: DELIVERY_EXCLUDED_KINDS });
  const t = await getTranslations({ locale, namespace: 'AdminLists' });
  const notice = noticeOf(query);

  const table = (rows: DeliveryRow[], id: string, caption: string, waiting: boolean) =>
    rows.length === 0 ? (
      <p>{waiting ? t('outbox.nonePending') : t('outbox.noneFailed')}</p>
    ) : (
      <ScrollTable
        label={caption}
        caption={caption}
        columns={[
          t('outbox.colKind'),
          t('outbox.colCreated'),
          t('outbox.colAttempts'),
          waiting ? t('outbox.colNext') : t('outbox.colGivenUp'),
          t('outbox.colLastError'),
          t('colActions'),
        ]}
      >
        <tbody>
          {rows.map((d) => {
            const name = `${d.kind} ${formatWhen(d.createdAt, locale)}`;
            return (
              <tr key={d.id} data-testid={`${id}-${d.id}`}>
                <th scope="row" className={`${tdClass} font-mono font-semibold`}>
                  {d.kind}
                </th>
                <td className={tdClass}>{formatWhen(d.createdAt, locale)}</td>
                <td className={tdClass}>{d.attempts}</td>
                <td className={tdClass}>{formatWhen(waiting ? d.nextAttemptAt : d.updatedAt, locale)}</td>
                <td className={`${tdClass} max-w-md break-words`}>{d.lastError ?? '—'}</td>
                <td className={tdClass}>
                  <div className="flex flex-wrap gap-2">
                    <form action={retryDeliveryAction}>
                      <input type="hidden" name="locale" value={locale} />
                      <input type="hidden" name="id" value={d.id} />
                      <button type="submit" className={buttonClass}>
                        {t('outbox.retry')}
                        <span className="sr-only">: {name}</span>
                      </button>
                    </form>
                    {waiting ? (
                      <form action={giveUpDeliveryAction}>
                        <input type="hidden" name="locale" value={locale} />
                        <input type="hidden" name="id" value={d.id} />
                        <button type="submit" className={dangerButtonClass}>
                          {t('outbox.giveUp')}
                          <span className="sr-only">: {name}</span>
                        </button>
                      </form>
                    ) : null}
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </ScrollTable>
    );

  return (
    <AdminPage title={t('outbox.title')} description={t('outbox.description')}>
      <NoticeRegion notice={notice ? { ok: notice.ok, text: t(`notice.${notice.key}`) } : null} />
      <p>{t('outbox.alertNote')}</p>
      <AdminSection id="pending-heading" title={t('outbox.pendingHeading', { count: pending.length })}>
        {table(pending, 'pending', t('outbox.pendingCaption'), true)}
      </AdminSection>
      <AdminSection id="failed-heading" title={t('outbox.failedHeading', { count: failed.length })}>
        {table(failed, 'failed', t('outbox.failedCaption'), false)}
      </AdminSection>
    </AdminPage>
  );
}
