import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';

import { AdminPage } from '@/components/back-office/admin-page';
import { PersonSearch } from '@/components/back-office/person-search';
import { localeParam } from '@/i18n/params';
import { requireStaff } from '@/lib/auth';
import { adminMetadata, peopleSearch, queryRecord } from '@/lib/back-office';

type Props = PageProps<'/[locale]/admin/people'>;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return adminMetadata(await localeParam(params), '/admin/people', {
    title: 'People.title',
    description: 'People.description',
  });
}

/**
 * /admin/people?q= (review §3 item 1), staff and admins: search people by name or email across enquiries,
 * registrations, subscribers and accounts; each hit links to the person's record by ref (never by address).
 */
export default async function PeoplePage({ params, searchParams }: Props) {
  const locale = await localeParam(params);
  await requireStaff({ locale, next: '/admin/people' });
  const query = queryRecord(await searchParams);
  const [t, found] = await Promise.all([
    getTranslations({ locale, namespace: 'People' }),
    peopleSearch(query.q),
  ]);
  return (
    <AdminPage title={t('title')} description={t('description')}>
      <PersonSearch locale={locale} q={found.q} hits={found.hits} />
    </AdminPage>
  );
}
