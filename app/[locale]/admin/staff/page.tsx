import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';

import { AdminNotice } from '@/components/admin/admin-notice';
import { AdminPage, AdminSection } from '@/components/admin/admin-page';
import { adminTable } from '@/components/admin/styles';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { localeParam } from '@/i18n/params';
import { formatDateTime } from '@/lib/admin/format';
import { adminMetadata } from '@/lib/admin/metadata';
import { authKind, requireStaff } from '@/lib/auth';
import { env } from '@/lib/config/env';
import { getDb, listRoleHolders } from '@/lib/db';

import { setRoleAction } from '@/lib/back-office/actions';

export async function generateMetadata({ params }: PageProps<'/[locale]/admin/staff'>): Promise<Metadata> {
  return adminMetadata(await localeParam(params), '/admin/staff', { title: 'admin.staff.title' });
}

/**
 * Staff (issue 17 item 2), admins only (`requireStaff({ role: 'admin' })`: staff get the 403 page): who holds a
 * back-office role, and a form to grant, change or revoke one by email (setRoleAction; the last admin stays).
 */
export default async function StaffPage({ params, searchParams }: PageProps<'/[locale]/admin/staff'>) {
  const locale = await localeParam(params);
  const me = await requireStaff({ locale, next: '/admin/staff', role: 'admin' });
  const { done, error } = await searchParams;
  const t = await getTranslations({ locale, namespace: 'admin' });
  const holders = await listRoleHolders(await getDb(), { supabase: authKind() === 'supabase' });
  const envAdmins = env().ADMIN_EMAILS ?? [];
  return (
    <AdminPage title={t('staff.title')} description={t('staff.description')}>
      <AdminNotice done={done} error={error} />
      <AdminSection id="staff-grant" title={t('staff.grantHeading')}>
        <form action={setRoleAction} className="flex flex-wrap items-end gap-3">
          <input type="hidden" name="locale" value={locale} />
          <label className="flex flex-col gap-1">
            <span className="font-medium">{t('staff.email')}</span>
            <Input name="email" type="email" required autoComplete="off" compact />
          </label>
          <label className="flex flex-col gap-1">
            <span className="font-medium">{t('staff.role')}</span>
            <Select name="role" defaultValue="staff" compact>
              <option value="staff">{t('roles.staff')}</option>
              <option value="admin">{t('roles.admin')}</option>
              <option value="none">{t('staff.none')}</option>
            </Select>
          </label>
          <label className="flex flex-col gap-1">
            <span className="font-medium">{t('staff.password')}</span>
            <Input name="password" type="password" required autoComplete="current-password" compact />
          </label>
          <Button type="submit" size="sm" shape="rounded">
            {t('staff.submit')}
          </Button>
        </form>
        <p className="text-sm text-muted">
          {t('staff.grantHelp')} {t('staff.passwordHelp')}
        </p>
      </AdminSection>
      <AdminSection id="staff-list" title={t('staff.listHeading')}>
        {holders.length === 0 ? (
          <p>{t('staff.empty')}</p>
        ) : (
          <div className="overflow-x-auto">
            <table className={adminTable}>
              <caption className="sr-only">{t('staff.listHeading')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('staff.email')}</th>
                  <th scope="col">{t('staff.role')}</th>
                  <th scope="col">{t('staff.since')}</th>
                  <th scope="col">{t('staff.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {holders.map((h) => {
                  const email = h.email ?? t('staff.noAccount');
                  const other = h.role === 'admin' ? 'staff' : 'admin';
                  return (
                    <tr key={h.userId}>
                      <td>
                        {email}
                        {h.userId === me.id ? ` ${t('staff.you')}` : ''}
                      </td>
                      <td>{t(`roles.${h.role}`)}</td>
                      <td>{formatDateTime(h.since, locale)}</td>
                      <td>
                        {h.email ? (
                          <div className="flex flex-wrap gap-2">
                            <RoleButton
                              locale={locale}
                              email={h.email}
                              role={other}
                              passwordLabel={t('staff.password')}
                              confirm={t('staff.confirmChange')}
                            >
                              {t(other === 'admin' ? 'staff.makeAdmin' : 'staff.makeStaff')}
                            </RoleButton>
                            <RoleButton
                              locale={locale}
                              email={h.email}
                              role="none"
                              passwordLabel={t('staff.password')}
                              confirm={t('staff.confirmChange')}
                            >
                              {t('staff.remove')}
                            </RoleButton>
                          </div>
                        ) : null}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
        {envAdmins.length > 0 ? (
          <p className="text-sm text-muted">{t('staff.envAdmins', { emails: envAdmins.join(', ') })}</p>
        ) : null}
      </AdminSection>
    </AdminPage>
  );
}

/**
 * A role change for a listed person: a disclosure (<details>, so it opens without JavaScript) holding a tiny form
 * that posts to the same action with the admin's password.
 */
function RoleButton({
  locale,
  email,
  role,
  passwordLabel,
  confirm,
  children,
}: {
  locale: string;
  email: string;
  role: 'admin' | 'staff' | 'none';
  passwordLabel: string;
  confirm: string;
  children: string;
}) {
  return (
    <details className="rounded-md border border-border px-2 py-1">
      <summary className="cursor-pointer font-medium">
        {children}
        <span className="sr-only"> ({email})</span>
      </summary>
      <form action={setRoleAction} className="mt-2 flex flex-wrap items-end gap-2">
        <input type="hidden" name="locale" value={locale} />
        <input type="hidden" name="email" value={email} />
        <input type="hidden" name="role" value={role} />
        <label className="flex flex-col gap-1">
          <span className="text-sm">{passwordLabel}</span>
          <Input name="password" type="password" required autoComplete="current-password" compact />
        </label>
        <Button type="submit" variant="outline" size="sm" shape="rounded">
          {confirm}
          <span className="sr-only">
            {' '}
            {children} ({email})
          </span>
        </Button>
      </form>
    </details>
  );
}
