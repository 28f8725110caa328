import { getTranslations } from 'next-intl/server';

import { AutoSubmit } from '@/components/search/auto-submit';
import { FilterForm } from '@/components/ui/filter-form';
import type { BlogQuery } from '@/lib/blog/query';
import type { Term } from '@/lib/cms';

const FORM_DEFAULTS = { sort: 'date', order: 'desc' };

type Props = { state: BlogQuery; categories: Term[]; action: string };

/**
 * Search, category, sort and order as a plain GET form (components/ui/filter-form.tsx): any filter change starts
 * again at page 1 (docs/SPEC-NOTES.md §4 Blog list).
 */
export async function BlogFilters({ state, categories, action }: Props) {
  const t = await getTranslations('Blog');
  return (
    <FilterForm
      id="blog-filters"
      action={action}
      gridClass="lg:grid-cols-[2fr_1.3fr_1fr_1fr_auto]"
      search={{ label: t('searchLabel'), placeholder: t('searchPlaceholder'), value: state.q }}
      selects={[
        {
          name: 'category',
          label: t('categoryLabel'),
          value: state.category ? String(state.category) : '',
          any: t('allCategories'),
          options: categories.map((c) => ({
            value: String(c.id),
            label: t('categoryOption', { name: c.name, count: c.count }),
          })),
        },
        {
          name: 'sort',
          label: t('sortLabel'),
          value: state.sort,
          options: [
            { value: 'date', label: t('sortDate') },
            { value: 'title', label: t('sortTitle') },
            { value: 'relevance', label: t('sortRelevance') },
          ],
        },
        {
          name: 'order',
          label: t('orderLabel'),
          value: state.order,
          options: [
            { value: 'desc', label: t('orderDesc') },
            { value: 'asc', label: t('orderAsc') },
          ],
        },
      ]}
      submitLabel={t('apply')}
    >
      <AutoSubmit formId="blog-filters" path="/blog" defaults={FORM_DEFAULTS} />
    </FilterForm>
  );
}
