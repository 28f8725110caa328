import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';

import { ContentLangTag, contentLang } from '@/components/cms/content-lang';
import { FeatureImage } from '@/components/cms/feature-image';
import { PageHeader } from '@/components/layout/page-header';
import { MediaExternalLink } from '@/components/media/external-link';
import { MediaVideo } from '@/components/media/media-video';
import { EmptyState } from '@/components/ui/empty-state';
import { Link } from '@/i18n/navigation';
import { localeParam } from '@/i18n/params';
import { getMediaArchive } from '@/lib/cms';
import { formatDate, isoDate } from '@/lib/utils/format';
import { pageMetadata } from '@/lib/seo/metadata';

export const revalidate = 3600;

export async function generateMetadata({ params }: PageProps<'/[locale]/media/videos'>): Promise<Metadata> {
  const locale = await localeParam(params);
  const t = await getTranslations({ locale, namespace: 'Media' });
  return pageMetadata({
    locale,
    path: '/media/videos',
    title: t('videosTitle'),
    description: t('videosDescription'),
  });
}

/**
 * Video gallery (docs/SPEC-NOTES.md §2): every video-kind media archive item with its player: a click-to-load YouTube/Vimeo embed
 * or a native player for a video file; items whose video lives elsewhere show their image and a link to it. Items are
 * English: under /es, /fr, /pt each shows the 'English' tag and its title and description carry `lang="en"`.
 */
export default async function MediaVideosPage({ params }: PageProps<'/[locale]/media/videos'>) {
  const locale = await localeParam(params);
  const t = await getTranslations('Media');
  const items = (await getMediaArchive()).filter((i) => i.kind === 'video');
  return (
    <>
      <PageHeader title={t('videosTitle')} subtitle={t('videosSubtitle')} />
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
        {items.length > 0 ? (
          <ul className="grid gap-12 lg:grid-cols-2">
            {items.map((item, i) => (
              <li key={item.id}>
                <article>
                  {item.video ? (
                    <MediaVideo item={item} priority={i === 0} />
                  ) : (
                    <FeatureImage image={item.image} sizes="(min-width: 1024px) 600px, 100vw" />
                  )}
                  <p className="mt-4 flex flex-wrap items-center gap-2 text-sm text-muted">
                    <time dateTime={isoDate(item.dateGmt)}>{formatDate(item.dateGmt, locale)}</time>
                    <ContentLangTag locale={locale} />
                  </p>
                  <h2 lang={contentLang(locale)} className="mt-1 text-xl font-semibold text-balance">
                    <Link href={`/media-archive/${item.slug}`} className="hover:text-brand hover:underline">
                      {item.title}
                    </Link>
                  </h2>
                  {item.excerpt ? (
                    <p lang={contentLang(locale)} className="mt-2 text-muted">
                      {item.excerpt}
                    </p>
                  ) : null}
                  {item.externalUrl ? (
                    <p className="mt-3">
                      <MediaExternalLink url={item.externalUrl} />
                    </p>
                  ) : item.video ? null : (
                    <p className="mt-3 text-sm text-muted">{t('noVideo')}</p>
                  )}
                </article>
              </li>
            ))}
          </ul>
        ) : (
          <EmptyState>{t('videosEmpty')}</EmptyState>
        )}
      </div>
    </>
  );
}
