import { getTranslations } from 'next-intl/server';

import { FILTER_FIELD, FilterForm } from '@/components/search/filter-form';
import type { BlogQuery } from '@/lib/blog/query';
import type { Term } from '@/lib/cms';

const FORM_DEFAULTS = { sort: 'date', order: 'desc' };

type Props = { state: BlogQuery; categories: Term[]; action: string };

/**
 * Search, category, sort and order as a plain GET form (FilterForm): any filter change starts again at page 1
 * (docs/SPEC-NOTES.md §4 Blog list).
 */
export async function BlogFilters({ state, categories, action }: Props) {
  const t = await getTranslations('Blog');
  return (
    <FilterForm
      id="blog-filters"
      path="/blog"
      action={action}
      defaults={FORM_DEFAULTS}
      gridClass="lg:grid-cols-[2fr_1.3fr_1fr_1fr_auto]"
      searchLabel={t('searchLabel')}
      searchPlaceholder={t('searchPlaceholder')}
      q={state.q}
      submitLabel={t('apply')}
    >
      <label className="block text-sm font-medium">
        {t('categoryLabel')}
        <select
          name="category"
          defaultValue={state.category ? String(state.category) : ''}
          className={FILTER_FIELD}
        >
          <option value="">{t('allCategories')}</option>
          {categories.map((c) => (
            <option key={c.id} value={c.id}>
              {t('categoryOption', { name: c.name, count: c.count })}
            </option>
          ))}
        </select>
      </label>
      <label className="block text-sm font-medium">
        {t('sortLabel')}
        <select name="sort" defaultValue={state.sort} className={FILTER_FIELD}>
          <option value="date">{t('sortDate')}</option>
          <option value="title">{t('sortTitle')}</option>
          <option value="relevance">{t('sortRelevance')}</option>
        </select>
      </label>
      <label className="block text-sm font-medium">
        {t('orderLabel')}
        <select name="order" defaultValue={state.order} className={FILTER_FIELD}>
          <option value="desc">{t('orderDesc')}</option>
          <option value="asc">{t('orderAsc')}</option>
        </select>
      </label>
    </FilterForm>
  );
}
