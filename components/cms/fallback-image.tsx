'use client';

import { ImageOff } from '@/components/icons/island-icons';
import { useCallback, useEffect, useRef, useState, type ImgHTMLAttributes } from 'react';

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
 *
 * The server-rendered <img> starts loading before React hydrates, and an error that fires before then reaches no
 * `onError` (audit HM4: a hero image answering 404 at once stayed broken). So on mount it also looks at the image
 * itself: finished and with no width (`complete && naturalWidth === 0`, confirmed by `decode()`) means it already
 * failed. Both paths advance only from the source that failed, so an error seen twice (the check and a late event)
 * skips nothing.
 */
export function FallbackImage({ sources, failedLabel, fill, alt, className, ...img }: Props) {
  const [index, setIndex] = useState(0);
  const ref = useRef<HTMLImageElement>(null);
  const source = sources[index];
  const failed = useCallback(
    (src: string) => setIndex((i) => (sources[i]?.src === src ? i + 1 : i)),
    [sources],
  );
  useEffect(() => {
    const el = ref.current;
    const first = sources[0];
    // decode() confirms it: it rejects for a broken image, and resolves for one that loaded with no intrinsic
    // width (an SVG without width/height reads naturalWidth 0 in some browsers).
    if (el && first && el.complete && el.naturalWidth === 0) el.decode().catch(() => failed(first.src));
    // Only the server-rendered image can have failed unseen; later ones are created with onError attached.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
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
      ref={ref}
      alt={alt}
      className={className}
      src={source.src}
      srcSet={source.srcSet}
      sizes={source.sizes}
      onError={() => failed(source.src)}
    />
  );
}
