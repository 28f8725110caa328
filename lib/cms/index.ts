import 'server-only';

import path from 'node:path';

import { cache } from 'react';

import { env } from '@/lib/config/env';
import { siteConfig } from '@/lib/config/site';
import { isoDate } from '@/lib/utils/format';

import { wpFetch } from './client';
import { CmsError } from './errors';
import { parseWordPressFigures, type WordPressFigures } from './figures';
import { parseWordPressHero, type WordPressHero } from './hero';
import { rankMathSeo } from './rank-math';
import { imageHostConfig } from './images';
import { activePreview, previewItemFor } from './preview';
import { PREVIEW_TYPES, type PreviewType } from './preview-token';
import {
  reshapeCause,
  reshapeEvent,
  reshapeList,
  reshapeMedia,
  reshapeMediaArchiveItem,
  reshapePage,
  reshapePost,
  reshapePostSummary,
  reshapePostWithText,
  reshapeReport,
  reshapeTeamMember,
  reshapeTerm,
  reshapeVacancy,
  type ReshapeContext,
} from './reshape';
import type { CacheHints, ContentSource, Endpoint, ListQuery } from './source';
import { defaultLanguageSource } from './sources/language';
import { resilientSource } from './sources/resilient';
import { snapshotSource } from './sources/snapshot';
import { wordpressSource } from './sources/wordpress';
import { TAGS } from './tags';
import { availableLocales, languageOf, translationId, type Localized } from './translations';
import { routing, type Locale } from '@/i18n/routing';
import { htmlToText } from '@/lib/utils/text';
import type {
  ArchiveEntry,
  Cause,
  CmsEvent,
  ContentRef,
  MediaArchiveItem,
  MediaItem,
  Page,
  Post,
  PostList,
  PostSummary,
  Report,
  SeoFields,
  TeamMember,
  Term,
  Vacancy,
} from './types';

/**
 * The public API of the CMS layer (docs/ARCHITECTURE.md §1). Reads content from WordPress at `WORDPRESS_URL`, or from the
 * bundled snapshot in `content/snapshot/` (or `CONTENT_SNAPSHOT_DIR`) when it is unset; returns domain types (types.ts) with sanitised HTML.
 * Every read is tagged (tags.ts) so `POST /api/revalidate` can refresh it, and deduplicated per request with
 * React's `cache`. WordPress outages fall back to the last good data or the snapshot (sources/resilient.ts);
 * only a failure of every source throws a `CmsError`. A post type or taxonomy WordPress does not have (the
 * companion plugin inactive) reads as empty: lists are empty, `get*(slug)` gives null (pages answer 404).
 * In draft mode (WordPress's Preview button, app/api/preview) the previewed post's own read answers with its draft
 * (lib/cms/preview.ts); every other read stays the public, cached one.
 */

export { CmsError, CMS_MESSAGES } from './errors';
export { TAGS, tagsForChange, type ContentChange } from './tags';
export { CONTENT_NOTE_TAG, needsContentNote } from './content-note';
export { htmlToText, truncateAtWord } from '@/lib/utils/text';
export type * from './types';
export type { Endpoint } from './source';
export type { Localized } from './translations';
export type { WordPressHero } from './hero';
export { FIGURE_KEYS, type Figure, type FigureKey, type WordPressFigures } from './figures';

export const BLOG_PAGE_SIZE = 12;
/** Seconds before a cached read is refetched in the background; the webhook normally refreshes far sooner. */
const DATA_REVALIDATE = 3600;
/** docs/SPEC-NOTES.md §7: causes fall back to posts in this category when the `cause` post type fails. */
export const CAUSES_FALLBACK_CATEGORY = 2202;

let chosen: ContentSource | undefined;

/** The content source of this process, chosen once from the environment (and logged). */
export function contentSource(): ContentSource {
  if (!chosen) {
    const { WORDPRESS_URL, WORDPRESS_TIMEOUT_MS, CONTENT_SNAPSHOT_DIR } = env();
    // CONTENT_SNAPSHOT_DIR: a charity's own snapshot folder, or the tests' one with their fixture posts added.
    const snapshot = snapshotSource(CONTENT_SNAPSHOT_DIR ? path.resolve(CONTENT_SNAPSHOT_DIR) : undefined);
    if (WORDPRESS_URL) {
      chosen = defaultLanguageSource(
        resilientSource(wordpressSource(WORDPRESS_URL, WORDPRESS_TIMEOUT_MS), snapshot),
      );
      console.info(`[cms] content from WordPress at ${new URL(WORDPRESS_URL).origin} (snapshot as fallback)`);
    } else {
      chosen = defaultLanguageSource(snapshot);
      console.info('[cms] content from the bundled snapshot (WORDPRESS_URL is not set)');
    }
  }
  return chosen;
}

/**
 * True when WordPress said it has no such endpoint (an unregistered post type or taxonomy: the companion
 * plugin is inactive) at the last read of it in this process. Reads of it then give empty collections; callers
 * use this to leave the section out (sitemap) or read something else instead (causes). Never true for the
 * snapshot.
 */
export function isContentTypeMissing(endpoint: Endpoint): boolean {
  return contentSource().isMissing?.(endpoint) ?? false;
}

let reshapeContext: ReshapeContext | undefined;

/** Image hosts and our own origins for reshaping, read once per process (like the source). */
function context(): ReshapeContext {
  if (!reshapeContext) {
    const e = env();
    const origins = [e.WORDPRESS_URL, e.SITE_URL]
      .filter((u): u is string => Boolean(u))
      .map((u) => new URL(u).origin);
    reshapeContext = {
      ...imageHostConfig(process.env),
      internalOrigins: origins,
      // SEO plugin canonicals count only on the site's own origin, never under the WordPress URL.
      siteOrigin: new URL(siteConfig().url).origin,
      cmsBases: e.WORDPRESS_URL ? [e.WORDPRESS_URL] : [],
    };
  }
  return reshapeContext;
}

function hints(tags: string[], what: string): CacheHints {
  return { tags: [TAGS.all, ...tags], revalidate: DATA_REVALIDATE, what };
}

async function list(endpoint: Endpoint, query: ListQuery, cacheHints: CacheHints) {
  // Draft mode (WordPress's Preview button, app/api/preview): the one-item read of the previewed post answers with
  // its draft, read live with the server's credential (lib/cms/preview.ts). Every other read is the public one.
  if (query.slug !== undefined && isPreviewType(endpoint)) {
    const draft = await previewItemFor(endpoint, query.slug);
    if (draft) return { items: [{ ...(draft as object), slug: query.slug }], total: 1, totalPages: 1 };
  }
  return contentSource().list(endpoint, query, cacheHints);
}

function isPreviewType(endpoint: Endpoint): endpoint is PreviewType {
  return (PREVIEW_TYPES as readonly string[]).includes(endpoint);
}

/** A whole collection with the previewed draft of its type (draft mode only) in place of, or before, its items. */
async function withPreview(endpoint: PreviewType, items: unknown[]): Promise<unknown[]> {
  const target = await activePreview();
  if (!target || target.type !== endpoint) return items;
  const draft = await previewItemFor(endpoint, undefined);
  if (!draft) return items;
  const id = (draft as { id?: unknown }).id;
  // Listed under its preview slug, so `getCause(slug)` finds it at the address /api/preview sent the editor to.
  const shown = { ...(draft as object), slug: target.slug };
  const rest = items.filter((item) => (item as { id?: unknown }).id !== id);
  return [shown, ...rest];
}

async function findBySlug(endpoint: Endpoint, slug: string, cacheHints: CacheHints): Promise<unknown | null> {
  const { items } = await list(endpoint, { slug, embed: true, perPage: 1 }, cacheHints);
  return items[0] ?? null;
}

/**
 * The English item with `slug` as `locale`'s page shows it (translations.ts): for another locale, its Polylang
 * translation when WordPress links one (read by id, in that language, under the same cache tags as the English
 * item, so the webhook's tags for either refresh both), else the English item itself. Null when there is no
 * English item (the page answers 404). A translation that cannot be read, or is not in that language, counts as
 * none.
 */
async function localized<T extends { seo?: SeoFields }>(
  endpoint: 'posts' | 'pages' | 'events',
  slug: string,
  locale: Locale,
  reshape: (raw: unknown, ctx: ReshapeContext) => T | null,
  cacheHints: CacheHints,
): Promise<Localized<T> | null> {
  const raw = await findBySlug(endpoint, slug, cacheHints);
  const source = raw ? reshape(raw, context()) : null;
  if (!source) return null;
  // Polylang links drafts too: a translation counts only when it is published in its language (light reads).
  const claimed = availableLocales(raw).filter((l) => l !== routing.defaultLocale);
  const [translated, ...published] = await Promise.all([
    claimed.includes(locale)
      ? list(
          endpoint,
          { include: [translationId(raw, locale)!], lang: locale, embed: true, perPage: 1 },
          cacheHints,
        )
      : null,
    ...claimed.map((l) =>
      l === locale
        ? null
        : list(
            endpoint,
            { include: [translationId(raw, l)!], lang: l, fields: ['id', 'lang'], perPage: 1 },
            cacheHints,
          ),
    ),
  ]);
  const item =
    translated && languageOf(translated.items[0]) === locale ? reshape(translated.items[0], context()) : null;
  const locales = [
    routing.defaultLocale,
    ...claimed.filter((l, i) => (l === locale ? item !== null : languageOf(published[i]?.items[0]) === l)),
  ];
  // Rank Math's fields for the entry shown (a translation has its own), as getPost adds them.
  const shown = item
    ? await withPluginSeo(translated!.items[0], item, cacheHints)
    : await withPluginSeo(raw, source, cacheHints);
  return item
    ? { item: shown ?? item, source, contentLocale: locale, locales }
    : { item: shown ?? source, source, contentLocale: routing.defaultLocale, locales };
}

/**
 * One entry, reshaped, with Rank Math's SEO fields added when it has no Yoast ones (rank-math.ts; WordPress
 * only, read with the entry's own tags so its webhook refreshes both).
 */
async function withPluginSeo<T extends { seo?: SeoFields }>(
  raw: unknown,
  reshaped: T | null,
  cacheHints: CacheHints,
): Promise<T | null> {
  const { WORDPRESS_URL, WORDPRESS_TIMEOUT_MS } = env();
  if (!reshaped || reshaped.seo || !WORDPRESS_URL) return reshaped;
  // The entry's address on WordPress itself: `link` may be the site's (the companion points permalinks there),
  // which Rank Math cannot resolve, while `?p=`/`?page_id=` resolves on any permalink setting.
  const { id, type, link } = raw as { id?: unknown; type?: unknown; link?: unknown };
  const address =
    typeof id === 'number' && Number.isInteger(id)
      ? `${WORDPRESS_URL.replace(/\/+$/, '')}/?${type === 'page' ? 'page_id' : 'p'}=${id}`
      : link;
  const seo = await rankMathSeo(address, {
    baseUrl: WORDPRESS_URL,
    timeoutMs: WORDPRESS_TIMEOUT_MS,
    tags: cacheHints.tags,
    revalidate: DATA_REVALIDATE,
    ctx: context(),
  });
  return seo ? { ...reshaped, seo } : reshaped;
}

export type PostListQuery = {
  page?: number;
  search?: string;
  /** Category id. */
  category?: number;
  orderby?: 'date' | 'title' | 'relevance';
  order?: 'asc' | 'desc';
  perPage?: number;
};

/** A page of published posts (docs/SPEC-NOTES.md §2 Blog list). Data: `/wp/v2/posts?_embed&per_page=12&…`. */
export const getPostList = cache(async (query: PostListQuery = {}): Promise<PostList> => {
  const perPage = query.perPage ?? BLOG_PAGE_SIZE;
  const page = Math.max(1, query.page ?? 1);
  const res = await list(
    'posts',
    {
      page,
      perPage,
      search: query.search || undefined,
      categories: query.category ? [query.category] : undefined,
      orderby: query.orderby ?? 'date',
      order: query.order ?? 'desc',
      embed: true,
    },
    hints([TAGS.posts], 'posts'),
  );
  return {
    posts: reshapeList(res.items, reshapePostSummary, context(), 'post'),
    total: res.total,
    totalPages: res.totalPages,
    page,
    perPage,
  };
});

/** The latest `count` published posts (home Featured Posts: 3). */
export async function getRecentPosts(count = 3): Promise<PostSummary[]> {
  return (await getPostList({ perPage: count })).posts;
}

/** One published post by slug, or null. Data: `/wp/v2/posts?slug={slug}&_embed`. */
export const getPost = cache(async (slug: string): Promise<Post | null> => {
  const hint = hints([TAGS.post(slug)], 'post');
  const raw = await findBySlug('posts', slug, hint);
  return raw ? withPluginSeo(raw, reshapePost(raw, context()), hint) : null;
});

/** The post with the English slug `slug` in `locale` (its translation, or English), or null. */
export const getLocalizedPost = cache(async (slug: string, locale: Locale): Promise<Localized<Post> | null> =>
  localized('posts', slug, locale, reshapePost, hints([TAGS.post(slug)], 'post')),
);

/**
 * Up to `max` related posts (docs/SPEC-NOTES.md §7: up to 10 candidates excluding the current post, first 2 shown):
 * candidates share a category with the post, topped up with the latest posts.
 */
export async function getRelatedPosts(post: PostSummary, max = 2): Promise<PostSummary[]> {
  const hint = hints([TAGS.posts], 'posts');
  const sameCategory = post.categoryIds.length
    ? (
        await list(
          'posts',
          { categories: post.categoryIds, exclude: [post.id], perPage: 10, embed: true },
          hint,
        )
      ).items
    : [];
  let candidates = reshapeList(sameCategory, reshapePostSummary, context(), 'post');
  if (candidates.length < max) {
    const latest = await list('posts', { exclude: [post.id], perPage: 10, embed: true }, hint);
    const seen = new Set(candidates.map((c) => c.id));
    candidates = [
      ...candidates,
      ...reshapeList(latest.items, reshapePostSummary, context(), 'post').filter((p) => !seen.has(p.id)),
    ];
  }
  return candidates.slice(0, max);
}

/** Slugs of the `count` latest posts, for `generateStaticParams` (builds must not grow with the archive). */
export async function getRecentPostSlugs(count: number): Promise<string[]> {
  const res = await list('posts', { perPage: count, fields: ['slug'] }, hints([TAGS.posts], 'posts'));
  return res.items.flatMap((item) => {
    const slug = (item as { slug?: unknown }).slug;
    return typeof slug === 'string' && slug ? [slug] : [];
  });
}

/** Post categories with at least one post, by name (docs/SPEC-NOTES.md §2 Blog list select). Data: `/wp/v2/categories`. */
export const getCategories = cache(async (): Promise<Term[]> => {
  const raw = await contentSource().listAll(
    'categories',
    { hideEmpty: true, orderby: 'name', order: 'asc' },
    hints([TAGS.categories], 'categories'),
  );
  return reshapeList(raw, reshapeTerm, context(), 'category');
});

/** Post tags. Data: `/wp/v2/tags`. */
export const getTags = cache(async (): Promise<Term[]> => {
  const raw = await contentSource().listAll('tags', { hideEmpty: true }, hints([TAGS.tags], 'tags'));
  return reshapeList(raw, reshapeTerm, context(), 'tag');
});

/** A WordPress page by slug, or null. Data: `/wp/v2/pages?slug={slug}&_embed`. */
export const getPage = cache(async (slug: string): Promise<Page | null> => {
  const hint = hints([TAGS.pages, TAGS.page(slug)], 'page');
  const raw = await findBySlug('pages', slug, hint);
  return raw ? withPluginSeo(raw, reshapePage(raw, context()), hint) : null;
});

/** The page with the English slug `slug` in `locale` (its translation, or English), or null. */
export const getLocalizedPage = cache(async (slug: string, locale: Locale): Promise<Localized<Page> | null> =>
  localized('pages', slug, locale, reshapePage, hints([TAGS.pages, TAGS.page(slug)], 'page')),
);

/** The home page (docs/SPEC-NOTES.md §7): the page with slug `home`, else the first page WordPress lists. */
export const getHomePage = cache(async (): Promise<Page | null> => {
  const home = await getPage('home');
  if (home) return home;
  const res = await list(
    'pages',
    { perPage: 1, embed: true, orderby: 'menu_order', order: 'asc' },
    hints([TAGS.pages], 'page'),
  );
  return res.items[0] ? reshapePage(res.items[0], context()) : null;
});

/**
 * The home page hero set in WordPress (Pages → Home page hero; `GET /wp-json/lrjn/v1/hero`), or null: without
 * `WORDPRESS_URL` (the snapshot has none), when the companion plugin is inactive or older (no such route), when
 * WordPress is down, or when the editor left every field empty. Tagged `home-hero` (the plugin's webhook on save)
 * and `cms`. Never throws.
 */
export const getWordPressHero = cache(async (): Promise<WordPressHero | null> => {
  const { WORDPRESS_URL, WORDPRESS_TIMEOUT_MS } = env();
  if (!WORDPRESS_URL) return null;
  try {
    const res = await wpFetch(
      '/lrjn/v1/hero',
      {},
      {
        baseUrl: WORDPRESS_URL,
        timeoutMs: WORDPRESS_TIMEOUT_MS,
        tags: [TAGS.all, TAGS.homeHero],
        revalidate: DATA_REVALIDATE,
        what: 'home hero',
      },
    );
    return parseWordPressHero(res.data, context());
  } catch (error) {
    const missing = error instanceof CmsError && error.missing;
    if (!missing)
      console.warn('[cms] home hero read failed:', error instanceof Error ? error.message : error);
    return null;
  }
});

/**
 * The home page figures set in WordPress (Pages → Home page figures; `GET /wp-json/lrjn/v1/figures`), or null:
 * without `WORDPRESS_URL` (the snapshot has none), when the companion plugin is inactive or older (no such route),
 * when WordPress is down, or when the editor left every figure empty. The caller (lib/home/stats.ts) then shows
 * the spec's figures. Tagged `home-figures` (the plugin's webhook on save) and `cms`. Never throws.
 */
export const getWordPressFigures = cache(async (): Promise<WordPressFigures | null> => {
  const { WORDPRESS_URL, WORDPRESS_TIMEOUT_MS } = env();
  if (!WORDPRESS_URL) return null;
  try {
    const res = await wpFetch(
      '/lrjn/v1/figures',
      {},
      {
        baseUrl: WORDPRESS_URL,
        timeoutMs: WORDPRESS_TIMEOUT_MS,
        tags: [TAGS.all, TAGS.homeFigures],
        revalidate: DATA_REVALIDATE,
        what: 'home figures',
      },
    );
    return parseWordPressFigures(res.data);
  } catch (error) {
    const missing = error instanceof CmsError && error.missing;
    if (!missing)
      console.warn('[cms] home figures read failed:', error instanceof Error ? error.message : error);
    return null;
  }
});

/** Every report, newest first. Data: `/wp/v2/reports?_embed&per_page=100&orderby=date&order=desc`, all pages. */
export const getReports = cache(async (): Promise<Report[]> => {
  const raw = await contentSource().listAll(
    'reports',
    { embed: true, orderby: 'date', order: 'desc' },
    hints([TAGS.reports], 'reports'),
  );
  return reshapeList(raw, reshapeReport, context(), 'report');
});

/** The latest `count` reports (home Latest Reports: 3). */
export async function getLatestReports(count = 3): Promise<Report[]> {
  const res = await list('reports', { perPage: count, embed: true }, hints([TAGS.reports], 'reports'));
  return reshapeList(res.items, reshapeReport, context(), 'report');
}

/** One report by slug, or null. Data: `/wp/v2/reports?slug={slug}&_embed`. */
export const getReport = cache(async (slug: string): Promise<Report | null> => {
  const hint = hints([TAGS.report(slug)], 'report');
  const raw = await findBySlug('reports', slug, hint);
  return raw ? withPluginSeo(raw, reshapeReport(raw, context()), hint) : null;
});

/**
 * Causes (docs/SPEC-NOTES.md §7): the `cause` post type, or, when WordPress has no such type (or the read fails), posts in
 * category 2202. Data: `/wp/v2/cause?_embed&per_page=100`, fallback `/wp/v2/posts?_embed&categories=2202`.
 */
export const getCauses = cache(async (): Promise<Cause[]> => {
  const hint = hints([TAGS.causes], 'causes');
  try {
    const raw = await withPreview(
      'cause',
      await contentSource().listAll('cause', { embed: true, orderby: 'title', order: 'asc' }, hint),
    );
    if (!isContentTypeMissing('cause')) {
      return reshapeList(raw, (item, ctx) => reshapeCause(item, ctx, 'cause'), context(), 'cause');
    }
  } catch (error) {
    if (!(error instanceof CmsError)) throw error;
    console.warn(`[cms] ${error.message}; reading causes from posts in category ${CAUSES_FALLBACK_CATEGORY}`);
  }
  const raw = await contentSource().listAll(
    'posts',
    { embed: true, categories: [CAUSES_FALLBACK_CATEGORY] },
    hint,
  );
  return reshapeList(raw, (item, ctx) => reshapeCause(item, ctx, 'post'), context(), 'cause');
});

/** One cause by slug, or null. */
export async function getCause(slug: string): Promise<Cause | null> {
  return (await getCauses()).find((c) => c.slug === slug) ?? null;
}

/** Events, newest first (issue #4 orders them by event date). Data: `/wp/v2/events?_embed&per_page=50`, all pages. */
export const getEvents = cache(async (): Promise<CmsEvent[]> => {
  const raw = await contentSource().listAll(
    'events',
    { embed: true, orderby: 'date', order: 'desc' },
    hints([TAGS.events], 'events'),
  );
  return reshapeList(raw, reshapeEvent, context(), 'event');
});

/** One event by slug, or null. Data: `/wp/v2/events?slug={slug}&_embed`. */
export const getEvent = cache(async (slug: string): Promise<CmsEvent | null> => {
  const hint = hints([TAGS.event(slug)], 'event');
  const raw = await findBySlug('events', slug, hint);
  return raw ? withPluginSeo(raw, reshapeEvent(raw, context()), hint) : null;
});

/** The event with the English slug `slug` in `locale` (its translation, or English), or null. */
export const getLocalizedEvent = cache(
  async (slug: string, locale: Locale): Promise<Localized<CmsEvent> | null> =>
    localized('events', slug, locale, reshapeEvent, hints([TAGS.event(slug)], 'event')),
);

/** Media archive items, optionally searched or filtered by media_category id. Data: `/wp/v2/media-archive`. */
export async function getMediaArchive(
  query: { search?: string; category?: number } = {},
): Promise<MediaArchiveItem[]> {
  const raw = await contentSource().listAll(
    'media-archive',
    {
      embed: true,
      search: query.search || undefined,
      mediaCategory: query.category ? [query.category] : undefined,
    },
    hints([TAGS.mediaArchive], 'media archive'),
  );
  return reshapeList(raw, reshapeMediaArchiveItem, context(), 'media archive');
}

/** One media archive item by slug, or null. */
export async function getMediaArchiveItem(slug: string): Promise<MediaArchiveItem | null> {
  const raw = await findBySlug('media-archive', slug, hints([TAGS.mediaArchiveItem(slug)], 'media archive'));
  return raw ? reshapeMediaArchiveItem(raw, context()) : null;
}

/** Terms of the `media_category` taxonomy. Data: `/wp/v2/media_category`. */
export async function getMediaCategories(): Promise<Term[]> {
  const raw = await contentSource().listAll('media_category', {}, hints([TAGS.mediaCategories], 'media'));
  return reshapeList(raw, reshapeTerm, context(), 'media category');
}

/** The media library, optionally by media type (image, file). Data: `/wp/v2/media?per_page=100`. */
export async function getMedia(mediaType?: string): Promise<MediaItem[]> {
  const raw = await contentSource().listAll('media', { mediaType }, hints([TAGS.media], 'media'));
  return reshapeList(raw, reshapeMedia, context(), 'media');
}

/** Team members in display order (`acf.order`, then title). Data: `/wp/v2/team-member?_embed`, all pages. */
export const getTeamMembers = cache(async (): Promise<TeamMember[]> => {
  const raw = await contentSource().listAll(
    'team-member',
    { embed: true, orderby: 'menu_order', order: 'asc' },
    hints([TAGS.team], 'team'),
  );
  return reshapeList(raw, reshapeTeamMember, context(), 'team member').sort(
    (a, b) => a.order - b.order || a.title.localeCompare(b.title, 'en'),
  );
});

/** One team member by slug, or null. Data: `/wp/v2/team-member?slug={slug}&_embed`. */
export const getTeamMember = cache(async (slug: string): Promise<TeamMember | null> => {
  const raw = await findBySlug('team-member', slug, hints([TAGS.teamMember(slug)], 'team'));
  return raw ? reshapeTeamMember(raw, context()) : null;
});

/** Vacancies, newest first. Data: `/wp/v2/vacancies?_embed`, all pages. */
export const getVacancies = cache(async (): Promise<Vacancy[]> => {
  const raw = await contentSource().listAll(
    'vacancies',
    { embed: true, orderby: 'date', order: 'desc' },
    hints([TAGS.vacancies], 'vacancies'),
  );
  return reshapeList(raw, reshapeVacancy, context(), 'vacancy');
});

/** One vacancy by slug, or null. Data: `/wp/v2/vacancies?slug={slug}&_embed`. */
export const getVacancy = cache(async (slug: string): Promise<Vacancy | null> => {
  const raw = await findBySlug('vacancies', slug, hints([TAGS.vacancy(slug)], 'vacancy'));
  return raw ? reshapeVacancy(raw, context()) : null;
});

/**
 * Every published post with its body as plain text, newest first: the blog's search results (lib/blog/search.ts)
 * and the archive's posts come from this one read. Data: all pages of `/wp/v2/posts?_embed`. Post bodies are
 * reduced to text without sanitising them (they are matched, never shown).
 */
export const getSearchablePosts = cache(async (): Promise<(PostSummary & { text: string })[]> => {
  const raw = await contentSource().listAll(
    'posts',
    { embed: true, orderby: 'date', order: 'desc' },
    hints([TAGS.posts], 'posts'),
  );
  return reshapeList(raw, reshapePostWithText, context(), 'post');
});

/**
 * Every post, report and media archive item as plain-text entries for the combined archive search (docs/SPEC-NOTES.md §7
 * Derived behaviour), each tagged with its type. Data: all pages of `/wp/v2/posts?_embed`, plus getReports and
 * getMediaArchive (so the same tagged, cached reads). Post bodies are reduced to text without sanitising them.
 */
export const getArchiveEntries = cache(async (): Promise<ArchiveEntry[]> => {
  const [posts, reports, media] = await Promise.all([getSearchablePosts(), getReports(), getMediaArchive()]);
  const entry = (
    type: ArchiveEntry['type'],
    item: { slug: string; title: string; excerpt: string; dateGmt: string; modified: string },
    prefix: string,
    text: string,
    image: ArchiveEntry['image'],
  ): ArchiveEntry => ({
    type,
    slug: item.slug,
    title: item.title,
    excerpt: item.excerpt,
    text,
    date: isoDate(item.dateGmt) ?? '',
    modified: item.modified,
    url: `${prefix}/${item.slug}`,
    image,
  });
  return [
    ...posts.map((p) => entry('post', p, '/blog', p.text, p.image)),
    ...reports.map((r) => entry('reports', r, '/reports', htmlToText(r.html), r.image)),
    ...media.map((m) => entry('media_archive', m, '/media-archive', htmlToText(m.html), m.image)),
  ];
});

/**
 * Slug and modified date of every item of a post type, for the sitemap and feeds (light `_fields` reads); for
 * posts, pages and events also the locales the item really exists in (the default one plus its translations).
 */
export async function getContentRefs(
  endpoint:
    'posts' | 'pages' | 'reports' | 'cause' | 'events' | 'team-member' | 'vacancies' | 'media-archive',
): Promise<ContentRef[]> {
  const tag = {
    posts: TAGS.posts,
    pages: TAGS.pages,
    reports: TAGS.reports,
    cause: TAGS.causes,
    events: TAGS.events,
    'team-member': TAGS.team,
    vacancies: TAGS.vacancies,
    'media-archive': TAGS.mediaArchive,
  }[endpoint];
  const translatable = endpoint === 'posts' || endpoint === 'pages' || endpoint === 'events';
  const raw = await contentSource().listAll(
    endpoint,
    { fields: ['slug', 'modified', 'modified_gmt', ...(translatable ? ['id', 'translations'] : [])] },
    hints([tag], endpoint),
  );
  // Only a multilingual WordPress (items with translations) costs the extra reads.
  const published =
    translatable && raw.some((item) => availableLocales(item).length > 1)
      ? await publishedTranslations(endpoint, hints([tag], endpoint))
      : null;
  return raw.flatMap((item) => {
    const { slug, modified, modified_gmt } = item as {
      slug?: unknown;
      modified?: unknown;
      modified_gmt?: unknown;
    };
    const utc = [modified_gmt, modified].find((v): v is string => typeof v === 'string' && v !== '');
    if (typeof slug !== 'string' || !slug) return [];
    if (!translatable) return [{ slug, modified: utc ?? '' }];
    if (!published) return [{ slug, modified: utc ?? '', locales: [routing.defaultLocale] }];
    const locales = availableLocales(item).filter(
      (l) => l === routing.defaultLocale || published.get(l)?.has(translationId(item, l)!),
    );
    return [{ slug, modified: utc ?? '', locales }];
  });
}

/**
 * The ids of the published items in each non-default locale (Polylang links drafts too, and the sitemap lists
 * only real pages).
 */
async function publishedTranslations(
  endpoint: 'posts' | 'pages' | 'events',
  cacheHints: CacheHints,
): Promise<Map<Locale, Set<number>>> {
  const others = routing.locales.filter((l) => l !== routing.defaultLocale);
  const lists = await Promise.all(
    others.map((lang) => contentSource().listAll(endpoint, { fields: ['id', 'lang'], lang }, cacheHints)),
  );
  return new Map(
    others.map((l, i) => [
      l,
      new Set(
        (lists[i] ?? [])
          .filter((item) => languageOf(item) === l)
          .map((item) => Number((item as { id?: unknown }).id)),
      ),
    ]),
  );
}
