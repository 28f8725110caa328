import { getTranslations } from 'next-intl/server';

import { StaffForm, StaffSubmit } from '@/components/back-office/staff-form';
import { FILTER_FIELD, FilterSelect } from '@/components/ui/filter-form';
import { ScrollTable, Td } from '@/components/ui/table';
import type { Locale } from '@/i18n/routing';
import { formatWhen } from '@/lib/back-office/shared';
import { formatCalendarDate } from '@/lib/utils/format';
import { closeDataRightsRequestAction, logDataRightsRequestAction } from '@/lib/data-rights/actions';
import type { DataRightsRequest } from '@/lib/data-rights/requests';
import {
  IDENTITY_CHECKS,
  REQUESTERS,
  REQUEST_KINDS,
  REQUEST_NOTICES,
  REQUEST_OUTCOMES,
  type RequestNotice,
  type RequestOutcome,
} from '@/lib/data-rights/shared';

/**
 * The data-rights request log on /admin/data-rights (D14; docs/DATA-RIGHTS.md "Request log"): a form to log a
 * request (what, who asked, how identity was checked, the day received), the notice of the last post, and the
 * log itself with each request's one-month deadline, overdue ones marked, open ones closable. Both forms are
 * StaffForms (single-use key, disabled while pending) posting to lib/data-rights/actions.ts. Server component.
 */
export async function RequestLog({
  locale,
  requests,
  notice,
  today,
}: {
  locale: Locale;
  requests: DataRightsRequest[];
  /** `?request=` of the page (validated here). */
  notice?: string;
  /** UK today, 'YYYY-MM-DD' (the day field's default and maximum). */
  today: string;
}) {
  const t = await getTranslations({ locale, namespace: 'DataRightsRequests' });
  const shown = (REQUEST_NOTICES as readonly string[]).includes(notice ?? '')
    ? (notice as RequestNotice)
    : null;
  const noticeText: Record<RequestNotice, string> = {
    logged: t('logged'),
    closed: t('closed'),
    invalid: t('errorInvalid'),
    'not-open': t('errorNotOpen'),
    server: t('errorServer'),
  };
  const day = (value: string) => formatCalendarDate(value, locale);
  const outcomeText: Record<RequestOutcome, string> = {
    done: t('outcomes.done'),
    refused: t('outcomes.refused'),
    withdrawn: t('outcomes.withdrawn'),
  };
  const options = <T extends string>(values: readonly T[], group: string) =>
    values.map((value) => ({ value, label: t(`${group}.${value}` as never) }));
  return (
    <section
      aria-labelledby="request-log-heading"
      id="request-log"
      className="space-y-4"
      data-testid="request-log"
    >
      <h2 id="request-log-heading" className="text-2xl font-bold">
        {t('heading')}
      </h2>
      <p className="max-w-3xl text-muted">{t('intro')}</p>
      {shown ? (
        <p
          role={shown === 'logged' || shown === 'closed' ? 'status' : 'alert'}
          className={`rounded-lg border p-3 ${shown === 'logged' || shown === 'closed' ? 'border-success' : 'border-danger text-danger'}`}
        >
          {noticeText[shown]}
        </p>
      ) : null}
      <StaffForm
        action={logDataRightsRequestAction}
        locale={locale}
        className="grid gap-4 rounded-xl border border-border p-4 sm:grid-cols-2 lg:grid-cols-5 lg:items-end"
      >
        <FilterSelect name="kind" label={t('kindLabel')} options={options(REQUEST_KINDS, 'kinds')} />
        <FilterSelect
          name="requester"
          label={t('requesterLabel')}
          options={options(REQUESTERS, 'requesters')}
        />
        <FilterSelect
          name="identityCheck"
          label={t('identityLabel')}
          options={options(IDENTITY_CHECKS, 'identity')}
        />
        <label className="block text-sm font-medium">
          {t('receivedLabel')}
          <input
            type="date"
            name="receivedOn"
            required
            defaultValue={today}
            max={today}
            className={FILTER_FIELD}
          />
        </label>
        <StaffSubmit>{t('submit')}</StaffSubmit>
      </StaffForm>
      {requests.length === 0 ? (
        <p>{t('empty')}</p>
      ) : (
        <ScrollTable
          caption={t('caption')}
          wide
          columns={[
            t('colReceived'),
            t('colKind'),
            t('colRequester'),
            t('colIdentity'),
            t('colDue'),
            t('colStatus'),
            t('colLoggedBy'),
          ]}
        >
          {requests.map((r) => (
            <tr key={r.id} data-testid="request-row">
              <Td>{day(r.receivedOn)}</Td>
              <Td>{t(`kinds.${r.kind}`)}</Td>
              <Td>{t(`requesters.${r.requester}`)}</Td>
              <Td>{t(`identity.${r.identityCheck}`)}</Td>
              <Td className={r.overdue ? 'font-semibold text-danger' : undefined}>
                {day(r.dueOn)}
                {r.overdue ? ` (${t('overdue')})` : ''}
              </Td>
              <Td>
                {r.outcome && r.closedAt ? (
                  t('closedOn', { outcome: outcomeText[r.outcome], date: formatWhen(r.closedAt, locale) })
                ) : (
                  <StaffForm
                    action={closeDataRightsRequestAction}
                    locale={locale}
                    fields={{ id: r.id }}
                    className="flex flex-wrap items-end gap-2"
                  >
                    <FilterSelect
                      name="outcome"
                      label={t('closeLabel')}
                      options={options(REQUEST_OUTCOMES, 'outcomes')}
                    />
                    <StaffSubmit variant="outline" size="sm">
                      {t('closeSubmit')}
                    </StaffSubmit>
                  </StaffForm>
                )}
              </Td>
              <Td>{r.loggedBy}</Td>
            </tr>
          ))}
        </ScrollTable>
      )}
    </section>
  );
}
