import { Search } from '@/components/icons/icons';
import { getTranslations } from 'next-intl/server';

import { Button } from '@/components/ui/button';
import type { BlogQuery } from '@/lib/blog/query';
import type { Term } from '@/lib/cms';

import { AutoSubmit } from './auto-submit';

const FORM_DEFAULTS = { sort: 'date', order: 'desc' };

type Props = { state: BlogQuery; categories: Term[]; action: string };

/**
 * Search, category, sort and order as a plain GET form: it works without JavaScript, every result is a URL, and
 * submitting drops `page`, so any filter change starts again at page 1 (docs/SPEC-NOTES.md §4 Blog list).
 */
export async function BlogFilters({ state, categories, action }: Props) {
  const t = await getTranslations('Blog');
  const field = 'mt-1 block w-full rounded-lg border border-border bg-bg px-3 py-2 text-base';
  return (
    <form
      id="blog-filters"
      role="search"
      action={action}
      method="get"
      className="grid gap-4 rounded-2xl border border-border bg-surface p-4 sm:grid-cols-2 lg:grid-cols-[2fr_1.3fr_1fr_1fr_auto] lg:items-end"
    >
      <label className="block text-sm font-medium">
        {t('searchLabel')}
        <span className="relative mt-1 block">
          <Search
            aria-hidden
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted"
          />
          <input
            type="search"
            name="q"
            defaultValue={state.q}
            maxLength={100}
            placeholder={t('searchPlaceholder')}
            className={`${field} mt-0 pl-9`}
          />
        </span>
      </label>
      <label className="block text-sm font-medium">
        {t('categoryLabel')}
        <select name="category" defaultValue={state.category ? String(state.category) : ''} className={field}>
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
        <select name="sort" defaultValue={state.sort} className={field}>
          <option value="date">{t('sortDate')}</option>
          <option value="title">{t('sortTitle')}</option>
          <option value="relevance">{t('sortRelevance')}</option>
        </select>
      </label>
      <label className="block text-sm font-medium">
        {t('orderLabel')}
        <select name="order" defaultValue={state.order} className={field}>
          <option value="desc">{t('orderDesc')}</option>
          <option value="asc">{t('orderAsc')}</option>
        </select>
      </label>
      <Button type="submit" shape="rounded">
        {t('apply')}
      </Button>
      <AutoSubmit formId="blog-filters" path="/blog" defaults={FORM_DEFAULTS} />
    </form>
  );
}
