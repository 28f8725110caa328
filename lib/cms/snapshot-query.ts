import type { Endpoint, ListQuery, ListResult } from './source';
import { TERM_ENDPOINTS } from './source';
import { htmlToText } from '@/lib/utils/text';

/**
 * WordPress REST query semantics over an array of exported REST items (the bundled snapshot). Pure.
 * Implements what our pages use: `slug`, `search` (title, excerpt and content, case-insensitive),
 * `categories` / `tags` / `media_category` (any of), `include` / `exclude`, `orderby` date, title, relevance,
 * menu_order, modified (posts) or name, count (terms), `order`, `page` / `per_page` (default 10, as WordPress),
 * `hide_empty`, `media_type` and Polylang's `lang`. Only published items are ever in a snapshot.
 */
export function querySnapshot(items: readonly unknown[], endpoint: Endpoint, query: ListQuery): ListResult {
  const rows = items.filter(isRecord);
  const isTerm = TERM_ENDPOINTS.has(endpoint);
  const search = query.search?.trim().toLowerCase();
  // WordPress requires every word of a search somewhere in the title, excerpt or content.
  const words = search ? search.split(/\s+/) : [];

  let matched = rows.filter((item) => {
    if (query.slug !== undefined && item.slug !== query.slug) return false;
    // Polylang's `lang`: items without one (no Polylang when the snapshot was exported) are the default language.
    if (query.lang !== undefined && (typeof item.lang === 'string' ? item.lang : 'en') !== query.lang)
      return false;
    if (query.include?.length && !query.include.includes(Number(item.id))) return false;
    if (query.exclude?.includes(Number(item.id))) return false;
    if (query.categories?.length && !anyOf(item.categories, query.categories)) return false;
    if (query.tags?.length && !anyOf(item.tags, query.tags)) return false;
    if (query.mediaCategory?.length && !anyOf(item.media_category, query.mediaCategory)) return false;
    if (query.mediaType && item.media_type !== query.mediaType) return false;
    if (isTerm && query.hideEmpty && !(Number(item.count) > 0)) return false;
    if (words.length > 0) {
      const haystack = searchText(item, isTerm);
      if (!words.every((w) => haystack.includes(w))) return false;
    }
    return true;
  });

  const orderby = query.orderby ?? (isTerm ? 'name' : 'date');
  const direction = (query.order ?? (isTerm ? 'asc' : 'desc')) === 'asc' ? 1 : -1;
  const key = sortKey(orderby, search, isTerm);
  matched = [...matched].sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    const cmp =
      typeof ka === 'number' && typeof kb === 'number' ? ka - kb : String(ka).localeCompare(String(kb));
    // Ties: newest first (as WordPress), then the higher id.
    return cmp * direction || dateOf(b).localeCompare(dateOf(a)) || Number(b.id) - Number(a.id);
  });

  const perPage = Math.max(1, query.perPage ?? 10);
  const total = matched.length;
  const totalPages = Math.ceil(total / perPage);
  const page = Math.max(1, query.page ?? 1);
  return { items: matched.slice((page - 1) * perPage, page * perPage), total, totalPages };
}

type Row = Record<string, unknown>;

function isRecord(value: unknown): value is Row {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function dateOf(item: Row): string {
  return String(item.date_gmt ?? item.date ?? '');
}

function anyOf(field: unknown, wanted: readonly number[]): boolean {
  return Array.isArray(field) && field.some((id) => wanted.includes(Number(id)));
}

function rendered(field: unknown): string {
  return isRecord(field) && typeof field.rendered === 'string' ? field.rendered : '';
}

function searchText(item: Row, isTerm: boolean): string {
  if (isTerm) return `${String(item.name ?? '')} ${String(item.description ?? '')}`.toLowerCase();
  return htmlToText(
    `${rendered(item.title)} ${rendered(item.excerpt)} ${rendered(item.content)}`,
  ).toLowerCase();
}

function sortKey(orderby: NonNullable<ListQuery['orderby']>, search: string | undefined, isTerm: boolean) {
  switch (orderby) {
    case 'title':
      return (item: Row) => htmlToText(rendered(item.title)).toLowerCase();
    case 'name':
      return (item: Row) => String(item.name ?? '').toLowerCase();
    case 'count':
      return (item: Row) => Number(item.count ?? 0);
    case 'menu_order':
      return (item: Row) => Number(item.menu_order ?? 0);
    case 'modified':
      return (item: Row) => String(item.modified_gmt ?? item.modified ?? '');
    case 'relevance':
      if (search && !isTerm) {
        // WordPress ranks title matches above body matches; ties fall back to date (see the comparator).
        return (item: Row) => {
          const title = htmlToText(rendered(item.title)).toLowerCase();
          return (title.includes(search) ? 2 : 0) + (title === search ? 1 : 0);
        };
      }
      return (item: Row) => String(item.date_gmt ?? item.date ?? '');
    default:
      return (item: Row) => String(item.date_gmt ?? item.date ?? '');
  }
}
