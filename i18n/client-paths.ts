import { localizedPath } from './paths';
import type { Locale } from './routing';

/** `/blog?page=2#top` → `/es/blog?page=2#top`; external URLs, `#hash` and `mailto:` pass through. Pure. */
export function localizeHref(locale: Locale, href: string): string {
  if (!href.startsWith('/') || href.startsWith('//')) return href;
  const match = /^([^?#]*)(.*)$/.exec(href);
  const path = match?.[1] || '/';
  return `${localizedPath(locale, path)}${match?.[2] ?? ''}`;
}
