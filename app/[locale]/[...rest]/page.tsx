import type { Metadata } from 'next';
import { notFound } from 'next/navigation';

import { notFoundTitle } from '@/components/layout/not-found-view';

/**
 * A safety net: proxy.ts answers every path no route serves before it gets here (the 404 page, fully rendered,
 * with status 404; or, for an old `/{slug}` permalink of a post that exists, a redirect to `/blog/{slug}`:
 * docs/SPEC-NOTES.md §2). Should one slip through, it is still a 404.
 */
export async function generateMetadata(): Promise<Metadata> {
  // Next adds `robots: noindex` itself to every 404 response.
  return { title: await notFoundTitle('page') };
}

export default function CatchAllPage() {
  notFound();
}
