import type { Metadata } from 'next';
import { notFound } from 'next/navigation';

import { ArchiveView } from '@/components/archive/archive-view';
import { localeParam } from '@/i18n/params';
import { archiveMetadata } from '@/lib/archive/metadata';
import { archiveStateOf } from '@/lib/redirects';

/**
 * The archive for a URL state (`/archive?q=…&type=…&order=…&page=…`). proxy.ts rewrites such an address here
 * with the state in the path (lib/redirects/list-views.ts), so the address stays `/archive?…` while each state is
 * rendered once and then served from the route cache (ISR: revalidated with its content's tags, an hour as a
 * safety net). No state is pre-rendered.
 */
export const revalidate = 3600;

export function generateStaticParams(): { state: string }[] {
  return [];
}

async function queryParam(params: Promise<{ state: string }>) {
  const query = archiveStateOf((await params).state);
  // Only the proxy's canonical segment is a view; anything else would be an invented cache entry.
  if (!query) notFound();
  return query;
}

export async function generateMetadata({
  params,
}: PageProps<'/[locale]/archive/view/[state]'>): Promise<Metadata> {
  return archiveMetadata(await localeParam(params), await queryParam(params));
}

export default async function ArchiveStatePage({ params }: PageProps<'/[locale]/archive/view/[state]'>) {
  return <ArchiveView locale={await localeParam(params)} query={await queryParam(params)} />;
}
