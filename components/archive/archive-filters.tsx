import { getTranslations } from 'next-intl/server';

import { AutoSubmit } from '@/components/search/auto-submit';
import { FilterForm } from '@/components/ui/filter-form';
import type { ArchiveQuery } from '@/lib/archive/query';

// Left out of the canonical URL when JavaScript submits the form (the order select's default is the empty value).
const FORM_DEFAULTS = { type: 'all' };

type Props = { query: ArchiveQuery; action: string };

/**
 * Search text, type and order as a plain GET form (components/ui/filter-form.tsx): a new search starts at page 1.
 * The order select's empty value means the default: best match with search text, newest first without
 * (lib/archive/query.ts `effectiveOrder`).
 */
export async function ArchiveFilters({ query, action }: Props) {
  const t = await getTranslations('Archive');
  const order = query.q
    ? {
        value: query.order ?? '',
        options: [
          { value: '', label: t('orderRelevance') },
          { value: 'desc', label: t('orderDesc') },
          { value: 'asc', label: t('orderAsc') },
        ],
      }
    : {
        value: query.order === 'asc' ? 'asc' : '',
        options: [
          { value: '', label: t('orderDesc') },
          { value: 'asc', label: t('orderAsc') },
        ],
      };
  return (
    <FilterForm
      id="archive-filters"
      action={action}
      gridClass="lg:grid-cols-[2fr_1fr_1fr_auto]"
      search={{ label: t('searchLabel'), placeholder: t('searchPlaceholder'), value: query.q, wide: true }}
      selects={[
        {
          name: 'type',
          label: t('typeLabel'),
          value: query.type,
          options: [
            { value: 'all', label: t('typeAll') },
            { value: 'post', label: t('typePost') },
            { value: 'media_archive', label: t('typeMedia') },
            { value: 'reports', label: t('typeReports') },
          ],
        },
        { name: 'order', label: t('orderLabel'), ...order },
      ]}
      submitLabel={t('submit')}
    >
      <AutoSubmit formId="archive-filters" path="/archive" defaults={FORM_DEFAULTS} />
    </FilterForm>
  );
}
