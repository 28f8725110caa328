import { decodeHTML } from 'entities';
import { z } from 'zod';

import { normalizeImageUrl, type ImageHostConfig } from './images';
import { htmlToText, truncateAtWord } from '@/lib/utils/text';

/**
 * SEO fields from a WordPress SEO plugin (Yoast SEO's `yoast_head_json` REST field, or the head Rank Math
 * renders) turned into values the site may put in its own `<head>`. Pure: no I/O.
 *
 * Everything here is untrusted editor or plugin output, so:
 * - only the fields below are read (zod strips the rest), each one lenient: a malformed field is dropped, never
 *   the whole item;
 * - texts lose tags and entities (also tags that only appear once entities are decoded), control and bidi
 *   override characters, and are clamped at a word boundary (title 110, description 300 characters);
 * - a trailing "<separator> <WordPress site name>" is cut from titles: the site adds its own ` | {site name}`;
 * - the canonical URL is kept only when it is on the site's own origin (`SITE_URL`), as a path. A canonical on
 *   the WordPress host (Yoast's default: the CMS permalink, which is not the site's URL for the page) or on any
 *   other host is ignored, and the page keeps its own canonical;
 * - images only as absolute http(s) URLs (rewritten to the image host like every CMS image).
 */

export type SeoImage = { url: string; width?: number; height?: number; alt?: string };

export type SeoFields = {
  source: 'yoast' | 'rankmath';
  /** The page's own title, without any site-name suffix. */
  title?: string;
  description?: string;
  /** A path on the site (`/blog/other-post`), never a URL. */
  canonicalPath?: string;
  ogTitle?: string;
  ogDescription?: string;
  ogImage?: SeoImage;
  twitterTitle?: string;
  twitterDescription?: string;
  twitterImage?: string;
  /** The plugin marks the page noindex. */
  noindex?: boolean;
};

export type SeoContext = ImageHostConfig & {
  /** The site's own origin (from `SITE_URL`), e.g. `https://www.example.org`. */
  siteOrigin?: string;
  /** WordPress base URLs (`WORDPRESS_URL`): canonicals under them are the CMS's own, never the site's. */
  cmsBases?: readonly string[];
};

/** The head values both plugins give, before sanitising. */
export type RawHead = {
  title?: string;
  description?: string;
  canonical?: string;
  siteName?: string;
  ogTitle?: string;
  ogDescription?: string;
  ogImage?: { url: string; width?: number; height?: number; alt?: string };
  twitterTitle?: string;
  twitterDescription?: string;
  twitterImage?: string;
  robotsIndex?: string;
};

export const SEO_TITLE_MAX = 110;
export const SEO_DESCRIPTION_MAX = 300;

const str = z.string().optional().catch(undefined);
const num = z.coerce.number().int().positive().optional().catch(undefined);
const yoastImage = z.object({ url: z.string(), width: num, height: num, alt: str });

const yoastHeadJson = z.object({
  title: str,
  description: str,
  canonical: str,
  og_site_name: str,
  og_title: str,
  og_description: str,
  og_image: z
    .array(z.unknown())
    .optional()
    .catch(undefined)
    .transform((list) => (list ?? []).map((i) => yoastImage.safeParse(i)).find((r) => r.success)?.data),
  twitter_title: str,
  twitter_description: str,
  twitter_image: str,
  robots: z.object({ index: str }).optional().catch(undefined),
});

/**
 * Yoast SEO's `yoast_head_json` (REST field on posts, pages and custom post types) → sanitised SEO fields; null
 * when there is none (no Yoast), it is not an object, or nothing usable survives.
 */
export function seoFromYoast(raw: unknown, ctx: SeoContext): SeoFields | null {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return null;
  const parsed = yoastHeadJson.safeParse(raw);
  if (!parsed.success) return null;
  const y = parsed.data;
  return sanitizeHead(
    {
      title: y.title,
      description: y.description,
      canonical: y.canonical,
      siteName: y.og_site_name,
      ogTitle: y.og_title,
      ogDescription: y.og_description,
      ogImage: y.og_image,
      twitterTitle: y.twitter_title,
      twitterDescription: y.twitter_description,
      twitterImage: y.twitter_image,
      robotsIndex: y.robots?.index,
    },
    ctx,
    'yoast',
  );
}

const CONTROL = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;

/** Plain text from untrusted head text: no tags (before or after decoding entities), no control characters. */
export function seoText(value: string | undefined, max: number): string | undefined {
  if (!value) return undefined;
  // Decoding can reveal markup (`&lt;script&gt;`): strip it once more afterwards, without decoding again.
  const text = htmlToText(value)
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(CONTROL, '')
    .replace(/\s+/g, ' ')
    .trim();
  return text ? truncateAtWord(text, max) : undefined;
}

const SEPARATORS = '-–—|·•:»~*/';

/** Cuts a trailing "<separator> <site name>" (Yoast's and Rank Math's default title suffix). */
function withoutSiteName(title: string | undefined, siteName: string | undefined): string | undefined {
  if (!title || !siteName) return title;
  const lowerTitle = title.toLowerCase();
  const suffix = siteName.toLowerCase();
  if (!lowerTitle.endsWith(suffix) || lowerTitle.length === suffix.length) return title;
  const head = title.slice(0, title.length - siteName.length).trimEnd();
  const last = head.at(-1);
  if (!last || !SEPARATORS.includes(last)) return title;
  const cut = head.slice(0, -1).trim();
  return cut || title;
}

/** The site path a canonical URL names, or undefined unless it is on the site's own origin. */
export function canonicalSitePath(raw: string | undefined, ctx: SeoContext): string | undefined {
  const value = raw?.trim();
  if (!value || !ctx.siteOrigin || value.includes('\\') || value.length > 2000) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  if (url.username || url.password) return undefined;
  // The CMS's own permalinks first: WordPress may share the site's origin under a sub-path.
  const href = url.href;
  for (const base of ctx.cmsBases ?? []) {
    const root = base.replace(/\/+$/, '');
    if (href === root || href.startsWith(`${root}/`) || href.startsWith(`${root}?`)) return undefined;
  }
  if (url.origin !== new URL(ctx.siteOrigin).origin) return undefined;
  const path = url.pathname.replace(/\/+$/, '') || '/';
  return /^\/[^\s]*$/.test(path) && !path.startsWith('//') ? path : undefined;
}

function imageUrl(raw: string | undefined, ctx: SeoContext): string | undefined {
  if (!raw || !/^https?:\/\//i.test(raw.trim())) return undefined;
  const url = normalizeImageUrl(raw, ctx);
  return /^https?:\/\//.test(url) ? url : undefined;
}

function ogImageDetails(image: RawHead['ogImage']) {
  return { width: image?.width, height: image?.height, alt: seoText(image?.alt, 200) };
}

/** The object without its undefined entries. */
function defined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

/** Sanitises plugin head values (see the module comment). Null when nothing usable is left. */
export function sanitizeHead(raw: RawHead, ctx: SeoContext, source: SeoFields['source']): SeoFields | null {
  const siteName = seoText(raw.siteName, 200);
  const title = (t: string | undefined) => withoutSiteName(seoText(t, 400), siteName);
  const clampTitle = (t: string | undefined) => (t ? truncateAtWord(t, SEO_TITLE_MAX) : undefined);
  const ogImageUrl = imageUrl(raw.ogImage?.url, ctx);
  const fields: SeoFields = {
    source,
    title: clampTitle(title(raw.title)),
    description: seoText(raw.description, SEO_DESCRIPTION_MAX),
    canonicalPath: canonicalSitePath(raw.canonical, ctx),
    ogTitle: clampTitle(title(raw.ogTitle)),
    ogDescription: seoText(raw.ogDescription, SEO_DESCRIPTION_MAX),
    ogImage: ogImageUrl ? defined({ url: ogImageUrl, ...ogImageDetails(raw.ogImage) }) : undefined,
    twitterTitle: clampTitle(title(raw.twitterTitle)),
    twitterDescription: seoText(raw.twitterDescription, SEO_DESCRIPTION_MAX),
    twitterImage: imageUrl(raw.twitterImage, ctx),
    noindex: raw.robotsIndex?.trim().toLowerCase() === 'noindex' ? true : undefined,
  };
  const kept = defined(fields);
  return Object.keys(kept).length > 1 ? kept : null;
}

const TAG = /<(meta|link)\b((?:[^>"']|"[^"]*"|'[^']*')*)>|<title\b[^>]*>([\s\S]*?)<\/title\s*>/gi;
const ATTR = /([a-zA-Z_:][-a-zA-Z0-9_:.]*)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/g;

function attributes(source: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of source.matchAll(ATTR)) {
    const name = m[1]!.toLowerCase();
    if (!(name in out)) out[name] = decodeHTML(m[2] ?? m[3] ?? m[4] ?? '');
  }
  return out;
}

/**
 * The `head` HTML Rank Math's headless endpoint returns (`GET /wp-json/rankmath/v1/getHead?url=…` →
 * `{ success: true, head: "<title>…</title><meta …>" }`) → sanitised SEO fields, or null. Reads only `<title>`,
 * `<link rel="canonical">` and the description, robots, `og:*` and `twitter:*` meta tags; the first of each wins.
 */
export function seoFromRankMathHead(head: unknown, ctx: SeoContext): SeoFields | null {
  if (typeof head !== 'string' || !head.trim() || head.length > 200_000) return null;
  const raw: RawHead = {};
  const meta: Record<string, string> = {};
  for (const m of head.matchAll(TAG)) {
    if (m[3] !== undefined) {
      raw.title ??= m[3];
      continue;
    }
    const attrs = attributes(m[2] ?? '');
    if (m[1]!.toLowerCase() === 'link') {
      if (attrs.rel?.toLowerCase() === 'canonical' && attrs.href) raw.canonical ??= attrs.href;
      continue;
    }
    const key = (attrs.property ?? attrs.name ?? '').toLowerCase();
    if (key && attrs.content !== undefined && !(key in meta)) meta[key] = attrs.content;
  }
  raw.description = meta.description;
  raw.siteName = meta['og:site_name'];
  raw.ogTitle = meta['og:title'];
  raw.ogDescription = meta['og:description'];
  const ogImage = meta['og:image:secure_url'] ?? meta['og:image'];
  if (ogImage) {
    const size = (v: string | undefined) => (v && /^\d{1,5}$/.test(v) ? Number(v) : undefined);
    raw.ogImage = {
      url: ogImage,
      width: size(meta['og:image:width']),
      height: size(meta['og:image:height']),
      alt: meta['og:image:alt'],
    };
  }
  raw.twitterTitle = meta['twitter:title'];
  raw.twitterDescription = meta['twitter:description'];
  raw.twitterImage = meta['twitter:image'];
  raw.robotsIndex = /(^|[\s,])noindex([\s,]|$)/i.test(meta.robots ?? '') ? 'noindex' : undefined;
  return sanitizeHead(raw, ctx, 'rankmath');
}

/** The `head` of a Rank Math getHead answer (`{ success, head }`), or undefined. */
export function rankMathHeadOf(body: unknown): string | undefined {
  const parsed = z.object({ success: z.literal(true), head: z.string() }).safeParse(body);
  return parsed.success ? parsed.data.head : undefined;
}
