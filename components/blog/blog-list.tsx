import { getTranslations } from 'next-intl/server';

import { PageHeader } from '@/components/layout/page-header';
import { localizedPath } from '@/i18n/paths';
import type { Locale } from '@/i18n/routing';
import { blogSearch, type BlogQuery } from '@/lib/blog/query';
import { getBlogPage } from '@/lib/blog/list';
import { getCategories } from '@/lib/cms';
import { siteConfig } from '@/lib/config/site';
import { resultRange } from '@/lib/utils/pagination';

import { BlogFilters } from './blog-filters';
import { Pagination } from './pagination';
import { PostCard } from './post-card';

/**
 * The blog list (docs/SPEC-NOTES.md §2) for one URL state: search, category with counts, sort, order, result summary, cards
 * and pagination. Rendered by the static `/blog` page (default state) and by the cached view of any other state
 * (app/[locale]/blog/filtered/[state]), so both show exactly the same markup.
 */
export async function BlogList({ locale, state }: { locale: Locale; state: BlogQuery }) {
  const t = await getTranslations({ locale, namespace: 'Blog' });
  const [list, categories] = await Promise.all([getBlogPage(state), getCategories()]);
  const range = resultRange(list.page, list.perPage, list.total);
  const base = localizedPath(locale, '/blog');
  const searchSuffix = state.q ? t('searchSuffix', { query: state.q }) : '';

  return (
    <>
      {/* The heading is the header's label for /blog, 'Resources' (docs/SPEC-NOTES.md §2 Header); the page title stays 'Blog'. */}
      <PageHeader title={t('heading')} subtitle={t('subtitle')} />
      <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
        <BlogFilters state={state} categories={categories} action={base} />
        <p role="status" className="mt-6 text-muted">
          {list.total > 0
            ? t('summary', { from: range.from, to: range.to, total: range.total })
            : t('noPosts')}
          {searchSuffix}
        </p>
        {list.posts.length > 0 ? (
          <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {list.posts.map((post, i) => (
              <li key={post.id} className="flex">
                <PostCard
                  post={post}
                  locale={locale}
                  defaultAuthor={siteConfig().shortName}
                  priority={i === 0}
                />
              </li>
            ))}
          </ul>
        ) : (
          <div className="mt-8 rounded-2xl border border-dashed border-border p-10 text-center">
            <h2 className="text-xl font-semibold">{t('noPosts')}</h2>
            <p className="mt-2 text-muted">{t('noPostsHint')}</p>
          </div>
        )}
        <Pagination
          page={list.page}
          totalPages={list.totalPages}
          hrefFor={(page) => `/blog${blogSearch({ ...state, page })}`}
        />
      </div>
    </>
  );
}
