import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { notFound } from 'next/navigation';

import { CmsHtml } from '@/components/cms/cms-html';
import { contentLang } from '@/components/cms/content-lang';
import { EnglishOnlyNote } from '@/components/cms/english-only-note';
import { BackLink, FeatureImage } from '@/components/cms/feature-image';
import { ContentNote } from '@/components/help/content-note';
import { ExitControl } from '@/components/help/exit-control';
import { PageHeader } from '@/components/layout/page-header';
import { AudioPlayer } from '@/components/media/audio-player';
import { MediaExternalLink } from '@/components/media/external-link';
import { ImageGallery } from '@/components/media/image-gallery';
import { KIND_LABEL } from '@/components/media/media-kind';
import { MediaVideo } from '@/components/media/media-video';
import { JsonLd } from '@/components/seo/json-ld';
import { Link } from '@/i18n/navigation';
import { localizedPath } from '@/i18n/paths';
import { localeParam, slugParam } from '@/i18n/params';
import {
  getMediaArchive,
  getMediaArchiveItem,
  getMediaCategories,
  needsContentNote,
  type MediaArchiveItem,
} from '@/lib/cms';
import { siteConfig } from '@/lib/config/site';
import { formatDate, isoDate } from '@/lib/utils/format';
import { mediaObjectJsonLd } from '@/lib/seo/json-ld';
import { pageMetadata } from '@/lib/seo/metadata';

export const revalidate = 3600;

export async function generateStaticParams() {
  return (await getMediaArchive()).slice(0, 20).map((item) => ({ slug: item.slug }));
}

export async function generateMetadata({
  params,
}: PageProps<'/[locale]/media-archive/[slug]'>): Promise<Metadata> {
  const locale = await localeParam(params);
  const item = await getMediaArchiveItem(await slugParam(params));
  const t = await getTranslations({ locale, namespace: 'Media' });
  if (!item) return { title: t('notFoundTitle') };
  return pageMetadata({
    locale,
    path: `/media-archive/${item.slug}`,
    title: item.title,
    description: item.excerpt.slice(0, 160) || item.title,
  });
}

/** The image, player or video of an item, by kind; the gallery (if any) follows the item's image. */
async function ItemMedia({ item, lang }: { item: MediaArchiveItem; lang?: string }) {
  if (item.kind === 'video' && item.video) return <MediaVideo item={item} priority />;
  const image = <FeatureImage image={item.image} />;
  if (item.kind === 'audio') {
    return (
      <div className="space-y-6">
        {image}
        {item.audioUrl ? <AudioPlayer src={item.audioUrl} title={item.title} titleLang={lang} /> : null}
      </div>
    );
  }
  if (item.kind === 'video' || item.gallery.length === 0) return image;
  const t = await getTranslations('Media');
  return (
    <div className="space-y-8">
      {image}
      <section aria-labelledby="media-gallery">
        <h2 id="media-gallery" className="mb-4 text-2xl font-semibold">
          {t('gallery')}
        </h2>
        <ImageGallery headings={false} groups={[{ title: item.title, lang, images: item.gallery }]} />
      </section>
    </div>
  );
}

/**
 * A media archive item (docs/SPEC-NOTES.md §2 `/media-archive/{slug}`): its image, video or audio by kind, date, categories
 * (links to the filtered hub), description and external link, with schema.org Image/Video/AudioObject data. Items
 * are English: under /es, /fr, /pt the title, categories and description carry `lang="en"` under the 'English only'
 * note. An item tagged `content-note` (lib/cms/content-note.ts: the vigil's photos) opens with 'Exit this page' and a
 * content note, before its title and image.
 */
export default async function MediaArchiveItemPage({ params }: PageProps<'/[locale]/media-archive/[slug]'>) {
  const locale = await localeParam(params);
  const item = await getMediaArchiveItem(await slugParam(params));
  if (!item) notFound();
  const [t, categories] = await Promise.all([getTranslations('Media'), getMediaCategories()]);
  const terms = categories.filter((c) => item.categoryIds.includes(c.id));
  const published = isoDate(item.dateGmt);
  const lang = contentLang(locale);
  const noRecording =
    (item.kind === 'audio' && !item.audioUrl) || (item.kind === 'video' && !item.video && !item.externalUrl);
  const sensitive = needsContentNote(item);
  return (
    // One element around the whole item: the sticky 'Exit this page' stays in view as long as it does.
    <div>
      <JsonLd
        data={mediaObjectJsonLd(siteConfig(), {
          kind: item.kind,
          path: localizedPath(locale, `/media-archive/${item.slug}`),
          title: item.title,
          description: item.excerpt,
          datePublished: published,
          imageUrl: item.image?.url,
          contentUrl:
            item.kind === 'audio'
              ? (item.audioUrl ?? undefined)
              : item.video?.type === 'file'
                ? item.video.url
                : undefined,
          embedUrl: item.video && item.video.type !== 'file' ? item.video.embedUrl : undefined,
          thumbnailUrl: item.video?.type === 'youtube' ? item.video.thumbnailUrl : undefined,
          inLanguage: locale,
        })}
      />
      {sensitive ? (
        <>
          <ExitControl columnClassName="mx-auto max-w-3xl px-4 sm:px-6" />
          <div className="mx-auto max-w-3xl px-4 pb-6 sm:px-6">
            <ContentNote kind="page" />
          </div>
        </>
      ) : null}
      <div lang={lang}>
        <PageHeader title={item.title}>
          <dl lang={lang ? locale : undefined} className="mt-6 flex flex-wrap gap-x-8 gap-y-2 text-white/90">
            <div>
              <dt className="text-sm text-white/80">{t('type')}</dt>
              <dd className="font-semibold">{t(KIND_LABEL[item.kind])}</dd>
            </div>
            <div>
              <dt className="text-sm text-white/80">{t('published')}</dt>
              <dd className="font-semibold">
                <time dateTime={published}>{formatDate(item.dateGmt, locale)}</time>
              </dd>
            </div>
          </dl>
        </PageHeader>
      </div>
      <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
        <BackLink href="/media" label={t('back')} />
        {lang ? <EnglishOnlyNote kind="page" className="mt-6" /> : null}
        <div className="mt-6">
          <ItemMedia item={item} lang={lang} />
        </div>
        {noRecording ? (
          <p className="mt-4 text-sm text-muted">{item.kind === 'audio' ? t('noRecording') : t('noVideo')}</p>
        ) : null}
        {terms.length > 0 ? (
          <div className="mt-6 flex flex-wrap items-center gap-2">
            <h2 className="text-sm font-semibold">{t('categories')}</h2>
            <ul className="flex flex-wrap gap-2">
              {terms.map((term) => (
                <li key={term.id}>
                  <Link
                    href={`/media/category/${term.slug}`}
                    lang={lang}
                    className="inline-block rounded-full border border-border px-3 py-1 text-sm font-semibold text-brand hover:bg-surface"
                  >
                    {term.name}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <div lang={lang} className="mt-8">
          <CmsHtml html={item.html} />
        </div>
        {item.externalUrl ? (
          <p className="mt-8">
            <MediaExternalLink url={item.externalUrl} />
          </p>
        ) : null}
      </div>
    </div>
  );
}
