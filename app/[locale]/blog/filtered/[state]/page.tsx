import type { Metadata } from 'next';
import { notFound } from 'next/navigation';

import { BlogList } from '@/components/blog/blog-list';
import { localeParam } from '@/i18n/params';
import { blogListMetadata } from '@/lib/blog/metadata';
import { blogStateOf } from '@/lib/redirects';

/**
 * The blog list for a URL state (`/blog?q=…&category=…&sort=…&order=…&page=…`, docs/SPEC-NOTES.md §2). proxy.ts
 * rewrites such an address here with the state in the path (lib/redirects/list-views.ts), so the address people see
 * and share stays `/blog?…` while each state is rendered once and then served from the route cache (ISR, like
 * `/blog` itself: revalidated with the `posts` tag on publish, an hour as a safety net). No state is pre-rendered.
 */
export const revalidate = 3600;

export function generateStaticParams(): { state: string }[] {
  return [];
}

async function stateParam(params: Promise<{ state: string }>) {
  const state = blogStateOf((await params).state);
  // Only the proxy's canonical segment is a view; anything else would be an invented cache entry.
  if (!state) notFound();
  return state;
}

export async function generateMetadata({
  params,
}: PageProps<'/[locale]/blog/filtered/[state]'>): Promise<Metadata> {
  return blogListMetadata(await localeParam(params), await stateParam(params));
}

export default async function FilteredBlogPage({ params }: PageProps<'/[locale]/blog/filtered/[state]'>) {
  return <BlogList locale={await localeParam(params)} state={await stateParam(params)} />;
}
