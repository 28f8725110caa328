import { ArrowLeft } from '@/components/icons/icons';
import { getTranslations } from 'next-intl/server';

import { Link } from '@/i18n/navigation';
import type { CmsImage as CmsImageData } from '@/lib/cms';

import { CmsImage } from './cms-image';

/**
 * The featured image at the top of a post, report, event or page: 16:9, cover, loaded with priority (it is the
 * LCP). When every source fails it reads 'Featured image could not be displayed' (spec §8, messages
 * `Images.featuredFailed`). Renders nothing when there is no image. `className` sets width and spacing.
 */
export async function FeatureImage({
  image,
  sizes = '(min-width: 768px) 768px, 100vw',
  className = 'rounded-2xl',
}: {
  image: CmsImageData | null;
  sizes?: string;
  className?: string;
}) {
  if (!image) return null;
  const t = await getTranslations('Images');
  return (
    <div className={`relative aspect-[16/9] overflow-hidden ${className}`}>
      <CmsImage
        src={image.url}
        alt={image.alt}
        fill
        priority
        sizes={sizes}
        className="object-cover"
        failedLabel={t('featuredFailed')}
      />
    </div>
  );
}

/** The "Back to …" link above a single item. */
export function BackLink({ href, label }: { href: string; label: string }) {
  return (
    <Link
      href={href}
      className="inline-flex items-center gap-2 text-sm font-semibold text-brand hover:underline"
    >
      <ArrowLeft aria-hidden className="size-4" />
      {label}
    </Link>
  );
}
