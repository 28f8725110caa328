import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';

import { AdminPage } from '@/components/back-office/admin-page';
import { LogsTables } from '@/components/back-office/logs-tables';
import { FilterForm } from '@/components/ui/filter-form';
import { localeParam } from '@/i18n/params';
import { requireStaff } from '@/lib/auth';
import { LOG_KINDS, adminMetadata, logsPage, parseLogsFilter } from '@/lib/back-office';

type Props = PageProps<'/[locale]/admin/logs'>;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return adminMetadata(await localeParam(params), '/admin/logs', {
    title: 'AdminLists.logs.title',
    description: 'AdminLists.logs.description',
  });
}

const LOG_LABEL = { screening: 'logScreening', webhook: 'logWebhook', errors: 'logErrors' } as const;

/**
 * Logs (issue 17 item 6), admins only (`requireStaff` with role 'admin': staff get 403): the screening log (the
 * last blocked requests, docs/SPEC-NOTES.md §9, addresses masked), the content webhook's calls and the last server
 * errors, the bounded records of this server process (lib/back-office/logs.ts), searchable (`q`: any field) and
 * narrowed to one log (`log`) by a GET filter form. Nothing personal beyond a masked address.
 */
export default async function LogsPage({ params, searchParams }: Props) {
  const locale = await localeParam(params);
  await requireStaff({ locale, next: '/admin/logs', role: 'admin' });
  const filter = parseLogsFilter(await searchParams);
  const t = await getTranslations({ locale, namespace: 'AdminLists' });
  const logs = logsPage(filter);
  const filtered = Boolean(filter.q || filter.log);
  return (
    <AdminPage title={t('logs.title')} description={t('logs.description')}>
      <p>{t('logs.perProcess', { limit: logs.limits.recent })}</p>
      <FilterForm
        id="logs-filter"
        layout="toolbar"
        label={t('logs.filterLabel')}
        search={{ label: t('logs.search'), value: filter.q, maxLength: 200 }}
        selects={[
          {
            name: 'log',
            label: t('logs.show'),
            value: filter.log,
            any: t('logs.allLogs'),
            options: LOG_KINDS.map((kind) => ({ value: kind, label: t(`logs.${LOG_LABEL[kind]}`) })),
          },
        ]}
        submitLabel={t('applyFilters')}
        clear={filtered ? { href: '/admin/logs', label: t('clearFilters') } : undefined}
      />
      <LogsTables locale={locale} logs={logs} filter={filter} />
    </AdminPage>
  );
}
