// GET /sitemaps/{pages.xml | posts-N.xml} – one sitemap file, every URL in all four locales with hreflang.
import { siteConfig } from '@/lib/config/site';
import { PATHS_PER_SITEMAP, sitemapXml } from '@/lib/seo/sitemap';
import { sitemapPages, sitemapPosts } from '@/lib/seo/sitemap-data';

export const revalidate = 3600;

export async function GET(_request: Request, { params }: RouteContext<'/sitemaps/[file]'>) {
  const { file } = await params;
  const site = siteConfig();
  const xml = (entries: Parameters<typeof sitemapXml>[1]) =>
    new Response(sitemapXml(site.url, entries), {
      headers: { 'Content-Type': 'application/xml; charset=utf-8' },
    });
  if (file === 'pages.xml') return xml(await sitemapPages());
  const match = /^posts-(\d{1,4})\.xml$/.exec(file);
  if (match) {
    const n = Number(match[1]);
    const chunk = (await sitemapPosts()).slice((n - 1) * PATHS_PER_SITEMAP, n * PATHS_PER_SITEMAP);
    if (n >= 1 && (chunk.length > 0 || n === 1)) return xml(chunk);
  }
  return new Response('Not found', { status: 404 });
}
