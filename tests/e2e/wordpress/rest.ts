/**
 * The WordPress rig's REST API for the specs in this folder, through `?rest_route=`, which answers whatever the
 * permalink setting (scripts/wp-rig.sh mode permalinks=plain); `/wp-json/` only exists with pretty permalinks.
 */

/** `restUrl(base, 'posts?per_page=1&_fields=slug')` → `{base}/?rest_route=/wp/v2/posts&per_page=1&_fields=slug`. */
export function restUrl(baseUrl: string, pathAndQuery: string): string {
  const [route = '', query = ''] = pathAndQuery.split('?', 2);
  const url = new URL(`${baseUrl.replace(/\/+$/, '')}/`);
  url.searchParams.set('rest_route', `/wp/v2/${route}`);
  for (const [key, value] of new URLSearchParams(query)) url.searchParams.set(key, value);
  return url.toString();
}
