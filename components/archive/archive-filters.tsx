import { getTranslations } from 'next-intl/server';

import { FILTER_FIELD, FilterForm } from '@/components/search/filter-form';
import type { ArchiveQuery } from '@/lib/archive/query';

// Left out of the canonical URL when JavaScript submits the form (the order select's default is the empty value).
const FORM_DEFAULTS = { type: 'all' };

type Props = { query: ArchiveQuery; action: string };

/**
 * Search text, type and order as a plain GET form (FilterForm): a new search starts at page 1. The order
 * select's empty value means the default: best match with search text, newest first without
 * (lib/archive/query.ts `effectiveOrder`).
 */
export async function ArchiveFilters({ query, action }: Props) {
  const t = await getTranslations('Archive');
  return (
    <FilterForm
      id="archive-filters"
      path="/archive"
      action={action}
      defaults={FORM_DEFAULTS}
      gridClass="lg:grid-cols-[2fr_1fr_1fr_auto]"
      searchLabel={t('searchLabel')}
      searchPlaceholder={t('searchPlaceholder')}
      q={query.q}
      submitLabel={t('submit')}
      wideSearch
    >
      <label className="block text-sm font-medium">
        {t('typeLabel')}
        <select name="type" defaultValue={query.type} className={FILTER_FIELD}>
          <option value="all">{t('typeAll')}</option>
          <option value="post">{t('typePost')}</option>
          <option value="media_archive">{t('typeMedia')}</option>
          <option value="reports">{t('typeReports')}</option>
        </select>
      </label>
      <label className="block text-sm font-medium">
        {t('orderLabel')}
        {query.q ? (
          <select name="order" defaultValue={query.order ?? ''} className={FILTER_FIELD}>
            <option value="">{t('orderRelevance')}</option>
            <option value="desc">{t('orderDesc')}</option>
            <option value="asc">{t('orderAsc')}</option>
          </select>
        ) : (
          <select name="order" defaultValue={query.order === 'asc' ? 'asc' : ''} className={FILTER_FIELD}>
            <option value="">{t('orderDesc')}</option>
            <option value="asc">{t('orderAsc')}</option>
          </select>
        )}
      </label>
    </FilterForm>
  );
}
