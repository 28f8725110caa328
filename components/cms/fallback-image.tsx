'use client';

import { ImageOff } from '@/components/icons/island-icons';
import { useState, type ImgHTMLAttributes } from 'react';

export type ImageSource = { src: string; srcSet?: string; sizes?: string };

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'sizes'> & {
  /** Tried in order; the next one is used when one fails to load. */
  sources: ImageSource[];
  /** Shown (with an icon) when every source failed; omit to render nothing (a decorative background). */
  failedLabel?: string;
  fill?: boolean;
};

/**
 * A plain <img> that walks a fallback chain on load errors (docs/SPEC-NOTES.md §8). The server prepares each source with
 * next/image's `getImageProps`, so no image component code ships to the browser: this island is a few hundred bytes.
 */
export function FallbackImage({ sources, failedLabel, fill, alt, className, ...img }: Props) {
  const [index, setIndex] = useState(0);
  const source = sources[index];
  if (!source) {
    if (failedLabel === undefined) return null;
    return (
      <div
        role="img"
        aria-label={alt ? `${alt}: ${failedLabel}` : failedLabel}
        className={`flex items-center justify-center gap-2 bg-surface-strong text-sm text-muted ${fill ? 'absolute inset-0' : ''} ${className ?? ''}`}
      >
        <ImageOff aria-hidden className="size-5" />
        <span>{failedLabel}</span>
      </div>
    );
  }
  return (
    // eslint-disable-next-line @next/next/no-img-element -- the props come from next/image's getImageProps
    <img
      {...img}
      key={source.src}
      alt={alt}
      className={className}
      src={source.src}
      srcSet={source.srcSet}
      sizes={source.sizes}
      onError={() => setIndex((i) => i + 1)}
    />
  );
}
