import { z } from 'zod';

import { routing } from '@/i18n/routing';
import { htmlToText } from '@/lib/utils/text';

/**
 * Turns the WordPress companion plugin's menus (`GET /lrjn/v1/menus`, wordpress/lrjn-companion/includes/menus.php)
 * into the site's navigation. Everything WordPress sends is untrusted: an item survives only with a label that is
 * plain text once its markup is stripped, and a link that is a path on this site or an http(s) address elsewhere
 * (never `javascript:`, `data:`, protocol-relative or credentialed URLs). WordPress's own permalinks are mapped
 * to the site's routes (a post → `/blog/{slug}`, a page → `/{slug}`, an event → `/event/{slug}`, …); a link to the
 * WordPress host or to this site becomes a path, without a locale prefix: the site's locale-aware links add the
 * visitor's. Pure.
 */

/** lib/cms/slug-index.ts's SLUG_GRAMMAR (that module is server-only; this one is pure). */
const SLUG_GRAMMAR = /^[\p{L}\p{M}\p{N}_-]{1,200}$/u;

export type MenuLink = {
  /** A path on this site without locale (`/blog/x`, `/blog?category=3`), or an absolute http(s) URL when `external`. */
  href: string;
  /** Plain text, at most `MAX_LABEL` characters. */
  label: string;
  external: boolean;
  /** The editor ticked "Open link in a new tab". */
  newTab: boolean;
  /** One level of sub-items (deeper items are lifted to this level). */
  children: MenuLink[];
};

export type MenuLocation = 'header' | 'footer';

export const MAX_LABEL = 80;
const MAX_TOP_ITEMS = 30;
const MAX_CHILDREN = 20;
const MAX_URL = 2000;

const rawItemSchema = z.object({
  id: z.number().int(),
  parent: z.number().int().catch(0),
  order: z.number().int().catch(0),
  title: z.string().max(2000),
  url: z.string().max(MAX_URL).catch(''),
  type: z.string().max(40).catch('custom'),
  object: z.string().max(40).catch(''),
  objectId: z.number().int().catch(0),
  slug: z.string().max(400).catch(''),
  target: z.string().max(20).catch(''),
});
type RawItem = z.infer<typeof rawItemSchema>;

const rawLocationSchema = z.object({
  location: z.string().max(40),
  menu: z
    .object({ id: z.number().int(), name: z.string().max(400) })
    .nullable()
    .catch(null),
  items: z.array(z.unknown()).max(1000).catch([]),
});

/** Route of each WordPress post type the site serves (app/[locale]/…/[slug]). */
const POST_TYPE_ROUTES: Record<string, (slug: string) => string> = {
  post: (s) => `/blog/${s}`,
  page: (s) => `/${s}`,
  events: (s) => `/event/${s}`,
  reports: (s) => `/reports/${s}`,
  cause: (s) => `/cause/${s}`,
  team_member: (s) => `/team-member/${s}`,
  vacancy: (s) => `/vacancies/${s}`,
  media_archive: (s) => `/media-archive/${s}`,
};

/** Markup stripped, entities decoded, whitespace collapsed, capped; '' when nothing readable is left. */
export function menuLabel(title: string): string {
  const text = htmlToText(title)
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > MAX_LABEL ? `${text.slice(0, MAX_LABEL - 1).trimEnd()}…` : text;
}

function slugPart(slug: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(slug);
  } catch {
    return null;
  }
  return SLUG_GRAMMAR.test(decoded) ? encodeURIComponent(decoded) : null;
}

/** `/es/about` → `/about`; the site's links add the visitor's locale themselves. */
function withoutLocale(path: string): string {
  const [, first, ...rest] = path.split('/');
  if (routing.locales.some((l) => l === first)) return `/${rest.join('/')}`;
  return path;
}

/** A same-site path made safe and tidy: no trailing slash (WordPress's permalinks end in one), no locale. */
function sitePath(pathname: string, search: string, hash: string): string | null {
  if (!pathname.startsWith('/') || pathname.startsWith('//') || /[\\\s\p{Cc}]/u.test(pathname)) return null;
  const path = withoutLocale(pathname).replace(/\/+$/, '') || '/';
  return `${path}${search}${hash}`;
}

/**
 * The link of one raw item, or null when it is not allowed. `origins` are the origins whose links count as this
 * site's (the WordPress host and `SITE_URL`).
 */
export function menuHref(
  item: Pick<RawItem, 'type' | 'object' | 'objectId' | 'slug' | 'url'>,
  origins: readonly string[],
): { href: string; external: boolean } | null {
  if (item.type === 'post_type' && POST_TYPE_ROUTES[item.object]) {
    const slug = slugPart(item.slug);
    return slug ? { href: POST_TYPE_ROUTES[item.object]!(slug), external: false } : null;
  }
  if (item.type === 'taxonomy' && item.object === 'category' && item.objectId > 0) {
    return { href: `/blog?category=${item.objectId}`, external: false };
  }
  if (item.type === 'taxonomy' && item.object === 'media_category') {
    const slug = slugPart(item.slug);
    return slug ? { href: `/media/category/${slug}`, external: false } : null;
  }
  const raw = item.url.trim();
  if (raw === '' || /[\p{Cc}\s\\]/u.test(raw)) return null;
  if (raw.startsWith('/')) {
    if (raw.startsWith('//')) return null;
    let url: URL;
    try {
      url = new URL(raw, 'http://site.invalid');
    } catch {
      return null;
    }
    const href = sitePath(url.pathname, url.search, url.hash);
    return href ? { href, external: false } : null;
  }
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password) return null;
  if (origins.includes(url.origin)) {
    const href = sitePath(url.pathname, url.search, url.hash);
    return href ? { href, external: false } : null;
  }
  return { href: url.href, external: true };
}

/**
 * The navigation of `location` from the plugin's answer, or null when WordPress has no menu there (none assigned,
 * or nothing usable in it): the caller then shows the site's own navigation.
 */
export function menuFromRest(
  data: unknown,
  location: MenuLocation,
  origins: readonly string[],
): MenuLink[] | null {
  if (!Array.isArray(data)) return null;
  const entry = data
    .map((d) => rawLocationSchema.safeParse(d))
    .find((r) => r.success && r.data.location === location);
  if (!entry?.success || !entry.data.menu) return null;

  const items: (RawItem & { link: MenuLink })[] = [];
  for (const candidate of entry.data.items) {
    const parsed = rawItemSchema.safeParse(candidate);
    if (!parsed.success) continue;
    const label = menuLabel(parsed.data.title);
    const target = menuHref(parsed.data, origins);
    if (!label || !target) continue;
    items.push({
      ...parsed.data,
      link: { ...target, label, newTab: parsed.data.target === '_blank', children: [] },
    });
  }
  items.sort((a, b) => a.order - b.order);
  const byId = new Map(items.map((i) => [i.id, i]));
  // The top-level ancestor of an item (guarding against a parent cycle in hand-edited data).
  const topOf = (item: RawItem): RawItem => {
    let current = item;
    for (let hops = 0; hops < 10; hops++) {
      const parent = byId.get(current.parent);
      if (!parent || parent.id === current.id) return current;
      current = parent;
    }
    return current;
  };
  const top: MenuLink[] = [];
  for (const item of items) {
    const root = topOf(item);
    if (root.id === item.id) {
      if (top.length < MAX_TOP_ITEMS) top.push(item.link);
    } else {
      const parent = byId.get(root.id)!.link;
      if (parent.children.length < MAX_CHILDREN) parent.children.push(item.link);
    }
  }
  return top.length > 0 ? top : null;
}
