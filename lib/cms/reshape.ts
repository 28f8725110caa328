import { z } from 'zod';

import { normalizeImageUrl } from './images';
import {
  chooseMediaImage,
  collectGallery,
  findAudioUrl,
  findExternalUrl,
  findVideo,
  mediaKind,
} from './media-archive';
import { sanitizeCmsHtml, type SanitizeOptions } from './sanitize';
import { seoFromYoast, type SeoContext } from './seo';
import { htmlToText } from '@/lib/utils/text';
import type {
  Author,
  Cause,
  CmsEvent,
  CmsImage,
  MediaArchiveItem,
  MediaItem,
  Page,
  Post,
  PostSummary,
  Report,
  TeamMember,
  Term,
  Vacancy,
} from './types';

/**
 * WordPress REST JSON → domain types. Each raw item is parsed with a lenient zod schema (WordPress and ACF vary:
 * `acf` is `[]` when empty, embedded media may be an error object, fields may be `false` or `null`). An item that
 * does not parse is logged and skipped by `reshapeList`, never crashing a page.
 */

const rendered = z
  .object({ rendered: z.string().catch('') })
  .partial()
  .transform((v) => v.rendered ?? '')
  .catch('');

const looseRecord = z
  .union([z.record(z.string(), z.unknown()), z.array(z.unknown())])
  .transform((v): Record<string, unknown> => (Array.isArray(v) ? {} : v))
  .catch({});

const embeddedMedia = z
  .object({
    source_url: z.string(),
    alt_text: z.string().catch('').optional(),
    media_details: z
      .object({
        width: z.number().optional().catch(undefined),
        height: z.number().optional().catch(undefined),
      })
      .partial()
      .catch({})
      .optional(),
  })
  .optional()
  .catch(undefined);

const embeddedAuthor = z
  .object({ name: z.string(), link: z.string().optional().catch(undefined) })
  .optional()
  .catch(undefined);

const embedded = z
  .object({
    author: z.array(z.unknown()).optional().catch(undefined),
    'wp:featuredmedia': z.array(z.unknown()).optional().catch(undefined),
    'wp:term': z.array(z.unknown()).optional().catch(undefined),
  })
  .partial()
  .optional()
  .catch(undefined);

const idList = z.array(z.coerce.number()).catch([]).optional();

const wpEntry = z.object({
  id: z.number(),
  slug: z.string().min(1),
  date: z.string().catch(''),
  date_gmt: z.string().nullable().optional().catch(undefined),
  modified: z.string().optional().catch(undefined),
  modified_gmt: z.string().nullable().optional().catch(undefined),
  status: z.string().catch('publish').optional(),
  title: rendered,
  excerpt: rendered.optional(),
  content: rendered.optional(),
  categories: idList,
  tags: idList,
  media_category: idList,
  acf: looseRecord.optional(),
  meta: looseRecord.optional(),
  /** Yoast SEO's head as JSON; parsed field by field in seo.ts. */
  yoast_head_json: z.unknown().optional(),
  _embedded: embedded,
});
type WpEntry = z.infer<typeof wpEntry>;

const wpTerm = z.object({
  id: z.number(),
  slug: z.string().min(1),
  name: z.string(),
  description: z.string().catch('').optional(),
  count: z.number().catch(0).optional(),
});

const wpMedia = z.object({
  id: z.number(),
  title: rendered,
  description: rendered.optional(),
  alt_text: z.string().catch('').optional(),
  media_type: z.string().catch('image').optional(),
  mime_type: z.string().catch('').optional(),
  source_url: z.string(),
  media_details: z
    .object({ width: z.number().optional().catch(undefined), height: z.number().optional().catch(undefined) })
    .partial()
    .catch({})
    .optional(),
});

export type ReshapeContext = SanitizeOptions & Pick<SeoContext, 'siteOrigin' | 'cmsBases'>;

/** Parses each raw item; logs and drops the ones that fail. */
export function reshapeList<T>(
  raw: readonly unknown[],
  reshape: (item: unknown, ctx: ReshapeContext) => T | null,
  ctx: ReshapeContext,
  what: string,
): T[] {
  const out: T[] = [];
  for (const item of raw) {
    const value = reshape(item, ctx);
    if (value) out.push(value);
    else console.warn(`[cms] skipped a malformed ${what} item`, describe(item));
  }
  return out;
}

function describe(item: unknown): string {
  if (typeof item !== 'object' || item === null) return typeof item;
  const { id, slug } = item as { id?: unknown; slug?: unknown };
  return `id=${String(id)} slug=${String(slug)}`;
}

function image(entry: WpEntry, ctx: ReshapeContext): CmsImage | null {
  const media = embeddedMedia.parse(entry._embedded?.['wp:featuredmedia']?.[0]);
  if (!media) return null;
  const url = normalizeImageUrl(media.source_url, ctx);
  if (!url) return null;
  return {
    url,
    alt: media.alt_text ?? '',
    width: media.media_details?.width,
    height: media.media_details?.height,
  };
}

function author(entry: WpEntry): Author | null {
  const a = embeddedAuthor.parse(entry._embedded?.author?.[0]);
  return a ? { name: htmlToText(a.name), url: a.link } : null;
}

function base(entry: WpEntry, ctx: ReshapeContext) {
  const seo = seoFromYoast(entry.yoast_head_json, ctx);
  return {
    ...(seo ? { seo } : {}),
    id: entry.id,
    slug: entry.slug,
    title: htmlToText(entry.title),
    excerpt: htmlToText(entry.excerpt ?? ''),
    date: entry.date,
    dateGmt: entry.date_gmt ?? entry.date,
    // UTC like dateGmt: sitemaps, Open Graph and JSON-LD read it as UTC.
    modified: entry.modified_gmt || entry.modified || (entry.date_gmt ?? entry.date),
    image: image(entry, ctx),
  };
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
}

/**
 * The URL of a file/image field: a URL string, or ACF's formatted image/file array (`{ url, … }`, also what
 * acf-media.ts puts in place of an attachment ID). A bare ID or anything else gives undefined.
 */
function fileUrl(value: unknown): string | undefined {
  if (value && typeof value === 'object' && !Array.isArray(value))
    return text((value as { url?: unknown }).url);
  return text(value);
}

function parseEntry(raw: unknown): WpEntry | null {
  const result = wpEntry.safeParse(raw);
  return result.success ? result.data : null;
}

function postSummary(entry: WpEntry, ctx: ReshapeContext): PostSummary {
  return {
    ...base(entry, ctx),
    status: entry.status ?? 'publish',
    author: author(entry),
    categoryIds: entry.categories ?? [],
    tagIds: entry.tags ?? [],
  };
}

export function reshapePostSummary(raw: unknown, ctx: ReshapeContext): PostSummary | null {
  const entry = parseEntry(raw);
  return entry ? postSummary(entry, ctx) : null;
}

/**
 * A post summary plus its body as plain text, for full-text search. The text is only matched, never rendered, so
 * it skips the (costly) sanitiser: tags, scripts and styles are stripped and entities decoded.
 */
export function reshapePostWithText(
  raw: unknown,
  ctx: ReshapeContext,
): (PostSummary & { text: string }) | null {
  const entry = parseEntry(raw);
  return entry ? { ...postSummary(entry, ctx), text: htmlToText(entry.content ?? '') } : null;
}

const embeddedTerm = z.object({ slug: z.string().min(1), taxonomy: z.string() });

/**
 * Slugs of the post's tags from `_embedded['wp:term']` (one array per taxonomy, as `_embed` gives them); [] when
 * WordPress embedded none (a read without `_embed`) or sent something else.
 */
function tagSlugs(entry: WpEntry): string[] {
  const groups = entry._embedded?.['wp:term'] ?? [];
  return groups.flatMap((group) =>
    (Array.isArray(group) ? group : []).flatMap((term) => {
      const parsed = embeddedTerm.safeParse(term);
      return parsed.success && parsed.data.taxonomy === 'post_tag' ? [parsed.data.slug] : [];
    }),
  );
}

export function reshapePost(raw: unknown, ctx: ReshapeContext): Post | null {
  const entry = parseEntry(raw);
  return entry
    ? { ...postSummary(entry, ctx), html: sanitizeCmsHtml(entry.content, ctx), tagSlugs: tagSlugs(entry) }
    : null;
}

export function reshapePage(raw: unknown, ctx: ReshapeContext): Page | null {
  const entry = parseEntry(raw);
  if (!entry) return null;
  const html = sanitizeCmsHtml(entry.content, ctx);
  const acf = entry.acf ?? {};
  const firstImage = /<img[^>]+src="([^"]+)"/i.exec(html)?.[1] ?? null;
  return {
    ...base(entry, ctx),
    html,
    fields: {
      subtitle: text(acf.subtitle),
      ctaText: text(acf.cta_text),
      ctaLink: text(acf.cta_link),
      backgroundImage:
        fileUrl(acf.background_image) && normalizeImageUrl(fileUrl(acf.background_image)!, ctx),
      aboutVideo: text(acf.about_video),
    },
    firstContentImage: firstImage ? firstImage.replace(/&amp;/g, '&') : null,
  };
}

export function reshapeReport(raw: unknown, ctx: ReshapeContext): Report | null {
  const entry = parseEntry(raw);
  if (!entry) return null;
  const meta = entry.meta ?? {};
  const acf = entry.acf ?? {};
  const pdf = fileUrl(acf.pdf_file) ?? fileUrl(acf.pdf) ?? text(meta.pdf_url);
  return {
    ...base(entry, ctx),
    html: sanitizeCmsHtml(entry.content, ctx),
    organization: text(meta.organization) ?? text(acf.organization) ?? null,
    pdfUrl: pdf && /^(https?:\/\/|\/)/.test(pdf) ? normalizeImageUrl(pdf, ctx) || null : null,
  };
}

export function reshapeCause(
  raw: unknown,
  ctx: ReshapeContext,
  origin: Cause['origin'] = 'cause',
): Cause | null {
  const entry = parseEntry(raw);
  if (!entry) return null;
  const b = base(entry, ctx);
  const short = htmlToText(text((entry.acf ?? {}).short_description) ?? '');
  return { ...b, html: sanitizeCmsHtml(entry.content, ctx), shortDescription: short || b.excerpt, origin };
}

/** Top-level fields some events endpoints add beside the WordPress ones (docs/SPEC-NOTES.md §3 Event). */
const wpEventExtras = z
  .object({
    description: z.string().optional().catch(undefined),
    start_date: z.string().optional().catch(undefined),
    end_date: z.string().optional().catch(undefined),
    image: z
      .object({ url: z.string().optional().catch(undefined), alt: z.string().optional().catch(undefined) })
      .partial()
      .optional()
      .catch(undefined),
  })
  .partial()
  .catch({});

/** A URL field that may be a string or an ACF array/object with `url`; normalised, or null. */
function urlField(value: unknown, ctx: ReshapeContext): string | null {
  const raw =
    typeof value === 'string'
      ? value
      : value && typeof value === 'object' && typeof (value as { url?: unknown }).url === 'string'
        ? (value as { url: string }).url
        : '';
  return (text(raw) && normalizeImageUrl(raw, ctx)) || null;
}

export function reshapeEvent(raw: unknown, ctx: ReshapeContext): CmsEvent | null {
  const entry = parseEntry(raw);
  if (!entry) return null;
  const extras = wpEventExtras.parse(raw);
  const acf = entry.acf ?? {};
  const b = base(entry, ctx);
  const imageUrl = urlField(acf.image, ctx) ?? urlField(extras.image?.url, ctx);
  const html = (entry.content ?? '').trim() ? entry.content : (extras.description ?? '');
  // docs/SPEC-NOTES.md §5: these sections show only when non-empty; markup that sanitises to nothing visible counts as empty.
  const section = (value: unknown) => {
    const clean = text(value) ? sanitizeCmsHtml(String(value), ctx).trim() : '';
    return htmlToText(clean) || /<(img|iframe|video|audio)\b/i.test(clean) ? clean : '';
  };
  return {
    ...b,
    image: imageUrl ? { url: imageUrl, alt: extras.image?.alt ?? '' } : b.image,
    html: sanitizeCmsHtml(html, ctx),
    fields: acf,
    agenda: section(acf.agenda),
    resources: section(acf.resources),
    followUp: section(acf.follow_up),
    videoUrl: urlField(acf.video_url ?? acf.event_video ?? acf.video, ctx),
    startDate: text(extras.start_date) ?? null,
    endDate: text(extras.end_date) ?? null,
    tagSlugs: tagSlugs(entry),
  };
}

export function reshapeMediaArchiveItem(raw: unknown, ctx: ReshapeContext): MediaArchiveItem | null {
  const entry = parseEntry(raw);
  if (!entry) return null;
  const fields = entry.acf ?? {};
  const b = base(entry, ctx);
  const mediaType = text(fields.media_type) ?? null;
  const audioUrl = findAudioUrl(fields, ctx);
  const video = findVideo(fields, ctx);
  return {
    ...b,
    image: chooseMediaImage(fields, b.image, ctx),
    html: sanitizeCmsHtml(entry.content, ctx),
    mediaType,
    kind: mediaKind(mediaType, { video: video !== null, audio: audioUrl !== null }),
    categoryIds: entry.media_category ?? [],
    gallery: collectGallery(fields, ctx),
    audioUrl,
    video,
    externalUrl: findExternalUrl(fields),
    fields,
    tagSlugs: tagSlugs(entry),
  };
}

export function reshapeTerm(raw: unknown): Term | null {
  const result = wpTerm.safeParse(raw);
  if (!result.success) return null;
  const t = result.data;
  return {
    id: t.id,
    slug: t.slug,
    name: htmlToText(t.name),
    description: htmlToText(t.description ?? ''),
    count: t.count ?? 0,
  };
}

export function reshapeMedia(raw: unknown, ctx: ReshapeContext): MediaItem | null {
  const result = wpMedia.safeParse(raw);
  if (!result.success) return null;
  const m = result.data;
  const url = normalizeImageUrl(m.source_url, ctx);
  if (!url) return null;
  return {
    id: m.id,
    title: htmlToText(m.title),
    description: htmlToText(m.description ?? ''),
    mediaType: m.media_type ?? 'image',
    mimeType: m.mime_type ?? '',
    url,
    width: m.media_details?.width,
    height: m.media_details?.height,
    alt: m.alt_text ?? '',
  };
}

export function reshapeTeamMember(raw: unknown, ctx: ReshapeContext): TeamMember | null {
  const entry = parseEntry(raw);
  if (!entry) return null;
  const b = base(entry, ctx);
  const acf = entry.acf ?? {};
  const photo = fileUrl(acf.photo);
  const photoUrl = photo && normalizeImageUrl(photo, ctx);
  const order = Number(acf.order);
  const email = text(acf.email);
  return {
    ...b,
    html: sanitizeCmsHtml(entry.content, ctx),
    role: text(acf.role) ? htmlToText(String(acf.role)) : null,
    photo: photoUrl ? { url: photoUrl, alt: b.title } : b.image,
    bio: htmlToText(text(acf.bio) ?? '') || b.excerpt,
    email: email && /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/.test(email) ? email : null,
    order: Number.isFinite(order) && text(String(acf.order ?? '')) ? order : Number.MAX_SAFE_INTEGER,
  };
}

/** `YYYYMMDD` or `YYYY-MM-DD…` → `YYYY-MM-DD`; anything else → null. */
export function closingDate(value: unknown): string | null {
  const raw = text(value);
  if (!raw) return null;
  const m = /^(\d{4})-?(\d{2})-?(\d{2})(?:$|[T\s])/.exec(raw);
  if (!m) return null;
  const [, y, mo, d] = m;
  const date = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d)));
  return date.getUTCMonth() === Number(mo) - 1 && date.getUTCDate() === Number(d) ? `${y}-${mo}-${d}` : null;
}

export function reshapeVacancy(raw: unknown, ctx: ReshapeContext): Vacancy | null {
  const entry = parseEntry(raw);
  if (!entry) return null;
  const acf = entry.acf ?? {};
  const plain = (v: unknown) => (text(v) ? htmlToText(String(v)) || null : null);
  return {
    ...base(entry, ctx),
    html: sanitizeCmsHtml(entry.content, ctx),
    closingDate: closingDate(acf.closing_date),
    hours: plain(acf.hours),
    salary: plain(acf.salary),
    location: plain(acf.location),
    howToApply: sanitizeCmsHtml(text(acf.how_to_apply) ?? '', ctx),
    contractType: plain(acf.contract_type),
  };
}
