// GET /sitemap.xml – the sitemap index: one file for pages and reports, posts split into files of 10,000.
import { siteConfig } from '@/lib/config/site';
import { sitemapIndexXml } from '@/lib/seo/sitemap';
import { sitemapFiles } from '@/lib/seo/sitemap-data';

export const revalidate = 3600;

export async function GET() {
  const files = await sitemapFiles();
  return new Response(
    sitemapIndexXml(
      siteConfig().url,
      files.map((f) => `/sitemaps/${f}`),
    ),
    {
      headers: { 'Content-Type': 'application/xml; charset=utf-8' },
    },
  );
}
