import { getTranslations } from 'next-intl/server';

import { prepareImage } from '@/components/cms/cms-image';
import { EmbedFacade } from '@/components/cms/embed-facade';
import { FallbackImage } from '@/components/cms/fallback-image';
import type { MediaArchiveItem } from '@/lib/cms';

/**
 * The video of a media archive item: a YouTube or Vimeo link becomes the click-to-load embed (the item's own image
 * behind the play button), a video file a native player that downloads nothing until played. Renders nothing when
 * the item has no video. The YouTube hqdefault thumbnail is not shown before the click: fetching it would contact
 * YouTube before the visitor chose to (docs/ARCHITECTURE.md §4); it is given to search engines in the JSON-LD instead.
 */
export async function MediaVideo({ item, priority }: { item: MediaArchiveItem; priority?: boolean }) {
  const video = item.video;
  if (!video) return null;
  if (video.type === 'file') {
    const poster = item.image
      ? // Not `priority`: that would preload the srcset's pick, and the poster attribute takes only `src`.
        prepareImage({ alt: '', width: 1280, height: 720 }, [item.image.url]).sources[0]?.src
      : undefined;
    return (
      <video
        controls
        preload="none"
        poster={poster}
        aria-label={item.title}
        className="aspect-video w-full rounded-xl bg-black"
      >
        <source src={video.url} />
      </video>
    );
  }
  const t = await getTranslations('Embed');
  let poster;
  if (item.image) {
    const { attributes, sources } = prepareImage(
      { alt: '', fill: true, priority, sizes: '(min-width: 768px) 768px, 100vw', className: 'object-cover' },
      [item.image.url],
    );
    poster = <FallbackImage {...attributes} alt="" fill sources={sources} />;
  }
  return (
    <EmbedFacade
      src={video.embedUrl}
      title={item.title}
      playLabel={t('play')}
      notice={t('notice')}
      poster={poster}
      thumbnail={video.type === 'youtube' ? video.thumbnailUrl : undefined}
    />
  );
}
