import { getTranslations } from 'next-intl/server';

import { EmbedFacade } from '@/components/cms/embed-facade';
import type { EventVideo as EventVideoData } from '@/lib/events/model';

/**
 * An event's optional video (docs/SPEC-NOTES.md §2, §9): a YouTube video as a click-to-load embed (nothing loads from YouTube
 * before the visitor presses play, docs/ARCHITECTURE.md §4; its hqdefault still shows once cookies are accepted), or a video file (mp4, webm, ogg, mov) in the browser's own
 * player, loaded only on play, with a download link as the fallback.
 */
export async function EventVideo({
  video,
  title,
  poster,
}: {
  video: EventVideoData;
  title: string;
  poster?: string;
}) {
  const [t, tEmbed] = await Promise.all([getTranslations('Events'), getTranslations('Embed')]);
  if (video.kind === 'youtube') {
    return (
      <EmbedFacade
        src={video.embedUrl}
        title={title}
        playLabel={tEmbed('play')}
        notice={tEmbed('notice')}
        thumbnail={video.thumbnailUrl}
      />
    );
  }
  return (
    <div className="my-6">
      <video
        controls
        preload="none"
        poster={poster}
        className="aspect-video w-full rounded-xl bg-black"
        aria-label={title}
      >
        <source src={video.url} type={video.mimeType} />
      </video>
      <p className="mt-2 text-sm">
        <a href={video.url} className="font-semibold text-brand underline" download>
          {t('videoDownload')}
        </a>
      </p>
    </div>
  );
}
