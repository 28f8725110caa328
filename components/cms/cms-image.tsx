import { getTranslations } from 'next-intl/server';
import { getImageProps, type ImageProps } from 'next/image';
import { preload } from 'react-dom';

import { imageQuality } from '@/lib/cms/images';

import { FallbackImage, type ImageSource } from './fallback-image';

type Props = Omit<ImageProps, 'src' | 'quality' | 'onError' | 'loader'> & {
  src: string | null | undefined;
  /** Used after the optimised image and the original URL both failed. */
  fallbackSrc?: string;
  /** The text of the box shown when every source failed; default 'Image failed to load' (messages `Images.failed`). */
  failedLabel?: string;
};

/**
 * Runs next/image's `getImageProps` once per URL (spec widths, quality 85 or 80, WebP) and returns the optimised
 * sources in order, plus the `<img>` attributes (loading, decoding, size or fill style) taken from the first.
 *
 * A `priority` (or `preload`) image is the page's largest paint: it gets `fetchpriority="high"` and a
 * `<link rel="preload" as="image">` with the same srcset and sizes in the document's head (react-dom's
 * `preload`), which the `<Image>` component does but `getImageProps` alone does not. Without them the browser
 * fetched it at the same priority as the scripts and font, and Lighthouse counted most of the LCP as its load time.
 */
export function prepareImage(props: Omit<ImageProps, 'src'>, urls: string[]) {
  const lcp = Boolean(props.priority || props.preload);
  const prepared = urls.map(
    (src) =>
      getImageProps({
        ...props,
        ...(lcp ? { fetchPriority: 'high' as const } : {}),
        src,
        quality: imageQuality(src),
      }).props,
  );
  const sources: ImageSource[] = prepared.map((p) => ({ src: p.src, srcSet: p.srcSet, sizes: p.sizes }));
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- the sources travel separately
  const { src: _src, srcSet: _srcSet, sizes: _sizes, ...attributes } = prepared[0] ?? {};
  const first = sources[0];
  if (lcp && first) {
    preload(first.src, {
      as: 'image',
      fetchPriority: 'high',
      ...(first.srcSet ? { imageSrcSet: first.srcSet, imageSizes: first.sizes } : {}),
    });
  }
  return { attributes, sources };
}

/**
 * A CMS image with the spec's fallback chain (§8): the optimised image, then the original URL unoptimised, then
 * `fallbackSrc`, then a labelled box: 'Image failed to load', or `failedLabel` (a featured image says 'Featured image
 * could not be displayed', FeatureImage). Server component: next/image computes the sources here, and only the tiny
 * FallbackImage island runs in the browser.
 */
export async function CmsImage({ src, fallbackSrc, failedLabel, ...rest }: Props) {
  const t = await getTranslations('Images');
  const urls = [src, fallbackSrc !== src ? fallbackSrc : undefined].filter((u): u is string => Boolean(u));
  const { attributes, sources } = prepareImage(rest, urls);
  // The original, unoptimised URL comes right after its optimised version.
  if (src) sources.splice(1, 0, { src });
  return (
    <FallbackImage
      {...attributes}
      fill={Boolean(rest.fill)}
      sources={sources}
      failedLabel={failedLabel ?? t('failed')}
    />
  );
}
