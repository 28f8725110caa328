import { getTranslations } from 'next-intl/server';
import { getImageProps, type ImageProps } from 'next/image';

import { imageQuality } from '@/lib/cms/images';

import { FallbackImage, type ImageSource } from './fallback-image';

type Props = Omit<ImageProps, 'src' | 'quality' | 'onError' | 'loader'> & {
  src: string | null | undefined;
  /** Used after the optimised image and the original URL both failed. */
  fallbackSrc?: string;
  /** Decorative background: render nothing (not the failure box) when every source fails. */
  decorative?: boolean;
};

/** next/image's optimised `src`/`srcSet`/`sizes` for a URL (spec widths, quality 85 or 80, WebP). */
export function optimisedSource(src: string, props: Omit<ImageProps, 'src'>): ImageSource {
  const { props: out } = getImageProps({ ...props, src, quality: imageQuality(src) });
  return { src: out.src, srcSet: out.srcSet, sizes: out.sizes };
}

/** The `<img>` attributes next/image would render (loading, decoding, width/height or fill style), minus the sources. */
export function imgAttributes(props: Omit<ImageProps, 'src'>, src: string) {
  const { src: _src, srcSet: _srcSet, sizes: _sizes, ...rest } = getImageProps({ ...props, src }).props; // eslint-disable-line @typescript-eslint/no-unused-vars -- dropped on purpose
  return rest;
}

/**
 * A CMS image with the spec's fallback chain (§8): the optimised image, then the original URL unoptimised, then
 * `fallbackSrc`, then a labelled 'Image failed to load' box. Server component: next/image computes the sources
 * here, and only the tiny FallbackImage island runs in the browser.
 */
export async function CmsImage({ src, fallbackSrc, decorative, ...rest }: Props) {
  const t = await getTranslations('Images');
  const sources: ImageSource[] = [];
  if (src) sources.push(optimisedSource(src, rest), { src });
  if (fallbackSrc && fallbackSrc !== src) sources.push(optimisedSource(fallbackSrc, rest));
  const img = imgAttributes(rest, src || fallbackSrc || '/images/default-post.jpg');
  return (
    <FallbackImage
      {...img}
      fill={Boolean(rest.fill)}
      sources={sources}
      failedLabel={decorative ? undefined : t('failed')}
    />
  );
}
