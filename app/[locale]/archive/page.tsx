import type { Metadata } from 'next';

import { ArchiveView } from '@/components/archive/archive-view';
import { localeParam } from '@/i18n/params';
import { archiveMetadata } from '@/lib/archive/metadata';
import { parseArchiveQuery } from '@/lib/archive/query';

/**
 * The plain archive, `/archive` (docs/SPEC-NOTES.md §2, §7): static and revalidated (ISR). It never reads
 * searchParams, which would make it render per request: proxy.ts sends an address with archive parameters
 * (`?q=`, `?type=`, `?order=`, `?page=`) to the cached view of that state (app/[locale]/archive/view/[state]).
 * An hour as a safety net; the WordPress webhook revalidates the tags of the reads under it.
 */
export const revalidate = 3600;

const DEFAULT_QUERY = parseArchiveQuery({});

export async function generateMetadata({ params }: PageProps<'/[locale]/archive'>): Promise<Metadata> {
  return archiveMetadata(await localeParam(params), DEFAULT_QUERY);
}

export default async function ArchivePage({ params }: PageProps<'/[locale]/archive'>) {
  return <ArchiveView locale={await localeParam(params)} query={DEFAULT_QUERY} />;
}
