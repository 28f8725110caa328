import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';

import { AdminPage } from '@/components/back-office/admin-page';
import { Notice } from '@/components/back-office/notice';
import { RoleGrantForm, RoleHolders } from '@/components/back-office/staff-roles';
import { localeParam } from '@/i18n/params';
import { requireStaff } from '@/lib/auth';
import { adminMetadata, parseStaffSearch, staffPage } from '@/lib/back-office';

type Props = PageProps<'/[locale]/admin/staff'>;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return adminMetadata(await localeParam(params), '/admin/staff', { title: 'admin.staff.title' });
}

/**
 * Staff (issue 17 item 2, back-office review D18), admins only (`requireStaff({ role: 'admin' })`: staff get the
 * 403 page): everyone who may use the back office, the ADMIN_EMAILS admins included, searchable by email, and forms
 * to grant, change or revoke a role by email (setRoleAction, with the admin's password; the last admin stays, and
 * an ADMIN_EMAILS admin is changed on the server only).
 */
export default async function StaffPage({ params, searchParams }: Props) {
  const locale = await localeParam(params);
  const me = await requireStaff({ locale, next: '/admin/staff', role: 'admin' });
  const query = await searchParams;
  const q = parseStaffSearch(query);
  const [t, { members, total, envAdmins }] = await Promise.all([
    getTranslations({ locale, namespace: 'admin' }),
    staffPage(q),
  ]);
  return (
    <AdminPage title={t('staff.title')} description={t('staff.description')}>
      <Notice locale={locale} query={query} />
      <RoleGrantForm locale={locale} />
      <RoleHolders locale={locale} members={members} total={total} q={q} me={me.id} envAdmins={envAdmins} />
    </AdminPage>
  );
}
