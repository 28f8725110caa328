import { getTranslations } from 'next-intl/server';

import { FilterForm } from '@/components/ui/filter-form';
import { ScrollTable, Td } from '@/components/ui/table';
import { Link } from '@/i18n/navigation';
import type { Locale } from '@/i18n/routing';
import type { PersonHit } from '@/lib/back-office';
import { formatWhen, personHref } from '@/lib/back-office/shared';

/**
 * The people search (`/admin/people?q=`): a GET search box (FilterForm), then one row per person found (name,
 * address, what is held, latest activity), each linking to their record by ref, never by address. Server
 * component.
 */
export async function PersonSearch({
  locale,
  q,
  hits,
}: {
  locale: Locale;
  q: string;
  hits: PersonHit[] | null;
}) {
  const t = await getTranslations({ locale, namespace: 'People' });
  return (
    <div className="space-y-6">
      <FilterForm
        id="people-search"
        layout="toolbar"
        search={{ label: t('searchLabel'), value: q, maxLength: 200, placeholder: t('searchHint') }}
        submitLabel={t('search')}
      />
      {hits === null ? (
        <p className="text-muted">{t('searchHint')}</p>
      ) : hits.length === 0 ? (
        <p role="status">{t('noMatch')}</p>
      ) : (
        <ScrollTable
          caption={t('caption')}
          columns={[t('colName'), t('colEmail'), t('colHolds'), t('colLatest')]}
        >
          {hits.map((hit) => (
            <tr key={hit.email} data-testid="person-hit">
              <Td>
                <Link href={personHref(hit.kind, hit.id)} className="font-semibold underline">
                  {hit.name ?? t('noName')}
                </Link>
              </Td>
              <Td>{hit.email}</Td>
              <Td>
                {[
                  hit.enquiries ? t('holdsEnquiries', { count: hit.enquiries }) : null,
                  hit.member ? t('holdsMember') : null,
                  hit.subscriber ? t('holdsSubscriber') : null,
                  hit.account ? t('holdsAccount') : null,
                ]
                  .filter(Boolean)
                  .join(', ')}
              </Td>
              <Td>{formatWhen(hit.latest, locale)}</Td>
            </tr>
          ))}
        </ScrollTable>
      )}
    </div>
  );
}
