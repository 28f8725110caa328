import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';

import { ContentLangTag, contentLang } from '@/components/cms/content-lang';
import { PageHeader } from '@/components/layout/page-header';
import { ImageGallery } from '@/components/media/image-gallery';
import { EmptyState } from '@/components/ui/empty-state';
import { localeParam } from '@/i18n/params';
import { getMediaArchive, type CmsImage } from '@/lib/cms';
import { formatDate } from '@/lib/utils/format';
import { pageMetadata } from '@/lib/seo/metadata';

export const revalidate = 3600;

export async function generateMetadata({ params }: PageProps<'/[locale]/media/images'>): Promise<Metadata> {
  const locale = await localeParam(params);
  const t = await getTranslations({ locale, namespace: 'Media' });
  return pageMetadata({
    locale,
    path: '/media/images',
    title: t('imagesTitle'),
    description: t('imagesDescription'),
  });
}

/** The item's image then its gallery images, each URL once. */
function imagesOf(image: CmsImage | null, gallery: CmsImage[]): CmsImage[] {
  const seen = new Set<string>();
  return [image, ...gallery].filter((i): i is CmsImage => {
    if (!i || seen.has(i.url)) return false;
    seen.add(i.url);
    return true;
  });
}

/**
 * Image gallery (docs/SPEC-NOTES.md §2): every image-kind media archive item with its gallery images, in one lightbox.
 * Items are English: under /es, /fr, /pt each group's title carries `lang="en"` and its line the 'English' tag.
 */
export default async function MediaImagesPage({ params }: PageProps<'/[locale]/media/images'>) {
  const locale = await localeParam(params);
  const t = await getTranslations('Media');
  const items = (await getMediaArchive()).filter((i) => i.kind === 'image');
  const groups = items
    .map((item) => ({ item, images: imagesOf(item.image, item.gallery) }))
    .filter((g) => g.images.length > 0)
    .map(({ item, images }) => ({
      title: item.title,
      lang: contentLang(locale),
      href: `/media-archive/${item.slug}`,
      meta: (
        <span className="inline-flex flex-wrap items-center gap-2">
          {`${formatDate(item.dateGmt, locale)} · ${t('imageCount', { count: images.length })}`}
          <ContentLangTag locale={locale} />
        </span>
      ),
      images,
    }));
  return (
    <>
      <PageHeader title={t('imagesTitle')} subtitle={t('imagesSubtitle')} />
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
        {groups.length > 0 ? <ImageGallery groups={groups} /> : <EmptyState>{t('imagesEmpty')}</EmptyState>}
      </div>
    </>
  );
}
