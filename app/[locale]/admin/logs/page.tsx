import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';

import { AdminPage, AdminSection } from '@/components/admin/admin-page';
import { ScrollTable, formatWhen, tdClass } from '@/components/back-office/parts';
import { localeParam } from '@/i18n/params';
import { adminMetadata } from '@/lib/admin/metadata';
import { requireStaff } from '@/lib/auth';
import { RECENT_LIMIT, recentServerErrors, webhookLog } from '@/lib/log/recent';
import { SCREENING_LOG_LIMIT, screeningLog } from '@/lib/screening';

type Props = PageProps<'/[locale]/admin/logs'>;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return adminMetadata(await localeParam(params), '/admin/logs', {
    title: 'AdminLists.logs.title',
    description: 'AdminLists.logs.description',
  });
}

/**
 * Logs (issue 17 item 6), admins only (`requireStaff` with role 'admin': staff get 403): the screening log (the
 * last 100 blocked requests, docs/SPEC-NOTES.md §9, addresses masked), the content webhook's calls (time, action,
 * post type, slug, result) and the last server errors (type, short message, route): the bounded records of this
 * server process (lib/log/recent.ts, lib/screening/log.ts). Nothing personal beyond a masked address.
 */
export default async function LogsPage({ params }: Props) {
  const locale = await localeParam(params);
  await requireStaff({ locale, next: '/admin/logs', role: 'admin' });
  const t = await getTranslations({ locale, namespace: 'AdminLists.logs' });
  const screening = screeningLog().reverse();
  const webhook = webhookLog();
  const errors = recentServerErrors();

  return (
    <AdminPage title={t('title')} description={t('description')}>
      <p>{t('perProcess', { limit: RECENT_LIMIT })}</p>
      <AdminSection
        id="screening-heading"
        title={t('screeningHeading', { count: screening.length, limit: SCREENING_LOG_LIMIT })}
      >
        {screening.length === 0 ? (
          <p>{t('noneScreening')}</p>
        ) : (
          <ScrollTable
            label={t('screeningCaption')}
            caption={t('screeningCaption')}
            columns={[t('colTime'), t('colAddress'), t('colPath'), t('colBucket')]}
          >
            <tbody>
              {screening.map((e, i) => (
                <tr key={`${e.at}-${i}`}>
                  <td className={tdClass}>{formatWhen(e.at, locale)}</td>
                  <td className={`${tdClass} font-mono`}>{e.ip}</td>
                  <th scope="row" className={`${tdClass} font-mono font-normal break-all`}>
                    {e.path}
                  </th>
                  <td className={tdClass}>{e.bucket}</td>
                </tr>
              ))}
            </tbody>
          </ScrollTable>
        )}
      </AdminSection>
      <AdminSection id="webhook-heading" title={t('webhookHeading', { count: webhook.length })}>
        {webhook.length === 0 ? (
          <p>{t('noneWebhook')}</p>
        ) : (
          <ScrollTable
            label={t('webhookCaption')}
            caption={t('webhookCaption')}
            columns={[
              t('colTime'),
              t('colResult'),
              t('colAction'),
              t('colPostType'),
              t('colSlug'),
              t('colTags'),
            ]}
          >
            <tbody>
              {webhook.map((e, i) => (
                <tr key={`${e.at}-${i}`}>
                  <td className={tdClass}>{formatWhen(e.at, locale)}</td>
                  <th scope="row" className={`${tdClass} font-normal`}>
                    {e.status} {e.result}
                  </th>
                  <td className={tdClass}>{e.action ?? '—'}</td>
                  <td className={tdClass}>{e.postType ?? '—'}</td>
                  <td className={`${tdClass} font-mono break-all`}>{e.slug ?? '—'}</td>
                  <td className={tdClass}>{e.tags ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </ScrollTable>
        )}
      </AdminSection>
      <AdminSection id="errors-heading" title={t('errorsHeading', { count: errors.length })}>
        {errors.length === 0 ? (
          <p>{t('noneErrors')}</p>
        ) : (
          <ScrollTable
            label={t('errorsCaption')}
            caption={t('errorsCaption')}
            columns={[t('colTime'), t('colRequest'), t('colRoute'), t('colError'), t('colReference')]}
          >
            <tbody>
              {errors.map((e, i) => (
                <tr key={`${e.at}-${i}`}>
                  <td className={tdClass}>{formatWhen(e.at, locale)}</td>
                  <th scope="row" className={`${tdClass} font-mono font-normal break-all`}>
                    {e.source === 'log' ? t('fromLog') : `${e.method} ${e.path}`}
                  </th>
                  <td className={`${tdClass} font-mono`}>
                    {e.route ?? '—'}
                    {e.routeType ? ` (${e.routeType})` : ''}
                  </td>
                  <td className={`${tdClass} max-w-md break-words`}>
                    <span className="font-semibold">{e.type}</span>: {e.message}
                  </td>
                  <td className={`${tdClass} font-mono`}>{e.digest ?? e.requestId ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </ScrollTable>
        )}
      </AdminSection>
    </AdminPage>
  );
}
