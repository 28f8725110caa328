import { getTranslations } from 'next-intl/server';

import { FilterForm } from '@/components/ui/filter-form';
import { ScrollTable, Td, Th } from '@/components/ui/table';
import { Link } from '@/i18n/client';
import type { Locale } from '@/i18n/routing';
import {
  SUBSCRIBER_STATUSES,
  type SubscriberFilterInput,
  filterQuery,
  formatWhen,
  getLabels,
  personHref,
  type subscribersPage,
} from '@/lib/back-office';
import {
  resyncSubscriberAction,
  resyncSubscribersAction,
  unsubscribeSubscriberAction,
} from '@/lib/back-office/actions';

import { ListPager } from './list-pager';
import { StaffForm, StaffSubmit } from './staff-form';

type Subscribers = Awaited<ReturnType<typeof subscribersPage>>;

/** The id of the bulk form the rows' checkboxes belong to. */
const BULK_FORM = 'newsletter-bulk';

function newsletterHref(filter: SubscriberFilterInput, page: number): string {
  const query = filterQuery({ ...filter, page: page > 1 ? page : undefined });
  return `/admin/newsletter${query ? `?${query}` : ''}`;
}

/** The newsletter list's filters (components/ui FilterForm): text in the address and the status; Clear when set. */
export async function NewsletterFilters({
  locale,
  filter,
}: {
  locale: Locale;
  filter: SubscriberFilterInput;
}) {
  const [t, l, label] = await Promise.all([
    getTranslations({ locale, namespace: 'AdminLists' }),
    getTranslations({ locale, namespace: 'BackOffice.lists' }),
    getLabels(locale),
  ]);
  const active = filterQuery({ ...filter, page: undefined }) !== '';
  return (
    <FilterForm
      id="newsletter-filters"
      layout="toolbar"
      label={l('filtersNewsletter')}
      search={{ label: l('searchNewsletter'), value: filter.q, maxLength: 200 }}
      selects={[
        {
          name: 'status',
          label: t('newsletter.colStatus'),
          value: filter.status,
          any: t('any'),
          options: SUBSCRIBER_STATUSES.map((s) => ({ value: s, label: label('subscriberStatus', s) })),
        },
      ]}
      submitLabel={t('applyFilters')}
      clear={active ? { href: '/admin/newsletter', label: t('clearFilters') } : undefined}
    />
  );
}

/**
 * What to do with the ticked rows: resync them to the mailing provider (a StaffForm posting to
 * `resyncSubscribersAction`) or download them as CSV (the same form sent as GET to the export route).
 */
export async function NewsletterBulk({ locale, filter }: { locale: Locale; filter: SubscriberFilterInput }) {
  const l = await getTranslations({ locale, namespace: 'BackOffice.lists' });
  return (
    <StaffForm
      id={BULK_FORM}
      action={resyncSubscribersAction}
      locale={locale}
      fields={{ return: filterQuery(filter) }}
      aria-label={l('selectionHeading')}
      className="flex flex-wrap items-end gap-3 rounded-xl border border-border p-4"
    >
      <p className="w-full font-semibold">
        {l('selectionHeading')}
        <span className="block font-normal text-muted">{l('selectionHint')}</span>
      </p>
      <StaffSubmit variant="outline">{l('resyncSelection')}</StaffSubmit>
      <button
        type="submit"
        formAction="/api/admin/newsletter/export"
        formMethod="get"
        name="selection"
        value="1"
        className="btn btn-outline btn-sm rounded-lg"
      >
        {l('exportSelection')}
      </button>
    </StaffForm>
  );
}

/** One page of subscribers with their consent and sync state, each with Resync and Unsubscribe (asked first). */
export async function NewsletterTable({
  locale,
  filter,
  list,
}: {
  locale: Locale;
  filter: SubscriberFilterInput;
  list: Subscribers;
}) {
  const [t, l, label] = await Promise.all([
    getTranslations({ locale, namespace: 'AdminLists' }),
    getTranslations({ locale, namespace: 'BackOffice.lists' }),
    getLabels(locale),
  ]);
  const pages = Math.max(1, Math.ceil(list.total / list.pageSize));
  const from = list.total === 0 ? 0 : (list.page - 1) * list.pageSize + 1;
  const to = Math.min(list.total, list.page * list.pageSize);
  const back = filterQuery({ ...filter, page: list.page > 1 ? list.page : undefined });
  const fields = (id: string) => ({ id, return: back });
  return (
    <>
      <p>
        {list.provider ? t('newsletter.provider', { provider: list.provider }) : t('newsletter.noProvider')}
      </p>
      <p aria-live="polite">{l('range', { from, to, total: list.total })}</p>
      {list.rows.length === 0 ? (
        <p>{t('newsletter.none')}</p>
      ) : (
        <ScrollTable
          wide
          label={t('newsletter.title')}
          caption={t('newsletter.caption')}
          columns={[
            <span key="select" className="sr-only">
              {l('colSelect')}
            </span>,
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
            <tr key={s.id} data-testid={`subscriber-${s.id}`}>
              <Td>
                <input
                  type="checkbox"
                  name="ids"
                  value={s.id}
                  form={BULK_FORM}
                  aria-label={l('select', { name: s.email })}
                  className="size-5"
                />
              </Td>
              <Th scope="row">
                <Link
                  href={personHref('subscriber', s.id)}
                  className="text-brand underline underline-offset-4"
                >
                  {s.email}
                </Link>
              </Th>
              <Td>{label('subscriberStatus', s.status)}</Td>
              <Td>{formatWhen(s.consentedAt, locale, t('newsletter.notConsented'))}</Td>
              <Td>
                {label('source', s.source)}
                {s.form ? ` (${label('form', s.form)})` : ''}
              </Td>
              <Td>{formatWhen(s.createdAt, locale)}</Td>
              <Td>
                {label('syncStatus', s.syncStatus)}
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
      <ListPager
        page={list.page}
        pages={pages}
        href={(page) => newsletterHref(filter, page)}
        labels={{
          nav: l('pages'),
          previous: l('previous'),
          next: l('next'),
          pageOf: l('pageOf', { page: list.page, pages }),
        }}
      />
    </>
  );
}
