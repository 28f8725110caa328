import { getTranslations } from 'next-intl/server';

import { ScrollTable, Td, Th } from '@/components/ui/table';
import type { Locale } from '@/i18n/routing';
import { type LogsFilter, formatWhen, type logsPage } from '@/lib/back-office';

import { AdminSection } from './admin-page';

type Logs = ReturnType<typeof logsPage>;

/** A webhook call's result code as its message key ('invalid-signature' → 'invalidSignature'). */
const RESULT_KEYS = new Set([
  'revalidated',
  'expired',
  'rateLimited',
  'invalidSignature',
  'tooLarge',
  'replay',
  'invalidBody',
]);

/**
 * The three logs of this server process: blocked requests, content webhook calls, server errors; with a filter,
 * only the chosen log, and 'nothing matches' where a search left a log empty. Kinds and results are translated
 * (an unknown result code is shown as it is).
 */
export async function LogsTables({
  locale,
  logs,
  filter,
}: {
  locale: Locale;
  logs: Logs;
  filter: LogsFilter;
}) {
  const t = await getTranslations({ locale, namespace: 'AdminLists.logs' });
  const { screening, webhook, errors } = logs;
  const none = (key: 'noneScreening' | 'noneWebhook' | 'noneErrors') => (filter.q ? t('noMatch') : t(key));
  const result = (code: string) => {
    const key = code.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
    return RESULT_KEYS.has(key) ? t(`results.${key}` as 'results.revalidated') : code;
  };
  const shown = (log: NonNullable<LogsFilter['log']>) => !filter.log || filter.log === log;
  return (
    <>
      {shown('screening') ? (
        <AdminSection
          id="screening-heading"
          title={t('screeningHeading', { count: screening.length, limit: logs.limits.screening })}
        >
          {screening.length === 0 ? (
            <p>{none('noneScreening')}</p>
          ) : (
            <ScrollTable
              caption={t('screeningCaption')}
              columns={[t('colTime'), t('colAddress'), t('colPath'), t('colBucket')]}
            >
              {screening.map((e, i) => (
                <tr key={`${e.at}-${i}`}>
                  <Td>{formatWhen(e.at, locale)}</Td>
                  <Td className="font-mono">{e.ip}</Td>
                  <Th scope="row" className="font-mono font-normal">
                    {e.path}
                  </Th>
                  <Td>{t(`buckets.${e.bucket}`)}</Td>
                </tr>
              ))}
            </ScrollTable>
          )}
        </AdminSection>
      ) : null}
      {shown('webhook') ? (
        <AdminSection id="webhook-heading" title={t('webhookHeading', { count: webhook.length })}>
          {webhook.length === 0 ? (
            <p>{none('noneWebhook')}</p>
          ) : (
            <ScrollTable
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
              {webhook.map((e, i) => (
                <tr key={`${e.at}-${i}`}>
                  <Td>{formatWhen(e.at, locale)}</Td>
                  <Th scope="row" className="font-normal">
                    {e.status} {result(e.result)}
                  </Th>
                  <Td>{e.action ?? '—'}</Td>
                  <Td>{e.postType ?? '—'}</Td>
                  <Td className="font-mono">{e.slug ?? '—'}</Td>
                  <Td>{e.tags ?? '—'}</Td>
                </tr>
              ))}
            </ScrollTable>
          )}
        </AdminSection>
      ) : null}
      {shown('errors') ? (
        <AdminSection id="errors-heading" title={t('errorsHeading', { count: errors.length })}>
          {errors.length === 0 ? (
            <p>{none('noneErrors')}</p>
          ) : (
            <ScrollTable
              caption={t('errorsCaption')}
              columns={[t('colTime'), t('colRequest'), t('colRoute'), t('colError'), t('colReference')]}
            >
              {errors.map((e, i) => (
                <tr key={`${e.at}-${i}`}>
                  <Td>{formatWhen(e.at, locale)}</Td>
                  <Th scope="row" className="font-mono font-normal">
                    {e.source === 'log' ? t('fromLog') : `${e.method} ${e.path}`}
                  </Th>
                  <Td className="font-mono">
                    {e.route ?? '—'}
                    {e.routeType ? ` (${e.routeType})` : ''}
                  </Td>
                  <Td className="max-w-md">
                    <span className="font-semibold">{e.type}</span>: {e.message}
                  </Td>
                  <Td className="font-mono">{e.digest ?? e.requestId ?? '—'}</Td>
                </tr>
              ))}
            </ScrollTable>
          )}
        </AdminSection>
      ) : null}
    </>
  );
}
