import { getTranslations } from 'next-intl/server';

import { ScrollTable, Td, Th } from '@/components/ui/table';
import type { Locale } from '@/i18n/routing';
import { type DeliveryRow, formatWhen } from '@/lib/back-office';
import { giveUpDeliveryAction, retryDeliveryAction } from '@/lib/back-office/actions';

import { StaffForm, StaffSubmit } from './staff-form';

/**
 * One table of deliveries: the waiting items (next try, Retry now and Give up, asked first) or the given-up ones
 * (Retry now). `id` prefixes each row's test id ('pending' / 'failed').
 */
export async function DeliveriesTable({
  locale,
  rows,
  id,
  waiting,
}: {
  locale: Locale;
  rows: DeliveryRow[];
  id: string;
  waiting: boolean;
}) {
  const t = await getTranslations({ locale, namespace: 'AdminLists' });
  if (rows.length === 0) return <p>{waiting ? t('outbox.nonePending') : t('outbox.noneFailed')}</p>;
  const caption = waiting ? t('outbox.pendingCaption') : t('outbox.failedCaption');
  return (
    <ScrollTable
      wide
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
      {rows.map((d) => {
        const name = `${d.kind} ${formatWhen(d.createdAt, locale)}`;
        return (
          <tr key={d.id} data-testid={`${id}-${d.id}`}>
            <Th scope="row" className="font-mono">
              {d.kind}
            </Th>
            <Td>{formatWhen(d.createdAt, locale)}</Td>
            <Td>{d.attempts}</Td>
            <Td>{formatWhen(waiting ? d.nextAttemptAt : d.updatedAt, locale)}</Td>
            <Td className="max-w-md">{d.lastError ?? '—'}</Td>
            <Td>
              <div className="flex flex-wrap gap-2">
                <StaffForm action={retryDeliveryAction} locale={locale} fields={{ id: d.id }}>
                  <StaffSubmit variant="outline">
                    {t('outbox.retry')}
                    <span className="sr-only">: {name}</span>
                  </StaffSubmit>
                </StaffForm>
                {waiting ? (
                  <StaffForm
                    action={giveUpDeliveryAction}
                    locale={locale}
                    fields={{ id: d.id }}
                    confirm={t('outbox.confirmGiveUp')}
                  >
                    <StaffSubmit variant="danger">
                      {t('outbox.giveUp')}
                      <span className="sr-only">: {name}</span>
                    </StaffSubmit>
                  </StaffForm>
                ) : null}
              </div>
            </Td>
          </tr>
        );
      })}
    </ScrollTable>
  );
}
