import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';

import { AdminPage } from '@/components/back-office/admin-page';
import { LogsTables } from '@/components/back-office/logs-tables';
import { localeParam } from '@/i18n/params';
import { requireStaff } from '@/lib/auth';
import { adminMetadata, logsPage } from '@/lib/back-office';

type Props = PageProps<'/[locale]/admin/logs'>;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return adminMetadata(await localeParam(params), '/admin/logs', {
    title: 'AdminLists.logs.title',
    description: 'AdminLists.logs.description',
  });
}

/**
 * Logs (issue 17 item 6), admins only (`requireStaff` with role 'admin': staff get 403): the screening log (the
 * last blocked requests, docs/SPEC-NOTES.md §9, addresses masked), the content webhook's calls and the last server
 * errors: the bounded records of this server process (lib/back-office/logs.ts). Nothing personal beyond a
 * masked address.
 */
export default async function LogsPage({ params }: Props) {
  const locale = await localeParam(params);
  await requireStaff({ locale, next: '/admin/logs', role: 'admin' });
  const t = await getTranslations({ locale, namespace: 'AdminLists.logs' });
  const logs = logsPage();
  return (
    <AdminPage title={t('title')} description={t('description')}>
      <p>{t('perProcess', { limit: logs.limits.recent })}</p>
      <LogsTables locale={locale} logs={logs} />
    </AdminPage>
  );
}
