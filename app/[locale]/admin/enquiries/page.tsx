import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';

import { AdminPage } from '@/components/back-office/admin-page';
import { InboxFilters, InboxTable } from '@/components/back-office/inbox-list';
import { localeParam } from '@/i18n/params';
import { requireStaff } from '@/lib/auth';
import { adminMetadata, inboxPage, parseInboxQuery } from '@/lib/back-office';

export async function generateMetadata({
  params,
}: PageProps<'/[locale]/admin/enquiries'>): Promise<Metadata> {
  return adminMetadata(await localeParam(params), '/admin/enquiries', { title: 'admin.enquiries.title' });
}

/**
 * The staff inbox (issue 17 item 3): contact-form enquiries newest first with their status, a search and filters
 * (status, received from/to) as a plain GET form, and pagination. Staff and admins (`requireStaff`).
 */
export default async function EnquiriesPage({
  params,
  searchParams,
}: PageProps<'/[locale]/admin/enquiries'>) {
  const locale = await localeParam(params);
  await requireStaff({ locale, next: '/admin/enquiries' });
  const query = parseInboxQuery(await searchParams);
  const [t, inbox] = await Promise.all([getTranslations({ locale, namespace: 'admin' }), inboxPage(query)]);
  return (
    <AdminPage title={t('enquiries.title')} description={t('enquiries.description')}>
      <InboxFilters locale={locale} query={query} />
      <InboxTable locale={locale} query={query} inbox={inbox} />
    </AdminPage>
  );
}
