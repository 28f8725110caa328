import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';

import { AdminPage } from '@/components/back-office/admin-page';
import { NetworkFilters, NetworkTable } from '@/components/back-office/network-list';
import { Notice } from '@/components/back-office/notice';
import { ButtonLink } from '@/components/ui/button-link';
import { localeParam } from '@/i18n/params';
import { requireStaff } from '@/lib/auth';
import {
  adminMetadata,
  filterQuery,
  networkPage,
  parseVolunteerFilter,
  queryRecord,
} from '@/lib/back-office';

type Props = PageProps<'/[locale]/admin/network'>;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return adminMetadata(await localeParam(params), '/admin/network', {
    title: 'AdminLists.network.title',
    description: 'AdminLists.network.description',
  });
}

/**
 * Network registrations (issue 17 item 3), staff and admins (`requireStaff` first: signed out → sign in, no role →
 * 403): every field of the registration form, filters by country, interest, experience and status (a GET form,
 * so a filtered list has its own address), each row's status changed by a StaffForm posting to
 * `setVolunteerStatusAction`, and a CSV export of the filtered list (/api/admin/network/export).
 */
export default async function NetworkPage({ params, searchParams }: Props) {
  const locale = await localeParam(params);
  await requireStaff({ locale, next: '/admin/network' });
  const query = queryRecord(await searchParams);
  const filter = parseVolunteerFilter(query);
  const [t, network] = await Promise.all([
    getTranslations({ locale, namespace: 'AdminLists' }),
    networkPage(filter),
  ]);
  const search = filterQuery(filter);
  return (
    <AdminPage
      title={t('network.title')}
      description={t('network.description')}
      actions={
        <ButtonLink
          href={`/api/admin/network/export${search ? `?${search}` : ''}`}
          external
          download
          size="sm"
        >
          {t('exportCsv')}
        </ButtonLink>
      }
    >
      <Notice locale={locale} query={query} />
      <NetworkFilters locale={locale} filter={filter} facets={network.facets} />
      <NetworkTable locale={locale} filter={filter} network={network} />
    </AdminPage>
  );
}
