import { getTranslations } from 'next-intl/server';

import { EmbedFacade } from '@/components/cms/embed-facade';
import { isVideoFile, vimeoEmbedUrl, youtubeEmbedUrl, youtubeId } from '@/lib/utils/video';

/** Whether `url` is a video HomeVideo can show (a YouTube or Vimeo link, or a video file). Pure. */
export function isShowableVideo(url: string | undefined): url is string {
  if (!url) return false;
  const id = youtubeId(url);
  return Boolean(id || vimeoEmbedUrl(url) || isVideoFile(url));
}

/**
 * The video beside the home About text: a YouTube or Vimeo link becomes a click-to-load embed, a video file a
 * native player that downloads nothing until played. Anything else renders nothing.
 */
export async function HomeVideo({ url, title }: { url: string | undefined; title: string }) {
  if (!url) return null;
  const t = await getTranslations('Embed');
  const id = youtubeId(url);
  const embed = id ? youtubeEmbedUrl(id) : vimeoEmbedUrl(url);
  if (embed) return <EmbedFacade src={embed} title={title} playLabel={t('play')} notice={t('notice')} />;
  if (isVideoFile(url)) {
    return (
      <video controls preload="none" className="aspect-video w-full rounded-xl bg-black" aria-label={title}>
        <source src={url} />
      </video>
    );
  }
  return null;
}
