'use client';

import { ImageOff } from 'lucide-react';
import { useTranslations } from 'next-intl';
import Image, { type ImageProps } from 'next/image';
import { useState } from 'react';

import { imageQuality } from '@/lib/cms/images';

type Props = Omit<ImageProps, 'src' | 'onError' | 'quality'> & {
  src: string | null | undefined;
  /** Shown after the optimised image and the original URL both failed (spec §8 fallback chain). */
  fallbackSrc?: string;
};

/**
 * A CMS image with the spec's fallback chain: the optimised image (next/image, WebP, spec widths), then the
 * original URL unoptimised, then `fallbackSrc`, then a labelled 'Image failed to load' box of the same size.
 */
export function CmsImage({ src, fallbackSrc, alt, className, fill, ...rest }: Props) {
  const t = useTranslations('Images');
  const [stage, setStage] = useState<'optimised' | 'original' | 'fallback' | 'failed'>('optimised');
  const current = stage === 'fallback' ? fallbackSrc : src;

  if (!current || stage === 'failed') {
    return (
      <div
        role="img"
        aria-label={alt ? `${alt}: ${t('failed')}` : t('failed')}
        className={`flex items-center justify-center gap-2 bg-surface-strong text-sm text-muted ${fill ? 'absolute inset-0' : ''} ${className ?? ''}`}
      >
        <ImageOff aria-hidden className="size-5" />
        <span>{t('failed')}</span>
      </div>
    );
  }

  return (
    <Image
      {...rest}
      fill={fill}
      alt={alt}
      className={className}
      src={current}
      quality={imageQuality(current)}
      unoptimized={stage !== 'optimised'}
      onError={() =>
        setStage((s) => (s === 'optimised' ? 'original' : s === 'original' && fallbackSrc ? 'fallback' : 'failed'))
      }
    />
  );
}
