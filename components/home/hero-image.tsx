import { prepareImage } from '@/components/cms/cms-image';
import { FallbackImage } from '@/components/cms/fallback-image';

/**
 * The home hero's background (docs/SPEC-NOTES.md §2 Home): each candidate in order (lib/home/resolve-hero.ts: the WordPress
 * hero image, the featured media, the first image in the content, the fallback background images), moving on when one fails to
 * load; when all fail nothing renders and the gradient behind shows. Decorative: the hero's text carries the
 * meaning. A candidate next/image refuses outright (in development it throws for a host missing from
 * images.remotePatterns, e.g. a database row pointing elsewhere) is left out rather than failing the page; in
 * production the optimiser answers 400 for it and the browser moves on the same way.
 */
export function HeroImage({ candidates }: { candidates: string[] }) {
  const common = { alt: '', fill: true, priority: true, sizes: '100vw', className: 'object-cover' } as const;
  const usable = candidates.filter((src) => {
    try {
      // Without `priority`: only a check here, which must not preload every candidate.
      prepareImage({ ...common, priority: false }, [src]);
      return true;
    } catch {
      return false;
    }
  });
  if (usable.length === 0) return null;
  const { attributes, sources } = prepareImage(common, usable);
  return <FallbackImage {...attributes} fill sources={sources} />;
}
