'use client';

import Image from 'next/image';
import { useState } from 'react';

import { imageQuality } from '@/lib/cms/images';

/**
 * The home hero's background (spec §2 Home): tries each candidate in order (featured media, first image in the
 * content, the fallback background image), moving on when one fails to load; when all fail it renders nothing
 * and the gradient behind it shows. Decorative: the hero's text carries the meaning.
 */
export function HeroImage({ candidates }: { candidates: string[] }) {
  const [index, setIndex] = useState(0);
  const src = candidates[index];
  if (!src) return null;
  return (
    <Image
      key={src}
      src={src}
      alt=""
      fill
      priority
      sizes="100vw"
      quality={imageQuality(src)}
      className="object-cover"
      onError={() => setIndex((i) => i + 1)}
    />
  );
}
