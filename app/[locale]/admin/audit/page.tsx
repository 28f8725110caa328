import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';

import { AdminPage } from '@/components/back-office/admin-page';
import { AuditFilters, AuditTable } from '@/components/back-office/audit-list';
import { localeParam } from '@/i18n/params';
import { requireStaff } from '@/lib/auth';
import { adminMetadata, auditPage, parseAuditQuery } from '@/lib/back-office';

type Props = PageProps<'/[locale]/admin/audit'>;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return adminMetadata(await localeParam(params), '/admin/audit', { title: 'BackOffice.audit.title' });
}

/**
 * The audit trail (back-office review D8), admins only (`requireStaff({ role: 'admin' })`: staff get the 403 page):
 * who did what to whom and when in the back office, newest first, filtered by who, what, to whom or what and a
 * range of days, 50 entries a page (lib/back-office/audit.ts).
 */
export default async function AuditPage({ params, searchParams }: Props) {
  const locale = await localeParam(params);
  await requireStaff({ locale, next: '/admin/audit', role: 'admin' });
  const query = parseAuditQuery(await searchParams);
  const [t, trail] = await Promise.all([
    getTranslations({ locale, namespace: 'BackOffice.audit' }),
    auditPage(query),
  ]);
  return (
    <AdminPage title={t('title')} description={t('description')}>
      <AuditFilters locale={locale} query={query} actions={trail.actions} />
      <AuditTable locale={locale} query={query} rows={trail.rows} total={trail.total} pages={trail.pages} />
    </AdminPage>
  );
}
