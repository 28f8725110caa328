import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';

import { AdminPage } from '@/components/back-office/admin-page';
import { NewsletterFilters, NewsletterTable } from '@/components/back-office/newsletter-list';
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
 * Newsletter subscribers (issue 17 item 4), staff and admins (`requireStaff` first): status (pending, active,
 * unsubscribed), consent time, source and the mailing provider's sync state with its last error; filter by
 * status, export as CSV (/api/admin/newsletter/export), unsubscribe someone on their behalf (asked first), or
 * resync one to the provider now (StaffForms posting to lib/back-office/actions.ts).
 */
export default async function NewsletterAdminPage({ params, searchParams }: Props) {
  const locale = await localeParam(params);
  await requireStaff({ locale, next: '/admin/newsletter' });
  const query = queryRecord(await searchParams);
  const filter = parseSubscriberFilter(query);
  const [t, list] = await Promise.all([
    getTranslations({ locale, namespace: 'AdminLists' }),
    subscribersPage(filter),
  ]);
  const search = filterQuery(filter);
  return (
    <AdminPage
      title={t('newsletter.title')}
      description={t('newsletter.description')}
      actions={
        <ButtonLink
          href={`/api/admin/newsletter/export${search ? `?${search}` : ''}`}
          external
          download
          size="sm"
        >
          {t('exportCsv')}
        </ButtonLink>
      }
    >
      <Notice locale={locale} query={query} />
      <NewsletterFilters locale={locale} filter={filter} />
      <NewsletterTable locale={locale} filter={filter} list={list} />
    </AdminPage>
  );
}
