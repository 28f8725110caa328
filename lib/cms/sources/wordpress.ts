import 'server-only';

import { wpFetch, wpFetchAll, type WpQuery } from '../client';
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
    lang: query.lang,
  };
}

/**
 * Content from a live WordPress (`WORDPRESS_URL`) through the REST client.
 * Data: `/wp-json/wp/v2/{endpoint}` with the query of `toWpQuery`.
 */
export function wordpressSource(baseUrl: string, timeoutMs: number): ContentSource {
  const options = (cache: CacheHints) => ({
    baseUrl,
    timeoutMs,
    tags: cache.tags,
    revalidate: cache.revalidate,
    what: cache.what,
  });
  return {
    name: 'wordpress',
    async list(endpoint: Endpoint, query: ListQuery, cache: CacheHints) {
      const res = await wpFetch(`/wp/v2/${endpoint}`, toWpQuery(query), options(cache));
      return { items: res.data as unknown[], total: res.total, totalPages: res.totalPages };
    },
    async listAll(endpoint: Endpoint, query: ListQuery, cache: CacheHints) {
      return wpFetchAll(`/wp/v2/${endpoint}`, toWpQuery(query), options(cache));
    },
  };
}
