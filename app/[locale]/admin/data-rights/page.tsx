import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';

import { AdminPage } from '@/components/back-office/admin-page';
import { DataRightsPanel } from '@/components/data-rights/data-rights-panel';
import { RequestLog } from '@/components/data-rights/request-log';
import { localeParam } from '@/i18n/params';
import { ScopedClientMessages } from '@/i18n/scoped-client-messages';
import { adminMetadata, dataRightsRequestsPage, queryRecord } from '@/lib/back-office';
import { requireStaff } from '@/lib/auth';

type Props = PageProps<'/[locale]/admin/data-rights'>;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return adminMetadata(await localeParam(params), '/admin/data-rights', {
    title: 'DataRights.title',
    description: 'DataRights.description',
  });
}

/**
 * /admin/data-rights (issue 17 item 7, UK GDPR): an admin looks a person up by email, sees every row held about
 * them (translated labels, local times: D14), downloads it as JSON and erases it; below, the request log (what was
 * asked, how identity was checked, the one-month deadline; docs/DATA-RIGHTS.md). Admins only (not staff): signed
 * out → sign-in with `next`, signed in without the admin role → a real 403; checked again in every action and in
 * the export handler. Reads cookies, so it renders per request.
 */
export default async function DataRightsPage({ params, searchParams }: Props) {
  const locale = await localeParam(params);
  await requireStaff({ locale, next: '/admin/data-rights', role: 'admin' });
  const query = queryRecord(await searchParams);
  const [t, log] = await Promise.all([
    getTranslations({ locale, namespace: 'DataRights' }),
    dataRightsRequestsPage(),
  ]);
  return (
    <AdminPage title={t('title')} description={t('description')}>
      <ScopedClientMessages locale={locale} namespaces={['DataRights']}>
        <DataRightsPanel exportUrl="/api/admin/data-rights/export" />
      </ScopedClientMessages>
      <RequestLog locale={locale} requests={log.requests} notice={query.request} today={log.today} />
    </AdminPage>
  );
}
