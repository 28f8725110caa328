import type { Metadata } from 'next';

import { localeParam } from '@/i18n/params';

import { NotFoundView, notFoundTitle, type MissingKind } from './not-found-view';

type Props = { params: Promise<{ locale: string }> };

/**
 * The pages under app/[locale]/missing-content: proxy.ts rewrites a request for a path no route serves, or for
 * content that does not exist (lib/cms/slug-index.ts), to one of them WITH status 404. They render the 404
 * design as an ordinary page, not through `notFound()`, so the server HTML is the whole page (header, footer,
 * translated text: Next runs not-found boundaries only in the browser), and they are pre-rendered once per
 * locale, so an invented path costs neither a render nor a new cache entry (security review finding H2).
 * Asked for directly (`/missing-content/posts`), the proxy answers 404 too.
 */
export function missingContentRoute(kind: MissingKind) {
  async function generateMetadata({ params }: Props): Promise<Metadata> {
    const locale = await localeParam(params);
    return { title: await notFoundTitle(kind, locale), robots: { index: false, follow: true } };
  }

  async function MissingContent({ params }: Props) {
    await localeParam(params);
    return <NotFoundView kind={kind} />;
  }

  return { generateMetadata, MissingContent };
}
