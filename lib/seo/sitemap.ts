import { localizedPath } from '@/i18n/paths';
import { routing, type Locale } from '@/i18n/routing';

/**
 * Sitemap XML (sitemaps.org 0.9 with xhtml:link hreflang alternates, as Google documents). Pure. Each entry is
 * one site path; it is expanded to every locale it really exists in (`locales`, default all), each listing all
 * of them (and x-default) as alternates.
 */
export type SitemapPath = {
  path: string;
  lastModified?: string;
  /** CMS content: the locales with a real page (default locale plus translations); omitted = every locale. */
  locales?: readonly Locale[];
};

/** Google's limit is 50,000 URLs per file; each path yields one URL per locale. */
export const PATHS_PER_SITEMAP = 10_000;

function escapeXml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

export function sitemapXml(siteUrl: string, entries: SitemapPath[]): string {
  const abs = (p: string) => escapeXml(new URL(p, siteUrl).toString());
  const urls = entries.flatMap(({ path, lastModified, locales = routing.locales }) => {
    const real = routing.locales.filter((l) => l === routing.defaultLocale || locales.includes(l));
    const alternates = [
      ...real.map(
        (l) => `<xhtml:link rel="alternate" hreflang="${l}" href="${abs(localizedPath(l, path))}"/>`,
      ),
      `<xhtml:link rel="alternate" hreflang="x-default" href="${abs(localizedPath(routing.defaultLocale, path))}"/>`,
    ].join('');
    const mod = lastModified ? `<lastmod>${escapeXml(lastModified)}</lastmod>` : '';
    return real.map((l) => `<url><loc>${abs(localizedPath(l, path))}</loc>${mod}${alternates}</url>`);
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`;
}

export function sitemapIndexXml(siteUrl: string, files: string[]): string {
  const items = files.map(
    (f) => `<sitemap><loc>${escapeXml(new URL(f, siteUrl).toString())}</loc></sitemap>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join('\n')}\n</sitemapindex>\n`;
}
