import 'server-only';

import { resolveAcfAttachments } from '../acf-media';
import { wpFetch, wpFetchAll, type WpQuery } from '../client';
import { CmsError } from '../errors';
import { warnOnce } from '../warn-once';
import type { CacheHints, ContentSource, Endpoint, ListQuery } from '../source';

/** Maps our query onto WordPress REST parameters (`per_page`, `_embed`, `media_category`, …). */
export function toWpQuery(query: ListQuery): WpQuery {
  const orderby = query.orderby === 'relevance' && !query.search ? 'date' : query.orderby;
  return {
    slug: query.slug,
    search: query.search,
    categories: query.categories?.length ? query.categories : undefined,
    tags: query.tags?.length ? query.tags : undefined,
    media_category: query.mediaCategory?.length ? query.mediaCategory : undefined,
    include: query.include?.length ? query.include : undefined,
    exclude: query.exclude?.length ? query.exclude : undefined,
    orderby,
    order: query.order,
    page: query.page,
    per_page: query.perPage,
    _embed: query.embed ? 'true' : undefined,
    media_type: query.mediaType,
    hide_empty: query.hideEmpty,
    _fields: query.fields?.length ? query.fields : undefined,
    // ACF's formatted values (image/file URLs or arrays, not bare attachment IDs); WordPress without ACF ignores it.
    acf_format: 'standard',
    lang: query.lang,
  };
}

/** What the media lookup asks for: enough for an image or file, nothing else. */
const MEDIA_FIELDS = ['id', 'source_url', 'alt_text', 'mime_type', 'title', 'media_details'];

/**
 * Content from a live WordPress (`WORDPRESS_URL`) through the REST client.
 * Data: `/wp-json/wp/v2/{endpoint}` with the query of `toWpQuery`. Attachment IDs left in ACF file/image fields
 * are resolved with one `/wp/v2/media?include=…` read per list (acf-media.ts), tagged like the list itself.
 */
export function wordpressSource(baseUrl: string, timeoutMs: number): ContentSource {
  const options = (cache: CacheHints) => ({
    baseUrl,
    timeoutMs,
    tags: cache.tags,
    revalidate: cache.revalidate,
    what: cache.what,
  });
  const resolve = (items: unknown[], cache: CacheHints) =>
    resolveAcfAttachments(items, async (ids) => {
      try {
        const res = await wpFetch(
          '/wp/v2/media',
          { include: ids, per_page: ids.length, _fields: MEDIA_FIELDS },
          { ...options(cache), what: 'media' },
        );
        return res.data as unknown[];
      } catch (error) {
        // An outage fails the whole read, so the resilient source serves the last good answer. A refusal (the
        // media route disabled or locked by a security plugin) would fail every read: drop the IDs instead.
        if (!(error instanceof CmsError) || error.retryable) throw error;
        warnOnce(
          `media lookup ${baseUrl}`,
          `[cms] WordPress refused /wp/v2/media (${error.message}), so images and files that ACF gives as ` +
            'attachment IDs are left out. Allow public reads of the media endpoint, or set those ACF fields to ' +
            'return a URL or an array.',
        );
        return [];
      }
    });
  return {
    name: 'wordpress',
    async list(endpoint: Endpoint, query: ListQuery, cache: CacheHints) {
      const res = await wpFetch(`/wp/v2/${endpoint}`, toWpQuery(query), options(cache));
      const items = await resolve(res.data as unknown[], cache);
      return { items, total: res.total, totalPages: res.totalPages };
    },
    async listAll(endpoint: Endpoint, query: ListQuery, cache: CacheHints) {
      return resolve(await wpFetchAll(`/wp/v2/${endpoint}`, toWpQuery(query), options(cache)), cache);
    },
  };
}
