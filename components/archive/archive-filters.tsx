import { Search } from '@/components/icons/icons';
import { getTranslations } from 'next-intl/server';

import { AutoSubmit } from '@/components/blog/auto-submit';
import { Button } from '@/components/ui/button';
import type { ArchiveQuery } from '@/lib/archive/query';

// Left out of the canonical URL when JavaScript submits the form (the order select's default is the empty value).
const FORM_DEFAULTS = { type: 'all' };

type Props = { query: ArchiveQuery; action: string };

/**
 * Search text, type and order as a plain GET form: it works without JavaScript, every result is a URL, and
 * submitting drops `page`, so a new search starts at page 1. The order select's empty value means the default:
 * best match with search text, newest first without (lib/archive/query.ts `effectiveOrder`).
 */
export async function ArchiveFilters({ query, action }: Props) {
  const t = await getTranslations('Archive');
  const field = 'mt-1 block w-full rounded-lg border border-border bg-bg px-3 py-2 text-base';
  return (
    <form
      id="archive-filters"
      role="search"
      action={action}
      method="get"
      className="grid gap-4 rounded-2xl border border-border bg-surface p-4 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_auto] lg:items-end"
    >
      <label className="block text-sm font-medium sm:col-span-2 lg:col-span-1">
        {t('searchLabel')}
        <span className="relative mt-1 block">
          <Search
            aria-hidden
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted"
          />
          <input
            type="search"
            name="q"
            defaultValue={query.q}
            maxLength={100}
            placeholder={t('searchPlaceholder')}
            className={`${field} mt-0 pl-9`}
          />
        </span>
      </label>
      <label className="block text-sm font-medium">
        {t('typeLabel')}
        <select name="type" defaultValue={query.type} className={field}>
          <option value="all">{t('typeAll')}</option>
          <option value="post">{t('typePost')}</option>
          <option value="media_archive">{t('typeMedia')}</option>
          <option value="reports">{t('typeReports')}</option>
        </select>
      </label>
      <label className="block text-sm font-medium">
        {t('orderLabel')}
        {query.q ? (
          <select name="order" defaultValue={query.order ?? ''} className={field}>
            <option value="">{t('orderRelevance')}</option>
            <option value="desc">{t('orderDesc')}</option>
            <option value="asc">{t('orderAsc')}</option>
          </select>
        ) : (
          <select name="order" defaultValue={query.order === 'asc' ? 'asc' : ''} className={field}>
            <option value="">{t('orderDesc')}</option>
            <option value="asc">{t('orderAsc')}</option>
          </select>
        )}
      </label>
      <Button type="submit" shape="rounded">
        {t('submit')}
      </Button>
      <AutoSubmit formId="archive-filters" path="/archive" defaults={FORM_DEFAULTS} />
    </form>
  );
}
