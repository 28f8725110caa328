import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';

import { AdminPage } from '@/components/back-office/admin-page';
import { NewsletterBulk, NewsletterFilters, NewsletterTable } from '@/components/back-office/newsletter-list';
import { Notice } from '@/components/back-office/notice';
import { ButtonLink } from '@/components/ui/button-link';
import { localeParam } from '@/i18n/params';
import { requireStaff } from '@/lib/auth';
import {
  adminMetadata,
  filterQuery,
  parseSubscriberFilter,
  queryRecord,
  subscribersPage,
} from '@/lib/back-office';

type Props = PageProps<'/[locale]/admin/newsletter'>;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return adminMetadata(await localeParam(params), '/admin/newsletter', {
    title: 'AdminLists.newsletter.title',
    description: 'AdminLists.newsletter.description',
  });
}

/**
 * Newsletter subscribers (issue 17 item 4; back-office review §3), staff and admins (`requireStaff` first): a page
 * of subscribers with status, consent time, source and the mailing provider's sync state, each address linked to
 * the person's record; search by address and filter by status; resync or unsubscribe one (asked first), resync
 * or download the ticked ones; and a CSV of every matching row in the admin's language
 * (/api/admin/newsletter/export).
 */
export default async function NewsletterAdminPage({ params, searchParams }: Props) {
  const locale = await localeParam(params);
  await requireStaff({ locale, next: '/admin/newsletter' });
  const query = queryRecord(await searchParams);
  const filter = parseSubscriberFilter(query);
  const [t, l, list] = await Promise.all([
    getTranslations({ locale, namespace: 'AdminLists' }),
    getTranslations({ locale, namespace: 'BackOffice.lists' }),
    subscribersPage(filter),
  ]);
  const exportQuery = filterQuery({ ...filter, page: undefined, locale });
  return (
    <AdminPage
      title={t('newsletter.title')}
      description={t('newsletter.description')}
      actions={
        <ButtonLink href={`/api/admin/newsletter/export?${exportQuery}`} external download size="sm">
          {l('exportAll', { total: list.total })}
        </ButtonLink>
      }
    >
      <Notice locale={locale} query={query} />
      <NewsletterFilters locale={locale} filter={filter} />
      <p className="text-sm text-muted">{l('exportNote')}</p>
      <NewsletterBulk locale={locale} filter={filter} />
      <NewsletterTable locale={locale} filter={filter} list={list} />
    </AdminPage>
  );
}
