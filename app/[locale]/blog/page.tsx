import type { Metadata } from 'next';

import { BlogList } from '@/components/blog/blog-list';
import { localeParam } from '@/i18n/params';
import { blogListMetadata } from '@/lib/blog/metadata';
import { parseBlogQuery } from '@/lib/blog/query';

/**
 * The plain blog list, `/blog` (docs/SPEC-NOTES.md §2): static and revalidated (ISR), so the busiest view costs no render. It
 * never reads searchParams, which would make it render per request: a request with a list parameter
 * (`?q=`, `?category=`, `?sort=`, `?order=`, `?page=`) is rewritten by proxy.ts to the cached view of that state
 * (app/[locale]/blog/filtered/[state], lib/redirects/list-views.ts), which renders the same list.
 * An hour as a safety net; the WordPress webhook revalidates the `posts` tag of the reads under it on publish.
 */
export const revalidate = 3600;

const DEFAULT_STATE = parseBlogQuery({});

export async function generateMetadata({ params }: PageProps<'/[locale]/blog'>): Promise<Metadata> {
  return blogListMetadata(await localeParam(params), DEFAULT_STATE);
}

export default async function BlogPage({ params }: PageProps<'/[locale]/blog'>) {
  return <BlogList locale={await localeParam(params)} state={DEFAULT_STATE} />;
}
