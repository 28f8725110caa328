import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';

import { BlogFilters } from '@/components/blog/blog-filters';
import { Pagination } from '@/components/blog/pagination';
import { PostCard } from '@/components/blog/post-card';
import { PageHeader } from '@/components/layout/page-header';
import { localizedPath } from '@/i18n/paths';
import { localeParam } from '@/i18n/params';
import { blogSearch, parseBlogQuery } from '@/lib/blog/query';
import { getCategories, getPostList } from '@/lib/cms';
import { siteConfig } from '@/lib/config/site';
import { resultRange } from '@/lib/pagination';
import { pageMetadata } from '@/lib/seo/metadata';

// Reads searchParams, so this page renders per request; the CMS reads under it come from Next's data cache.

export async function generateMetadata({
  params,
  searchParams,
}: PageProps<'/[locale]/blog'>): Promise<Metadata> {
  const locale = await localeParam(params);
  const t = await getTranslations({ locale, namespace: 'Blog' });
  const state = parseBlogQuery(await searchParams);
  const filtered = Boolean(state.q || state.category || state.sort !== 'date' || state.order !== 'desc');
  return pageMetadata({
    locale,
    path: state.page > 1 && !filtered ? `/blog?page=${state.page}` : '/blog',
    title: state.page > 1 ? t('titlePage', { page: state.page }) : t('title'),
    description: t('description'),
    // Search and filter results are for people, not for the index; page 2, 3… stay indexable.
    noindex: filtered,
  });
}

/** Blog list (spec §2): search, category with counts, sort, order, result summary, cards and pagination. */
export default async function BlogPage({ params, searchParams }: PageProps<'/[locale]/blog'>) {
  const locale = await localeParam(params);
  const t = await getTranslations('Blog');
  const state = parseBlogQuery(await searchParams);
  const [list, categories] = await Promise.all([
    getPostList({
      page: state.page,
      search: state.q,
      category: state.category,
      orderby: state.sort,
      order: state.order,
    }),
    getCategories(),
  ]);
  const range = resultRange(list.page, list.perPage, list.total);
  const base = localizedPath(locale, '/blog');
  const searchSuffix = state.q ? t('searchSuffix', { query: state.q }) : '';

  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
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
                  priority={i < 3}
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
