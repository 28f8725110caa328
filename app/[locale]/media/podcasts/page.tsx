import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';

import { CmsImage } from '@/components/cms/cms-image';
import { ContentLangTag, contentLang } from '@/components/cms/content-lang';
import { PageHeader } from '@/components/layout/page-header';
import { AudioPlayer } from '@/components/media/audio-player';
import { MediaExternalLink } from '@/components/media/external-link';
import { KindIcon } from '@/components/media/media-kind';
import { EmptyState } from '@/components/ui/empty-state';
import { Link } from '@/i18n/navigation';
import { localeParam } from '@/i18n/params';
import { getMediaArchive } from '@/lib/cms';
import { formatDate, isoDate } from '@/lib/utils/format';
import { pageMetadata } from '@/lib/seo/metadata';

export const revalidate = 3600;

export async function generateMetadata({ params }: PageProps<'/[locale]/media/podcasts'>): Promise<Metadata> {
  const locale = await localeParam(params);
  const t = await getTranslations({ locale, namespace: 'Media' });
  return pageMetadata({
    locale,
    path: '/media/podcasts',
    title: t('podcastsTitle'),
    description: t('podcastsDescription'),
  });
}

/** Podcasts (docs/SPEC-NOTES.md §2): every audio-kind media archive item (podcasts, audio, audio interviews) with a player. */
export default async function MediaPodcastsPage({ params }: PageProps<'/[locale]/media/podcasts'>) {
  const locale = await localeParam(params);
  const t = await getTranslations('Media');
  const items = (await getMediaArchive()).filter((i) => i.kind === 'audio');
  return (
    <>
      <PageHeader title={t('podcastsTitle')} subtitle={t('podcastsSubtitle')} />
      <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6">
        {items.length > 0 ? (
          <ul className="space-y-8">
            {items.map((item, i) => (
              <li key={item.id}>
                <article className="grid gap-5 rounded-2xl border border-border p-5 sm:grid-cols-[10rem_1fr]">
                  <div className="relative aspect-square w-32 overflow-hidden rounded-xl bg-surface-strong sm:w-40">
                    {item.image ? (
                      <CmsImage
                        src={item.image.url}
                        alt=""
                        fill
                        priority={i === 0}
                        sizes="160px"
                        className="object-cover"
                      />
                    ) : (
                      <KindIcon kind="audio" className="absolute inset-0 m-auto size-10 text-muted" />
                    )}
                  </div>
                  <div className="min-w-0">
                    <p className="flex flex-wrap items-center gap-2 text-sm text-muted">
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
                    <div className="mt-4">
                      {item.audioUrl ? (
                        <AudioPlayer src={item.audioUrl} title={item.title} titleLang={contentLang(locale)} />
                      ) : item.externalUrl ? (
                        <MediaExternalLink url={item.externalUrl} />
                      ) : (
                        <p className="text-sm text-muted">{t('noRecording')}</p>
                      )}
                    </div>
                  </div>
                </article>
              </li>
            ))}
          </ul>
        ) : (
          <EmptyState>{t('podcastsEmpty')}</EmptyState>
        )}
      </div>
    </>
  );
}
