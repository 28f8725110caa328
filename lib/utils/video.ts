/**
 * Video URLs (docs/SPEC-NOTES.md §9): YouTube ids are 11 characters; thumbnails are `hqdefault`; files end in mp4, webm, ogg or
 * mov. Pure.
 */
const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;

/** The YouTube video id of a watch, short, embed or shorts URL, or a bare id; null otherwise. */
export function youtubeId(input: string): string | null {
  const value = input.trim();
  if (YOUTUBE_ID.test(value)) return value;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  const host = url.hostname.replace(/^www\.|^m\./, '');
  let id: string | null = null;
  if (host === 'youtu.be') id = url.pathname.slice(1).split('/')[0] ?? null;
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    id = url.searchParams.get('v') ?? /^\/(?:embed|shorts|live|v)\/([^/?#]+)/.exec(url.pathname)?.[1] ?? null;
  }
  return id && YOUTUBE_ID.test(id) ? id : null;
}

export function youtubeEmbedUrl(id: string): string {
  return `https://www.youtube-nocookie.com/embed/${id}`;
}

export function youtubeThumbnail(id: string): string {
  return `https://i.ytimg.com/vi/${id}/hqdefault.jpg`;
}

/** The Vimeo embed URL of a vimeo.com link, or null. */
export function vimeoEmbedUrl(input: string): string | null {
  const match = /^https:\/\/(?:www\.)?vimeo\.com\/(\d+)/.exec(input.trim());
  return match ? `https://player.vimeo.com/video/${match[1]}` : null;
}

/** True for a direct video file link (mp4, webm, ogg, mov). */
export function isVideoFile(input: string): boolean {
  return /\.(mp4|webm|ogg|mov)(\?|#|$)/i.test(input.trim());
}
