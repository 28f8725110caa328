import { localizedPath } from './paths';
import type { Locale } from './routing';

/**
 * Browsers drop ASCII tab and newline anywhere in a URL and leading spaces or controls, and read `\` as `/`, so
 * `/\t/host` and `/\host` both mean `//host`: another site.
 */
const STRIPPED = /[\t\n\r]/g;
const PROTOCOL_RELATIVE = /^[\u0000-\u0020]*[/\\][/\\]/;

/**
 * `/blog?page=2#top` → `/es/blog?page=2#top`; external URLs (`https://…`), `#hash` and `mailto:` pass through.
 * A protocol-relative value (`//host`, `/\host`, also with tabs or newlines in between) is never an internal
 * link and would leave the site, so it is refused: the result is the locale's home page. Pure.
 */
export function localizeHref(locale: Locale, href: string): string {
  if (PROTOCOL_RELATIVE.test(href.replace(STRIPPED, ''))) return localizedPath(locale, '/');
  if (!href.startsWith('/')) return href;
  const match = /^([^?#]*)(.*)$/.exec(href);
  const path = match?.[1] || '/';
  return `${localizedPath(locale, path)}${match?.[2] ?? ''}`;
}
