import type { MetadataRoute } from 'next';

import { siteConfig } from '@/lib/config/site';

/** robots.txt: everything public is crawlable; API routes and signed-in areas are not. */
export default function robots(): MetadataRoute.Robots {
  const site = siteConfig();
  return {
    rules: [
      {
        userAgent: '*',
        allow: '/',
        disallow: ['/api/', '/dashboard', '/courses/manage/', '/courses/create', '/course/create'],
      },
    ],
    sitemap: new URL('/sitemap.xml', site.url).toString(),
  };
}
