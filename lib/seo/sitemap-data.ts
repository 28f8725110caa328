import 'server-only';

import { getContentRefs, isContentTypeMissing, type Endpoint } from '@/lib/cms';
import { listPublishedCourses } from '@/lib/courses';
import { isoDate } from '@/lib/utils/format';

import { PATHS_PER_SITEMAP, type SitemapPath } from './sitemap';

/**
 * What the sitemap lists, read from the CMS with light `_fields` requests. Static routes, the WordPress
 * pages that have their own route, every report, event, cause, team member, vacancy and media archive item and
 * every published course live in `pages`; thank-you and the filtered archive are noindex and left out; posts are split into files
 * of PATHS_PER_SITEMAP. Posts, pages and events appear in the default locale plus the locales they are
 * translated into (English-only content is not listed again under /es, /fr, /pt). A post type WordPress does not have gives no item paths and no section page.
 */
const STATIC_PATHS = [
  '/',
  '/blog',
  '/reports',
  '/events',
  '/causes',
  '/causes/international-solidarity',
  '/our-team',
  '/vacancies',
  '/media',
  '/media/images',
  '/media/videos',
  '/media/podcasts',
  '/archive',
  '/donate',
  '/get-help',
  '/contact',
  '/community',
  '/courses',
  '/accessibility',
];
/** Post types with a page per item: the REST endpoint and the route prefix of the item page. */
const ITEM_ROUTES = [
  ['reports', '/reports'],
  ['events', '/event'],
  ['cause', '/causes'],
  ['team-member', '/team-member'],
  ['vacancies', '/vacancies'],
  ['media-archive', '/media-archive'],
] as const;
/** WordPress pages that have a route of their own (the rest are not published on the site). */
const PAGE_ROUTES = new Set([
  'about',
  'our-work',
  'privacy-policy',
  'race-and-climate-justice',
  'unlearning-racism',
  'pastoral-work',
  'stop-the-scan',
]);

/**
 * Section pages that only list one post type: left out when WordPress has no such type (the companion plugin
 * is inactive), as the page then only shows its empty state. Causes are not here: they fall back to posts.
 */
const SECTION_TYPES: Partial<Record<string, Endpoint>> = {
  '/reports': 'reports',
  '/events': 'events',
  '/our-team': 'team-member',
  '/vacancies': 'vacancies',
};

/**
 * Every published course's page (drafts are 404s). Read from the database when the sitemap is asked for, never
 * at build (the build never opens the database); a database failure leaves the courses out, never the sitemap.
 */
export async function sitemapCourses(): Promise<SitemapPath[]> {
  return (await listPublishedCourses()).map((course) => ({
    path: `/courses/${course.id}`,
    lastModified: (course.updatedAt ?? course.createdAt)?.toISOString(),
  }));
}

export async function sitemapPages(): Promise<SitemapPath[]> {
  const [courses, pages, ...items] = await Promise.all([
    sitemapCourses(),
    getContentRefs('pages'),
    ...ITEM_ROUTES.map(([endpoint, prefix]) =>
      getContentRefs(endpoint).then((refs) =>
        refs.map((r) => ({
          path: `${prefix}/${r.slug}`,
          lastModified: isoDate(r.modified),
          locales: r.locales,
        })),
      ),
    ),
  ]);
  // Asked after the reads above, which are what find a type missing.
  const sectionExists = (path: string) => {
    const type = SECTION_TYPES[path];
    return !type || !isContentTypeMissing(type);
  };
  return [
    ...STATIC_PATHS.filter(sectionExists).map((path) => ({ path })),
    ...pages
      .filter((p) => PAGE_ROUTES.has(p.slug))
      .map((p) => ({ path: `/${p.slug}`, lastModified: isoDate(p.modified), locales: p.locales })),
    ...items.flat(),
    ...courses,
  ];
}

export async function sitemapPosts(): Promise<SitemapPath[]> {
  return (await getContentRefs('posts')).map((p) => ({
    path: `/blog/${p.slug}`,
    lastModified: isoDate(p.modified),
    locales: p.locales,
  }));
}

/** File names of every sitemap: `pages.xml`, then `posts-1.xml`, `posts-2.xml`, … */
export async function sitemapFiles(): Promise<string[]> {
  const posts = await sitemapPosts();
  const chunks = Math.max(1, Math.ceil(posts.length / PATHS_PER_SITEMAP));
  return ['pages.xml', ...Array.from({ length: chunks }, (_, i) => `posts-${i + 1}.xml`)];
}
