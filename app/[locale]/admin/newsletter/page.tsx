import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';

import { AdminPage } from '@/components/admin/admin-page';
import {
  NoticeRegion,
  ScrollTable,
  buttonClass,
  dangerButtonClass,
  formatWhen,
  inputClass,
  tdClass,
} from '@/components/back-office/parts';
import { ButtonLink } from '@/components/ui/button-link';
import { localeParam } from '@/i18n/params';
import { adminMetadata } from '@/lib/admin/metadata';
import { requireStaff } from '@/lib/auth';
import { parseSubscriberFilter, queryRecord } from '@/lib/back-office/handlers';
import { noticeOf } from '@/lib/back-office/notice';
import { BACK_OFFICE_ROW_LIMIT, SUBSCRIBER_STATUSES, getDb, listSubscribers } from '@/lib/db';
import { mailingProvider } from '@/lib/mailing';

import { resyncSubscriberAction, unsubscribeSubscriberAction } from '@/lib/back-office/actions';

type Props = PageProps<'/[locale]/admin/newsletter'>;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return adminMetadata(await localeParam(params), '/admin/newsletter', {
    title: 'AdminLists.newsletter.title',
    description: 'AdminLists.newsletter.description',
  });
}

/**
 * Newsletter subscribers (issue 17 item 4), staff and admins (`requireStaff` first): status (pending, active,
 * unsubscribed), consent time, source and the mailing provider's sync state with its last error; filter by
 * status, export as CSV (/api/admin/newsletter/export), unsubscribe someone on their behalf, or resync one to the
 * provider now (forms posting to lib/back-office/actions.ts).
 */
export default async function NewsletterAdminPage({ params, searchParams }: Props) {
  const locale = await localeParam(params);
  await requireStaff({ locale, next: '/admin/newsletter' });
  const query = queryRecord(await searchParams);
  const filter = parseSubscriberFilter(query);
  const rows = await listSubscribers(await getDb(), filter);
  const t = await getTranslations({ locale, namespace: 'AdminLists' });
  const notice = noticeOf(query);
  const filterQuery = filter.status ? `status=${filter.status}` : '';
  const provider = mailingProvider();
  const statusLabel = (s: string) => t(`newsletter.status_${s}` as 'newsletter.status_active');
  const syncLabel = (s: string) => t(`newsletter.sync_${s}` as 'newsletter.sync_synced');

  return (
    <AdminPage
      title={t('newsletter.title')}
      description={t('newsletter.description')}
      actions={
        <ButtonLink
          href={`/api/admin/newsletter/export${filterQuery ? `?${filterQuery}` : ''}`}
          external
          download
          size="sm"
        >
          {t('exportCsv')}
        </ButtonLink>
      }
    >
      <NoticeRegion notice={notice ? { ok: notice.ok, text: t(`notice.${notice.key}`) } : null} />
      <p>{provider ? t('newsletter.provider', { provider }) : t('newsletter.noProvider')}</p>
      <form method="get" className="flex flex-wrap items-end gap-4 rounded-xl border border-border p-4">
        <div>
          <label htmlFor="filter-status" className="block font-medium">
            {t('newsletter.colStatus')}
          </label>
          <select id="filter-status" name="status" defaultValue={filter.status ?? ''} className={inputClass}>
            <option value="">{t('any')}</option>
            {SUBSCRIBER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {statusLabel(s)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={buttonClass}>
          {t('applyFilters')}
        </button>
      </form>
      <p>
        {t('shown', { count: rows.length })}
        {rows.length >= BACK_OFFICE_ROW_LIMIT ? ` ${t('limitNote', { limit: BACK_OFFICE_ROW_LIMIT })}` : ''}
      </p>
      {rows.length === 0 ? (
        <p>{t('newsletter.none')}</p>
      ) : (
        <ScrollTable
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
          <tbody>
            {rows.map((s) => (
              <tr key={s.id}>
                <th scope="row" className={`${tdClass} font-semibold`}>
                  {s.email}
                </th>
                <td className={tdClass}>{statusLabel(s.status)}</td>
                <td className={tdClass}>{formatWhen(s.consentedAt, locale, t('newsletter.notConsented'))}</td>
                <td className={tdClass}>
                  {s.source}
                  {s.form ? ` (${s.form})` : ''}
                </td>
                <td className={tdClass}>{formatWhen(s.createdAt, locale)}</td>
                <td className={tdClass}>
                  {syncLabel(s.syncStatus)}
                  {s.syncedAt ? ` (${formatWhen(s.syncedAt, locale)})` : ''}
                  {s.syncStatus === 'failed' && s.syncLastError ? (
                    <span className="block text-danger">{t('lastError', { error: s.syncLastError })}</span>
                  ) : null}
                </td>
                <td className={tdClass}>
                  <div className="flex flex-wrap gap-2">
                    {s.status !== 'pending' ? (
                      <form action={resyncSubscriberAction}>
                        <input type="hidden" name="locale" value={locale} />
                        <input type="hidden" name="id" value={s.id} />
                        <input type="hidden" name="return" value={filterQuery} />
                        <button type="submit" className={buttonClass}>
                          {t('newsletter.resync')}
                          <span className="sr-only">: {s.email}</span>
                        </button>
                      </form>
                    ) : null}
                    {s.status !== 'unsubscribed' ? (
                      <form action={unsubscribeSubscriberAction}>
                        <input type="hidden" name="locale" value={locale} />
                        <input type="hidden" name="id" value={s.id} />
                        <input type="hidden" name="return" value={filterQuery} />
                        <button type="submit" className={dangerButtonClass}>
                          {t('newsletter.unsubscribe')}
                          <span className="sr-only">: {s.email}</span>
                        </button>
                      </form>
                    ) : null}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      )}
    </AdminPage>
  );
}
