import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';

import { AdminPage } from '@/components/back-office/admin-page';
import { NetworkBulk, NetworkFilters, NetworkTable } from '@/components/back-office/network-list';
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
 * Network registrations (issue 17 item 3; back-office review §3), staff and admins (`requireStaff` first: signed
 * out → sign in, no role → 403): a page of registrations with every field of the form, each name linked to the
 * person's record; search (name, email, organisation) and filters by country, interest, experience and status (a
 * GET form: a filtered list has its own address); each row's status form; ticked rows' status set at once or
 * downloaded; and a CSV of every matching row in the admin's language (/api/admin/network/export).
 */
export default async function NetworkPage({ params, searchParams }: Props) {
  const locale = await localeParam(params);
  await requireStaff({ locale, next: '/admin/network' });
  const query = queryRecord(await searchParams);
  const filter = parseVolunteerFilter(query);
  const [t, l, network] = await Promise.all([
    getTranslations({ locale, namespace: 'AdminLists' }),
    getTranslations({ locale, namespace: 'BackOffice.lists' }),
    networkPage(filter),
  ]);
  const exportQuery = filterQuery({ ...filter, page: undefined, locale });
  return (
    <AdminPage
      title={t('network.title')}
      description={t('network.description')}
      actions={
        <ButtonLink href={`/api/admin/network/export?${exportQuery}`} external download size="sm">
          {l('exportAll', { total: network.total })}
        </ButtonLink>
      }
    >
      <Notice locale={locale} query={query} />
      <NetworkFilters locale={locale} filter={filter} facets={network.facets} />
      <p className="text-sm text-muted">{l('exportNote')}</p>
      <NetworkBulk locale={locale} filter={filter} />
      <NetworkTable locale={locale} filter={filter} network={network} />
    </AdminPage>
  );
}
