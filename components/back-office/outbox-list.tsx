import { getTranslations } from 'next-intl/server';

import { FilterForm } from '@/components/ui/filter-form';
import { ScrollTable, Td, Th } from '@/components/ui/table';
import { Link } from '@/i18n/client';
import type { Locale } from '@/i18n/routing';
import {
  type DeliveryFilterInput,
  type DeliveryRow,
  filterQuery,
  formatWhen,
  getLabels,
  personHref,
} from '@/lib/back-office';
import { giveUpDeliveryAction, retryDeliveryAction } from '@/lib/back-office/actions';

import { StaffForm, StaffSubmit } from './staff-form';

/** The Deliveries page's filters (components/ui FilterForm): section, kind (named as staff read it) and text. */
export async function DeliveriesFilters({
  locale,
  filter,
  kinds,
}: {
  locale: Locale;
  filter: DeliveryFilterInput;
  kinds: string[];
}) {
  const [t, l, label] = await Promise.all([
    getTranslations({ locale, namespace: 'AdminLists' }),
    getTranslations({ locale, namespace: 'BackOffice.lists' }),
    getLabels(locale),
  ]);
  return (
    <FilterForm
      id="outbox-filters"
      layout="toolbar"
      label={l('filtersOutbox')}
      search={{ label: l('searchOutbox'), value: filter.q, maxLength: 200 }}
      selects={[
        {
          name: 'status',
          label: l('section'),
          value: filter.status,
          any: l('sectionAll'),
          options: [
            { value: 'pending', label: l('sectionPending') },
            { value: 'failed', label: l('sectionFailed') },
          ],
        },
        {
          name: 'kind',
          label: l('kind'),
          value: filter.kind,
          any: t('any'),
          options: kinds.map((kind) => ({ value: kind, label: label('outboxKind', kind) })),
        },
      ]}
      submitLabel={t('applyFilters')}
      clear={filterQuery(filter) ? { href: '/admin/outbox', label: t('clearFilters') } : undefined}
    />
  );
}

/**
 * One table of deliveries: the waiting items (next try, Retry now and Give up, asked first) or the given-up ones
 * (Retry now). Each row says what it is (the kind as staff read it, its code beside) and whom it concerns (the
 * person's name and email, linked to their record; or the address alone when the record is gone or there is
 * none). `id` prefixes each row's test id ('pending' / 'failed'); `back` is the list's filters, kept after a click.
 */
export async function DeliveriesTable({
  locale,
  rows,
  id,
  waiting,
  back = '',
}: {
  locale: Locale;
  rows: DeliveryRow[];
  id: string;
  waiting: boolean;
  back?: string;
}) {
  const [t, l, label] = await Promise.all([
    getTranslations({ locale, namespace: 'AdminLists' }),
    getTranslations({ locale, namespace: 'BackOffice.lists' }),
    getLabels(locale),
  ]);
  if (rows.length === 0) return <p>{waiting ? t('outbox.nonePending') : t('outbox.noneFailed')}</p>;
  const caption = waiting ? t('outbox.pendingCaption') : t('outbox.failedCaption');
  return (
    <ScrollTable
      wide
      caption={caption}
      columns={[
        t('outbox.colKind'),
        l('colConcerns'),
        t('outbox.colCreated'),
        t('outbox.colAttempts'),
        waiting ? t('outbox.colNext') : t('outbox.colGivenUp'),
        t('outbox.colLastError'),
        t('colActions'),
      ]}
    >
      {rows.map((d) => {
        const kind = label('outboxKind', d.kind);
        const who = d.concerns.name ?? d.concerns.email;
        const name = `${kind}${who ? `, ${who}` : ''}, ${formatWhen(d.createdAt, locale)}`;
        return (
          <tr key={d.id} data-testid={`${id}-${d.id}`}>
            <Th scope="row">
              {kind}
              {kind !== d.kind ? (
                <span className="block font-mono text-xs font-normal text-muted">{d.kind}</span>
              ) : null}
            </Th>
            <Td>
              <Concerns concerns={d.concerns} gone={l('concernsGone')} />
            </Td>
            <Td>{formatWhen(d.createdAt, locale)}</Td>
            <Td>{d.attempts}</Td>
            <Td>{formatWhen(waiting ? d.nextAttemptAt : d.updatedAt, locale)}</Td>
            <Td className="max-w-md">{d.lastError ?? '—'}</Td>
            <Td>
              <div className="flex flex-wrap gap-2">
                <StaffForm action={retryDeliveryAction} locale={locale} fields={{ id: d.id, return: back }}>
                  <StaffSubmit variant="outline">
                    {t('outbox.retry')}
                    <span className="sr-only">: {name}</span>
                  </StaffSubmit>
                </StaffForm>
                {waiting ? (
                  <StaffForm
                    action={giveUpDeliveryAction}
                    locale={locale}
                    fields={{ id: d.id, return: back }}
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

/** Whom a delivery concerns: the name (linked to the record) and the email; the address alone; or 'gone'. */
function Concerns({ concerns, gone }: { concerns: DeliveryRow['concerns']; gone: string }) {
  const text = concerns.name ?? concerns.email;
  if (!text) return <span className="text-muted">{gone}</span>;
  return (
    <>
      {concerns.kind && concerns.id ? (
        <Link
          href={personHref(concerns.kind, concerns.id)}
          className="text-brand underline underline-offset-4"
        >
          {text}
        </Link>
      ) : (
        text
      )}
      {concerns.name && concerns.email ? <span className="block text-muted">{concerns.email}</span> : null}
    </>
  );
}
