import { getTranslations } from 'next-intl/server';

import { AdminNav, type AdminNavEntry } from '@/components/back-office/nav';
import { navItemsFor } from '@/components/back-office/nav-items';
import { localeParam } from '@/i18n/params';
import { checkStaff } from '@/lib/auth';
import { unreadEnquiries } from '@/lib/back-office';

/**
 * The back office's frame: a side navigation (components/back-office/nav-items.ts, filtered by role, the inbox
 * with its unread count) beside the page; on wide screens the content column grows with the window. Only staff
 * and admins see the frame; for anyone else it renders the page alone, whose own guard (`requireStaff`) then
 * redirects to sign-in or answers 403, with the page's own `next` path. Reads cookies and the database, so every
 * admin page renders per request.
 */
export default async function AdminLayout({ children, params }: LayoutProps<'/[locale]/admin'>) {
  const locale = await localeParam(params);
  const guard = await checkStaff();
  if (!guard.ok) return children;
  const t = await getTranslations({ locale, namespace: 'admin' });
  const unread = await unreadEnquiries();
  const entries: AdminNavEntry[] = navItemsFor(guard.user.role).map((item) => ({
    href: item.href,
    label: t(`nav.${item.key}`),
    ...(item.badge === 'unreadEnquiries' && unread > 0
      ? { count: unread, countLabel: t('nav.unread', { count: unread }) }
      : {}),
  }));
  return (
    <div className="mx-auto grid max-w-screen-2xl gap-8 px-4 py-8 sm:px-6 lg:grid-cols-[14rem_minmax(0,1fr)]">
      <aside className="min-w-0 space-y-3">
        <p className="text-sm [overflow-wrap:anywhere] text-muted">
          {t('signedInAs', { email: guard.user.email, role: t(`roles.${guard.user.role}`) })}
        </p>
        <AdminNav label={t('nav.label')} entries={entries} />
      </aside>
      <div className="min-w-0">{children}</div>
    </div>
  );
}
