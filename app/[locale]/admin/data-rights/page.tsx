import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';

import { AdminPage } from '@/components/back-office/admin-page';
import { DataRightsPanel } from '@/components/data-rights/data-rights-panel';
import { localeParam } from '@/i18n/params';
import { ScopedClientMessages } from '@/i18n/scoped-client-messages';
import { adminMetadata } from '@/lib/back-office';
import { requireStaff } from '@/lib/auth';

export async function generateMetadata({
  params,
}: PageProps<'/[locale]/admin/data-rights'>): Promise<Metadata> {
  return adminMetadata(await localeParam(params), '/admin/data-rights', {
    title: 'DataRights.title',
    description: 'DataRights.description',
  });
}

/**
 * /admin/data-rights (issue 17 item 7, UK GDPR): an admin looks a person up by email, sees every row held about
 * them, downloads it as JSON and erases it. Admins only (not staff): signed out → sign-in with `next`, signed in
 * without the admin role → a real 403; checked again in every action and in the export handler. Reads cookies,
 * so it renders per request.
 */
export default async function DataRightsPage({ params }: PageProps<'/[locale]/admin/data-rights'>) {
  const locale = await localeParam(params);
  await requireStaff({ locale, next: '/admin/data-rights', role: 'admin' });
  const t = await getTranslations({ locale, namespace: 'DataRights' });
  return (
    <AdminPage title={t('title')} description={t('description')}>
      <ScopedClientMessages locale={locale} namespaces={['DataRights']}>
        <DataRightsPanel exportUrl="/api/admin/data-rights/export" />
      </ScopedClientMessages>
    </AdminPage>
  );
}
