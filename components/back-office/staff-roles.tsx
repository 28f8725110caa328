import { getTranslations } from 'next-intl/server';

import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { FilterForm } from '@/components/ui/filter-form';
import { ScrollTable, Td } from '@/components/ui/table';
import { Link } from '@/i18n/navigation';
import type { Locale } from '@/i18n/routing';
import { type BackOfficeMember, formatWhen, personHref } from '@/lib/back-office';
import { setRoleAction } from '@/lib/back-office/actions';

import { AdminSection } from './admin-page';
import { StaffForm, StaffSubmit } from './staff-form';

/** The grant form: an account's email, the role, and the admin's own password (step-up). */
export async function RoleGrantForm({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: 'admin' });
  return (
    <AdminSection id="staff-grant" title={t('staff.grantHeading')}>
      <StaffForm action={setRoleAction} locale={locale} className="flex flex-wrap items-end gap-3">
        <label className="flex min-w-0 flex-col gap-1">
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
        <label className="flex min-w-0 flex-col gap-1">
          <span className="font-medium">{t('staff.password')}</span>
          <Input name="password" type="password" required autoComplete="current-password" compact />
        </label>
        <StaffSubmit>{t('staff.submit')}</StaffSubmit>
      </StaffForm>
      <p className="text-sm text-muted">
        {t('staff.grantHelp')} {t('staff.passwordHelp')}
      </p>
    </AdminSection>
  );
}

/** The staff list's search (part of an email), a GET form; Show everyone clears it. */
export async function StaffSearch({ locale, q }: { locale: Locale; q?: string }) {
  const t = await getTranslations({ locale, namespace: 'admin' });
  return (
    <FilterForm
      id="staff-search"
      label={t('staff.searchLabel')}
      layout="toolbar"
      search={{ label: t('staff.search'), value: q, maxLength: 200 }}
      submitLabel={t('staff.searchSubmit')}
      clear={q ? { href: '/admin/staff', label: t('staff.clear') } : undefined}
    />
  );
}

/**
 * Everyone who may use the back office (D18: the ADMIN_EMAILS admins with an account too), each linked to their
 * person page; a role holder with Make admin/staff and Remove role (a disclosure, <details>, so it opens without
 * JavaScript, holding a small form with the admin's password; Remove role asks first); an ADMIN_EMAILS admin with
 * the note that the server's setting decides. With a search, a count of the matches.
 */
export async function RoleHolders({
  locale,
  members,
  total,
  q,
  me,
  envAdmins,
}: {
  locale: Locale;
  members: BackOfficeMember[];
  total: number;
  q?: string;
  me: string;
  envAdmins: readonly string[];
}) {
  const t = await getTranslations({ locale, namespace: 'admin' });
  const change = (email: string, role: 'admin' | 'staff' | 'none', label: string) => (
    <details className="rounded-md border border-border px-2 py-1">
      <summary className="cursor-pointer font-medium">
        {label}
        <span className="sr-only"> ({email})</span>
      </summary>
      <StaffForm
        action={setRoleAction}
        locale={locale}
        fields={{ email, role }}
        confirm={role === 'none' ? t('staff.confirmRemove', { email }) : undefined}
        className="mt-2 flex flex-wrap items-end gap-2"
      >
        <label className="flex min-w-0 flex-col gap-1">
          <span className="text-sm">{t('staff.password')}</span>
          <Input name="password" type="password" required autoComplete="current-password" compact />
        </label>
        <StaffSubmit variant="outline">
          {t('staff.confirmChange')}
          <span className="sr-only">
            {' '}
            {label} ({email})
          </span>
        </StaffSubmit>
      </StaffForm>
    </details>
  );
  return (
    <AdminSection id="staff-list" title={t('staff.listHeading')}>
      <StaffSearch locale={locale} q={q} />
      {q ? (
        <p role="status" className="text-sm text-muted">
          {t('staff.matching', { count: members.length })}
        </p>
      ) : null}
      {members.length === 0 ? (
        <p>{total === 0 ? t('staff.empty') : t('staff.noMatch')}</p>
      ) : (
        <ScrollTable
          caption={t('staff.listHeading')}
          columns={[t('staff.email'), t('staff.role'), t('staff.since'), t('staff.actions')]}
        >
          {members.map((m) => {
            const other = m.role === 'admin' ? 'staff' : 'admin';
            return (
              <tr key={m.userId}>
                <Td>
                  {m.email ? (
                    <Link
                      href={personHref('user', m.userId)}
                      prefetch={false}
                      className="text-brand underline underline-offset-4"
                    >
                      {m.email}
                    </Link>
                  ) : (
                    t('staff.noAccount')
                  )}
                  {m.userId === me ? ` ${t('staff.you')}` : ''}
                </Td>
                <Td>{m.envAdmin ? t('staff.envAdmin') : t(`roles.${m.role}`)}</Td>
                <Td>{formatWhen(m.since, locale)}</Td>
                <Td>
                  {m.envAdmin ? (
                    <span className="text-sm text-muted">{t('staff.envAdminHelp')}</span>
                  ) : m.email ? (
                    <div className="flex flex-wrap gap-2">
                      {change(m.email, other, t(other === 'admin' ? 'staff.makeAdmin' : 'staff.makeStaff'))}
                      {change(m.email, 'none', t('staff.remove'))}
                    </div>
                  ) : null}
                </Td>
              </tr>
            );
          })}
        </ScrollTable>
      )}
      {envAdmins.length > 0 ? (
        <p className="text-sm text-muted">{t('staff.envAdmins', { emails: envAdmins.join(', ') })}</p>
      ) : null}
    </AdminSection>
  );
}
