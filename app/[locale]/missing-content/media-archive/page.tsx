import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { notFound } from 'next/navigation';

/**
 * proxy.ts rewrites a request for content of this type that does not exist here (security review finding H2):
 * a real 404 with the type's own not-found page, pre-rendered once per locale at build time, so an invented slug
 * costs neither a render nor a new cache entry. (Content routes are listed in lib/cms/slug-index.ts.)
 */
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Media');
  return { title: t('notFoundTitle') };
}

export default function MissingContent() {
  notFound();
}
