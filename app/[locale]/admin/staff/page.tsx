import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';

import { AdminPage } from '@/components/back-office/admin-page';
import { Notice } from '@/components/back-office/notice';
import { RoleGrantForm, RoleHolders } from '@/components/back-office/staff-roles';
import { localeParam } from '@/i18n/params';
import { requireStaff } from '@/lib/auth';
import { adminMetadata, staffPage } from '@/lib/back-office';

type Props = PageProps<'/[locale]/admin/staff'>;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return adminMetadata(await localeParam(params), '/admin/staff', { title: 'admin.staff.title' });
}

/**
 * Staff (issue 17 item 2), admins only (`requireStaff({ role: 'admin' })`: staff get the 403 page): who holds a
 * back-office role, and forms to grant, change or revoke one by email (setRoleAction, with the admin's password;
 * the last admin stays).
 */
export default async function StaffPage({ params, searchParams }: Props) {
  const locale = await localeParam(params);
  const me = await requireStaff({ locale, next: '/admin/staff', role: 'admin' });
  const [t, { holders, envAdmins }] = await Promise.all([
    getTranslations({ locale, namespace: 'admin' }),
    staffPage(),
  ]);
  return (
    <AdminPage title={t('staff.title')} description={t('staff.description')}>
      <Notice locale={locale} query={await searchParams} />
      <RoleGrantForm locale={locale} />
      <RoleHolders locale={locale} holders={holders} me={me.id} envAdmins={envAdmins} />
    </AdminPage>
  );
}
