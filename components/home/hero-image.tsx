import { prepareImage } from '@/components/cms/cms-image';
import { FallbackImage } from '@/components/cms/fallback-image';

/**
 * The home hero's background (spec §2 Home): each candidate in order (featured media, first image in the content,
 * the fallback background image), moving on when one fails to load; when all fail nothing renders and the
 * gradient behind shows. Decorative: the hero's text carries the meaning.
 */
export function HeroImage({ candidates }: { candidates: string[] }) {
  if (candidates.length === 0) return null;
  const common = { alt: '', fill: true, priority: true, sizes: '100vw', className: 'object-cover' } as const;
  const { attributes, sources } = prepareImage(common, candidates);
  return <FallbackImage {...attributes} fill sources={sources} />;
}
