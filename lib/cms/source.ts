/**
 * The interface both content sources implement: WordPress REST collections, queried with WordPress's own
 * parameters. The snapshot source answers the same queries from exported REST JSON, so everything above this
 * line (reshape, pages) is shared and cannot tell the two apart.
 */

export const ENDPOINTS = [
  'posts',
  'pages',
  'categories',
  'tags',
  'reports',
  'events',
  'media',
  'media-archive',
  'media_category',
  'cause',
  'team-member',
  'vacancies',
] as const;
export type Endpoint = (typeof ENDPOINTS)[number];

export const TERM_ENDPOINTS: ReadonlySet<Endpoint> = new Set(['categories', 'tags', 'media_category']);

export type ListQuery = {
  slug?: string;
  search?: string;
  categories?: readonly number[];
  tags?: readonly number[];
  mediaCategory?: readonly number[];
  include?: readonly number[];
  exclude?: readonly number[];
  /** `relevance` only means something with `search`; without it WordPress (and we) order by date. */
  orderby?: 'date' | 'title' | 'relevance' | 'menu_order' | 'name' | 'count' | 'modified';
  order?: 'asc' | 'desc';
  /** 1-based. */
  page?: number;
  perPage?: number;
  /** Include `_embedded` author and featured media. */
  embed?: boolean;
  /** Media library: image, file. */
  mediaType?: string;
  /** Terms: leave out terms with no posts. */
  hideEmpty?: boolean;
  /** Only these top-level fields (`_fields`), for light reads such as the sitemap. The snapshot ignores it. */
  fields?: readonly string[];
  /** Only items in this language (Polylang's `lang`, e.g. `es`); the snapshot counts items without one as `en`. */
  lang?: string;
};

export type ListResult = { items: unknown[]; total: number; totalPages: number };

export type CacheHints = {
  tags: string[];
  /** Seconds until a background refetch; `false` keeps data until a tag is revalidated. */
  revalidate?: number | false;
  /** For error messages: `Failed to fetch {what}: {status}`. */
  what?: string;
};

export interface ContentSource {
  readonly name: 'wordpress' | 'snapshot';
  /** One page of a collection. Throws `CmsError` on failure. */
  list(endpoint: Endpoint, query: ListQuery, cache: CacheHints): Promise<ListResult>;
  /** Every item matching the query, all pages. Throws `CmsError` on failure. */
  listAll(
    endpoint: Endpoint,
    query: Omit<ListQuery, 'page' | 'perPage'>,
    cache: CacheHints,
  ): Promise<unknown[]>;
  /**
   * True when the last read of `endpoint` found that WordPress does not have it (no such post type or
   * taxonomy); the reads then return empty collections. Sources that cannot tell leave it out.
   */
  isMissing?(endpoint: Endpoint): boolean;
}
