import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';

import { CmsImage, prepareImage } from '@/components/cms/cms-image';
import { Link } from '@/i18n/navigation';
import type { CmsImage as CmsImageData } from '@/lib/cms';

import { Lightbox, type LightboxSlide } from './lightbox';

export type GalleryGroup = {
  /** The item's title: the group heading, the lightbox caption and the base of generated alt texts. */
  title: string;
  /** The title's language when it is not the page's (components/cms/content-lang.tsx), for its `lang`. */
  lang?: string;
  /** The item page, linked from the heading. */
  href?: string;
  /** A line under the heading (date, image count). */
  meta?: ReactNode;
  images: CmsImageData[];
};

/** Large image sizes in the lightbox: the dialog is at most 72rem wide. */
const SLIDE_SIZES = '(min-width: 1152px) 1104px, 100vw';

/**
 * Image thumbnails, grouped under their item's heading (or one group without a heading), that open one shared
 * lightbox across all groups. Server component: next/image's props for thumbnails and large images are computed
 * here; only the Lightbox island runs in the browser. Images without alt text get '{title}, image {n}'.
 */
export async function ImageGallery({
  groups,
  headings = true,
}: {
  groups: GalleryGroup[];
  /** Render each group's title as an h2 (the images page); off for a single item's gallery. */
  headings?: boolean;
}) {
  const t = await getTranslations('Media');
  const failedLabel = (await getTranslations('Images'))('failed');
  const slides: LightboxSlide[] = [];
  const sections = groups.map((group) => {
    const thumbs = group.images.map((image, i) => {
      const alt = image.alt || t('imageAlt', { title: group.title, index: i + 1 });
      const { attributes, sources } = prepareImage(
        { alt, fill: true, sizes: SLIDE_SIZES, className: 'object-contain' },
        [image.url],
      );
      slides.push({
        caption: group.title,
        captionLang: group.lang,
        // The original URL follows the optimised one, as in CmsImage's fallback chain.
        image: {
          ...attributes,
          // Rendered only when shown in the dialog, so there is nothing to gain from lazy loading.
          loading: 'eager',
          alt,
          fill: true,
          sources: [...sources, { src: image.url }],
          failedLabel,
        },
      });
      return { image, alt, index: slides.length - 1 };
    });
    return { group, thumbs };
  });

  return (
    <Lightbox slides={slides}>
      <div className="space-y-12">
        {sections.map(({ group, thumbs }, g) => (
          <div key={`${g}-${group.title}`}>
            {headings ? (
              <div className="mb-4">
                <h2 lang={group.lang} className="text-2xl font-semibold text-balance">
                  {group.href ? (
                    <Link href={group.href} className="hover:text-brand hover:underline">
                      {group.title}
                    </Link>
                  ) : (
                    group.title
                  )}
                </h2>
                {group.meta ? <p className="mt-1 text-sm text-muted">{group.meta}</p> : null}
              </div>
            ) : null}
            <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
              {thumbs.map(({ image, alt, index }) => (
                <li key={index}>
                  <a
                    href={image.url}
                    data-lightbox-index={index}
                    className="group relative block aspect-[4/3] overflow-hidden rounded-xl bg-surface-strong"
                  >
                    <CmsImage
                      src={image.url}
                      alt={alt}
                      fill
                      sizes="(min-width: 1024px) 300px, (min-width: 640px) 33vw, 50vw"
                      className="object-cover motion-safe:transition-transform motion-safe:duration-300 motion-safe:group-hover:scale-105"
                    />
                    <span className="sr-only"> {t('viewLarger')}</span>
                  </a>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </Lightbox>
  );
}
