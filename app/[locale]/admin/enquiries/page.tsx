import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';

import { AdminPage } from '@/components/back-office/admin-page';
import { InboxFilters, InboxTable } from '@/components/back-office/inbox-list';
import { Notice } from '@/components/back-office/notice';
import { localeParam } from '@/i18n/params';
import { requireStaff } from '@/lib/auth';
import { adminMetadata, inboxPage, parseInboxFilters } from '@/lib/back-office';

export async function generateMetadata({
  params,
}: PageProps<'/[locale]/admin/enquiries'>): Promise<Metadata> {
  return adminMetadata(await localeParam(params), '/admin/enquiries', { title: 'admin.enquiries.title' });
}

/**
 * The staff inbox (issue 17 item 3, issue 34): contact-form enquiries newest first (unread in bold) with their
 * status, a search and filters (status, received from/until, assignee, unread only) as a plain GET form whose
 * values that are not understood are named in a notice, pagination, a CSV of the matching enquiries, and bulk
 * changes or a CSV of the ticked ones. Staff and admins (`requireStaff`).
 */
export default async function EnquiriesPage({
  params,
  searchParams,
}: PageProps<'/[locale]/admin/enquiries'>) {
  const locale = await localeParam(params);
  const user = await requireStaff({ locale, next: '/admin/enquiries' });
  const query = await searchParams;
  const parsed = parseInboxFilters(query, { userId: user.id });
  const [t, inbox] = await Promise.all([
    getTranslations({ locale, namespace: 'admin' }),
    inboxPage(parsed.query),
  ]);
  return (
    <AdminPage title={t('enquiries.title')} description={t('enquiries.description')}>
      <Notice locale={locale} query={query} />
      <InboxFilters locale={locale} parsed={parsed} members={inbox.members} />
      <InboxTable locale={locale} parsed={parsed} inbox={inbox} />
    </AdminPage>
  );
}
