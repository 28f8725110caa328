/**
 * Attachment IDs in ACF fields → the media they point at, in one batched read.
 *
 * The site asks WordPress for formatted ACF values (`acf_format=standard`), which gives URLs or ACF's image/file
 * arrays. An attachment ID can still arrive: a field group whose image/file field returns "Image ID"/"File ID", a
 * URL field given an upload's ID, or an ACF that ignores `acf_format` (before 5.11). `resolveAcfAttachments` finds
 * every such ID in the file and image fields the site reads (below), looks them all up with ONE lookup call (the
 * caller's `/wp/v2/media?include=…`, chunked at 100, never one request per item) and puts an ACF-style
 * `{ ID, url, alt, width, height, mime_type }` object in their place. An ID WordPress does not return (deleted,
 * private, never existed) becomes `null` in a single field and is left out of a gallery, so reshape treats it as
 * empty instead of reading a bare number. Pure apart from the lookup; the input items are not modified.
 */

/** The `acf` fields that hold one file or image (the plugin's field groups and the shim's "file" fields). */
export const ACF_FILE_FIELDS: ReadonlySet<string> = new Set([
  // page
  'background_image',
  // reports
  'pdf_file',
  'pdf',
  // events
  'image',
  'video_url',
  // team member
  'photo',
  // media archive
  'event_image',
  'publication_image',
  'featured_image',
  'cover_image',
  'thumbnail',
  'poster_image',
  'video_thumbnail',
  'media_file',
  'podcast_audio_file',
  ...Array.from({ length: 20 }, (_, i) => `gallery_image_${i + 1}`),
]);

/** The `acf` fields that hold a list of images. */
export const ACF_GALLERY_FIELDS: ReadonlySet<string> = new Set(['image_gallery']);

/** The most IDs one `/wp/v2/media?include=` read may ask for (WordPress caps `per_page` at 100). */
export const MEDIA_BATCH = 100;

/** Looks up attachments by ID; returns the raw `/wp/v2/media` items it found (in any order). */
export type MediaLookup = (ids: number[]) => Promise<unknown[]>;

/** An ACF image/file array as `acf_format=standard` gives it with the "array" return format. */
export type ResolvedAttachment = {
  ID: number;
  id: number;
  url: string;
  alt: string;
  title: string;
  mime_type: string;
  width?: number;
  height?: number;
};

function attachmentId(value: unknown): number | null {
  if (typeof value === 'number') return Number.isInteger(value) && value > 0 ? value : null;
  if (typeof value === 'string' && /^\d{1,12}$/.test(value.trim())) {
    const n = Number(value.trim());
    return n > 0 ? n : null;
  }
  return null;
}

function acfOf(item: unknown): Record<string, unknown> | null {
  if (!item || typeof item !== 'object') return null;
  const acf = (item as { acf?: unknown }).acf;
  return acf && typeof acf === 'object' && !Array.isArray(acf) ? (acf as Record<string, unknown>) : null;
}

/** Every attachment ID in the file, image and gallery fields of the items' `acf`, each once, in first-seen order. */
export function collectAttachmentIds(items: readonly unknown[]): number[] {
  const ids = new Set<number>();
  for (const item of items) {
    const acf = acfOf(item);
    if (!acf) continue;
    for (const [name, value] of Object.entries(acf)) {
      if (ACF_FILE_FIELDS.has(name)) {
        const id = attachmentId(value);
        if (id) ids.add(id);
      } else if (ACF_GALLERY_FIELDS.has(name) && Array.isArray(value)) {
        for (const entry of value) {
          const id = attachmentId(entry);
          if (id) ids.add(id);
        }
      }
    }
  }
  return [...ids];
}

function toAttachment(raw: unknown): ResolvedAttachment | null {
  if (!raw || typeof raw !== 'object') return null;
  const m = raw as Record<string, unknown>;
  const id = attachmentId(m.id);
  const url = typeof m.source_url === 'string' ? m.source_url.trim() : '';
  if (!id || !url) return null;
  const details = (m.media_details && typeof m.media_details === 'object' ? m.media_details : {}) as Record<
    string,
    unknown
  >;
  const title =
    m.title && typeof m.title === 'object' ? (m.title as { rendered?: unknown }).rendered : m.title;
  const size = (v: unknown) => (typeof v === 'number' && v > 0 ? v : undefined);
  return {
    ID: id,
    id,
    url,
    alt: typeof m.alt_text === 'string' ? m.alt_text : '',
    title: typeof title === 'string' ? title : '',
    mime_type: typeof m.mime_type === 'string' ? m.mime_type : '',
    width: size(details.width),
    height: size(details.height),
  };
}

/**
 * The items with every attachment ID in their file/image/gallery fields replaced (see the module comment).
 * Makes no lookup when there is no ID; otherwise one lookup per 100 distinct IDs, whatever the number of items.
 * A failing lookup throws (the caller's read fails as a whole and its fallbacks apply).
 */
export async function resolveAcfAttachments(items: unknown[], lookup: MediaLookup): Promise<unknown[]> {
  const ids = collectAttachmentIds(items);
  if (ids.length === 0) return items;
  const found = new Map<number, ResolvedAttachment>();
  for (let i = 0; i < ids.length; i += MEDIA_BATCH) {
    for (const raw of await lookup(ids.slice(i, i + MEDIA_BATCH))) {
      const attachment = toAttachment(raw);
      if (attachment) found.set(attachment.id, attachment);
    }
  }
  return items.map((item) => {
    const acf = acfOf(item);
    if (!acf) return item;
    let changed = false;
    const next: Record<string, unknown> = { ...acf };
    for (const [name, value] of Object.entries(acf)) {
      if (ACF_FILE_FIELDS.has(name)) {
        const id = attachmentId(value);
        if (id) {
          next[name] = found.get(id) ?? null;
          changed = true;
        }
      } else if (ACF_GALLERY_FIELDS.has(name) && Array.isArray(value) && value.some((v) => attachmentId(v))) {
        next[name] = value.flatMap((entry) => {
          const id = attachmentId(entry);
          if (!id) return [entry];
          const attachment = found.get(id);
          return attachment ? [attachment] : [];
        });
        changed = true;
      }
    }
    return changed ? { ...(item as Record<string, unknown>), acf: next } : item;
  });
}
