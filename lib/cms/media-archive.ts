import { isVideoFile, vimeoEmbedUrl, youtubeEmbedUrl, youtubeId, youtubeThumbnail } from '@/lib/utils/video';

import { normalizeImageUrl, type ImageHostConfig } from './images';
import type { CmsImage, MediaKind, MediaVideo } from './types';

/**
 * What a media archive item (docs/SPEC-NOTES.md §3, post type `media_archive`) shows, read from its raw ACF record. Pure.
 *
 * ACF returns a file or image field as a URL, an attachment id, or an object (`{ url, alt, width, height,
 * mime_type }`) depending on the field's return format, and `false`, `null`, `''` or `[]` when empty; a gallery is
 * a list of any of those. Attachment ids cannot be resolved without another request and are skipped.
 */

/** `gallery_image_1` … `gallery_image_20` (docs/SPEC-NOTES.md §9 gallery scan). */
export const GALLERY_FIELDS = Array.from({ length: 20 }, (_, i) => `gallery_image_${i + 1}`);

/** docs/SPEC-NOTES.md §3: the fields searched for an item's image, in this order. */
export const IMAGE_FIELD_ORDER = [
  'event_image',
  'publication_image',
  'featured_image',
  'image_gallery',
  ...GALLERY_FIELDS,
  'video_thumbnail',
  'poster_image',
  'media_file',
  'cover_image',
  'thumbnail',
  'podcast_audio_file',
  'external_url',
] as const;

/** Fields that may hold any file; an image is taken from them only when it is recognisably one. */
const GENERAL_FIELDS = new Set(['media_file', 'podcast_audio_file', 'external_url']);

const KIND_BY_TYPE: Record<string, MediaKind> = {
  image: 'image',
  photo: 'image',
  video: 'video',
  interview: 'video',
  audio: 'audio',
  podcast: 'audio',
};

const IMAGE_EXT = /\.(jpe?g|png|gif|webp|avif|svg)(\?|#|$)/i;
const AUDIO_EXT = /\.(mp3|wav|oga|ogg|m4a|aac|flac|opus|weba)(\?|#|$)/i;
const DOCUMENT_EXT = /\.(pdf|docx?|xlsx?|pptx?|zip|txt)(\?|#|$)/i;

/** One file or image value as ACF gives it. */
type FileRef = { url: string; alt?: string; width?: number; height?: number; mime?: string };

function str(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
}

function num(value: unknown): number | undefined {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) && n > 0 ? n : undefined;
}

/** A URL string or an ACF/REST file object → FileRef; ids, `false`, `null`, `''` and arrays → null. */
export function fileRef(value: unknown): FileRef | null {
  if (typeof value === 'string') return str(value) ? { url: value.trim() } : null;
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const v = value as Record<string, unknown>;
  const url = str(v.url) ?? str(v.source_url);
  if (!url) return null;
  const details = (v.media_details ?? {}) as Record<string, unknown>;
  return {
    url,
    alt: str(v.alt) ?? str(v.alt_text),
    width: num(v.width) ?? num(details.width),
    height: num(v.height) ?? num(details.height),
    mime: str(v.mime_type),
  };
}

/** The FileRefs of one field: a gallery (array) gives one per entry, in order. */
function refsOf(value: unknown): FileRef[] {
  const values = Array.isArray(value) ? value : [value];
  return values.map(fileRef).filter((r): r is FileRef => r !== null);
}

function isImageRef(ref: FileRef, field: string): boolean {
  if (ref.mime) return ref.mime.startsWith('image/');
  if (IMAGE_EXT.test(ref.url)) return true;
  if (GENERAL_FIELDS.has(field)) return false;
  // A dedicated image field holds an image unless its URL is plainly some other kind of file.
  return !AUDIO_EXT.test(ref.url) && !isVideoFile(ref.url) && !DOCUMENT_EXT.test(ref.url);
}

function toImage(ref: FileRef, ctx: ImageHostConfig): CmsImage | null {
  const url = normalizeImageUrl(ref.url, ctx);
  if (!url) return null;
  return { url, alt: ref.alt ?? '', width: ref.width, height: ref.height };
}

function imagesOf(fields: Record<string, unknown>, names: readonly string[], ctx: ImageHostConfig) {
  return names.flatMap((field) =>
    refsOf(fields[field])
      .filter((ref) => isImageRef(ref, field))
      .map((ref) => toImage(ref, ctx))
      .filter((image): image is CmsImage => image !== null),
  );
}

/**
 * The item's image: the first image in docs/SPEC-NOTES.md §3's field order, else `featured` (the embedded featured media).
 * When the chosen URL is the featured image's, the featured one is returned, as it carries alt text and size.
 */
export function chooseMediaImage(
  fields: Record<string, unknown>,
  featured: CmsImage | null,
  ctx: ImageHostConfig = {},
): CmsImage | null {
  const [first] = imagesOf(fields, IMAGE_FIELD_ORDER, ctx);
  if (!first) return featured;
  return featured && featured.url === first.url ? featured : first;
}

/** `image_gallery` entries then `gallery_image_1` … `gallery_image_20`, normalised, each URL once. */
export function collectGallery(fields: Record<string, unknown>, ctx: ImageHostConfig = {}): CmsImage[] {
  const seen = new Set<string>();
  return imagesOf(fields, ['image_gallery', ...GALLERY_FIELDS], ctx).filter((image) => {
    if (seen.has(image.url)) return false;
    seen.add(image.url);
    return true;
  });
}

function isAudioRef(ref: FileRef, dedicated: boolean): boolean {
  if (ref.mime) return ref.mime.startsWith('audio/');
  if (AUDIO_EXT.test(ref.url)) return true;
  // `podcast_audio_file` is an audio field: anything but an image or a video file counts.
  return dedicated && !IMAGE_EXT.test(ref.url) && !isVideoFile(ref.url) && !DOCUMENT_EXT.test(ref.url);
}

/** The audio file: `podcast_audio_file`, else an audio `media_file` or `external_url`; normalised, or null. */
export function findAudioUrl(fields: Record<string, unknown>, ctx: ImageHostConfig = {}): string | null {
  for (const field of ['podcast_audio_file', 'media_file', 'external_url']) {
    for (const ref of refsOf(fields[field])) {
      if (!isAudioRef(ref, field === 'podcast_audio_file')) continue;
      const url = normalizeImageUrl(ref.url, ctx);
      if (url) return url;
    }
  }
  return null;
}

/**
 * The video: a YouTube (11-character id, hqdefault thumbnail) or Vimeo link, or a video file (mp4, webm, ogg,
 * mov, or a `video/*` file object) in `media_file` or `external_url`; null when there is none.
 */
export function findVideo(fields: Record<string, unknown>, ctx: ImageHostConfig = {}): MediaVideo | null {
  for (const field of ['media_file', 'external_url']) {
    for (const ref of refsOf(fields[field])) {
      const id = youtubeId(ref.url);
      if (id)
        return { type: 'youtube', id, embedUrl: youtubeEmbedUrl(id), thumbnailUrl: youtubeThumbnail(id) };
      const vimeo = vimeoEmbedUrl(ref.url);
      if (vimeo) return { type: 'vimeo', embedUrl: vimeo };
      const isFile = ref.mime ? ref.mime.startsWith('video/') : isVideoFile(ref.url);
      const url = isFile ? normalizeImageUrl(ref.url, ctx) : '';
      if (url) return { type: 'file', url };
    }
  }
  return null;
}

/** `acf.external_url` when it is an absolute http(s) URL. */
export function findExternalUrl(fields: Record<string, unknown>): string | null {
  const value = fileRef(fields.external_url)?.url;
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
  } catch {
    return null;
  }
}

/**
 * How the item is shown, from `acf.media_type` (image/photo → image, video/interview → video, audio/podcast →
 * audio). When the type names one kind but only the other kind of recording is attached (an audio interview),
 * the recording wins; an unknown or missing type is video or audio if there is one, else image.
 */
export function mediaKind(mediaType: string | null, has: { video: boolean; audio: boolean }): MediaKind {
  const named = mediaType ? KIND_BY_TYPE[mediaType.toLowerCase()] : undefined;
  if (named === 'video' && !has.video && has.audio) return 'audio';
  if (named === 'audio' && !has.audio && has.video) return 'video';
  if (named) return named;
  if (has.video) return 'video';
  if (has.audio) return 'audio';
  return 'image';
}
