import { getTranslations } from 'next-intl/server';

import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/select';
import { ScrollTable, Td, Th } from '@/components/ui/table';
import type { Locale } from '@/i18n/routing';
import {
  SUBSCRIBER_STATUSES,
  type SubscriberFilterInput,
  filterQuery,
  formatWhen,
  type subscribersPage,
} from '@/lib/back-office';
import { resyncSubscriberAction, unsubscribeSubscriberAction } from '@/lib/back-office/actions';

import { StaffForm, StaffSubmit } from './staff-form';

type Subscribers = Awaited<ReturnType<typeof subscribersPage>>;

/** The newsletter list's status filter as a GET form. */
export async function NewsletterFilters({
  locale,
  filter,
}: {
  locale: Locale;
  filter: SubscriberFilterInput;
}) {
  const t = await getTranslations({ locale, namespace: 'AdminLists' });
  return (
    <form method="get" className="flex flex-wrap items-end gap-4 rounded-xl border border-border p-4">
      <label className="flex flex-col gap-1">
        <span className="font-medium">{t('newsletter.colStatus')}</span>
        <Select name="status" defaultValue={filter.status ?? ''} compact>
          <option value="">{t('any')}</option>
          {SUBSCRIBER_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`newsletter.status_${s}`)}
            </option>
          ))}
        </Select>
      </label>
      <Button type="submit" variant="outline" size="sm" shape="rounded">
        {t('applyFilters')}
      </Button>
    </form>
  );
}

/** The subscribers with their consent and sync state, each with Resync and Unsubscribe (asked first). */
export async function NewsletterTable({
  locale,
  filter,
  list,
}: {
  locale: Locale;
  filter: SubscriberFilterInput;
  list: Subscribers;
}) {
  const t = await getTranslations({ locale, namespace: 'AdminLists' });
  const fields = (id: string) => ({ id, return: filterQuery(filter) });
  return (
    <>
      <p>
        {list.provider ? t('newsletter.provider', { provider: list.provider }) : t('newsletter.noProvider')}
      </p>
      <p>
        {t('shown', { count: list.rows.length })}
        {list.capped ? ` ${t('limitNote', { limit: list.limit })}` : ''}
      </p>
      {list.rows.length === 0 ? (
        <p>{t('newsletter.none')}</p>
      ) : (
        <ScrollTable
          wide
          label={t('newsletter.title')}
          caption={t('newsletter.caption')}
          columns={[
            t('newsletter.colEmail'),
            t('newsletter.colStatus'),
            t('newsletter.colConsent'),
            t('newsletter.colSource'),
            t('newsletter.colSignedUp'),
            t('newsletter.colSync'),
            t('colActions'),
          ]}
        >
          {list.rows.map((s) => (
            <tr key={s.id}>
              <Th scope="row">{s.email}</Th>
              <Td>{t(`newsletter.status_${s.status}`)}</Td>
              <Td>{formatWhen(s.consentedAt, locale, t('newsletter.notConsented'))}</Td>
              <Td>
                {s.source}
                {s.form ? ` (${s.form})` : ''}
              </Td>
              <Td>{formatWhen(s.createdAt, locale)}</Td>
              <Td>
                {t(`newsletter.sync_${s.syncStatus}`)}
                {s.syncedAt ? ` (${formatWhen(s.syncedAt, locale)})` : ''}
                {s.syncStatus === 'failed' && s.syncLastError ? (
                  <span className="block text-danger">{t('lastError', { error: s.syncLastError })}</span>
                ) : null}
              </Td>
              <Td>
                <div className="flex flex-wrap gap-2">
                  {s.status !== 'pending' ? (
                    <StaffForm action={resyncSubscriberAction} locale={locale} fields={fields(s.id)}>
                      <StaffSubmit variant="outline">
                        {t('newsletter.resync')}
                        <span className="sr-only">: {s.email}</span>
                      </StaffSubmit>
                    </StaffForm>
                  ) : null}
                  {s.status !== 'unsubscribed' ? (
                    <StaffForm
                      action={unsubscribeSubscriberAction}
                      locale={locale}
                      fields={fields(s.id)}
                      confirm={t('newsletter.confirmUnsubscribe', { email: s.email })}
                    >
                      <StaffSubmit variant="danger">
                        {t('newsletter.unsubscribe')}
                        <span className="sr-only">: {s.email}</span>
                      </StaffSubmit>
                    </StaffForm>
                  ) : null}
                </div>
              </Td>
            </tr>
          ))}
        </ScrollTable>
      )}
    </>
  );
}
