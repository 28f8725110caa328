import type { Metadata } from 'next';
import { notFound } from 'next/navigation';

import { BlogList } from '@/components/blog/blog-list';
import { localeParam } from '@/i18n/params';
import { blogListMetadata } from '@/lib/blog/metadata';
import { BLOG_LIST_PARAMS, parseBlogQuery } from '@/lib/blog/query';

/**
 * The blog list for a URL state (`/blog?q=…&category=…&sort=…&order=…&page=…`, docs/SPEC-NOTES.md §2), rendered per request:
 * next.config.ts rewrites `/blog` requests carrying one of those parameters here, so the address people see and
 * share stays `/blog?…` and the plain `/blog` stays static (app/[locale]/blog/page.tsx). The CMS reads under it
 * come from Next's data cache.
 */
export async function generateMetadata({
  params,
  searchParams,
}: PageProps<'/[locale]/blog/filtered'>): Promise<Metadata> {
  return blogListMetadata(await localeParam(params), parseBlogQuery(await searchParams));
}

export default async function FilteredBlogPage({
  params,
  searchParams,
}: PageProps<'/[locale]/blog/filtered'>) {
  const locale = await localeParam(params);
  const query = await searchParams;
  // Reached only through the rewrite, which needs a list parameter; `/blog/filtered` itself is no page.
  if (!BLOG_LIST_PARAMS.some((key) => key in query)) notFound();
  return <BlogList locale={locale} state={parseBlogQuery(query)} />;
}
