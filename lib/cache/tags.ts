/**
 * Every cache tag of the site (docs/ARCHITECTURE.md §4): the CMS reads' and the database-backed reads' (courses,
 * the home page hero override). One module, so the reads that set a tag and the webhook or action that revalidates
 * it (app/api/revalidate, the course and hero actions) cannot drift apart. Tag names are at most 256 characters (Next.js limit);
 * slugs are capped to stay under it.
 */
export const TAGS = {
  /** Everything from the CMS: a full refresh. */
  all: 'cms',
  posts: 'posts',
  post: (slug: string) => `post:${cap(slug)}`,
  pages: 'pages',
  page: (slug: string) => `page:${cap(slug)}`,
  categories: 'categories',
  tags: 'tags',
  reports: 'reports',
  report: (slug: string) => `report:${cap(slug)}`,
  events: 'events',
  event: (slug: string) => `event:${cap(slug)}`,
  causes: 'causes',
  cause: (slug: string) => `cause:${cap(slug)}`,
  media: 'media',
  mediaArchive: 'media-archive',
  mediaArchiveItem: (slug: string) => `media-archive:${cap(slug)}`,
  mediaCategories: 'media-categories',
  team: 'team',
  teamMember: (slug: string) => `team-member:${cap(slug)}`,
  vacancies: 'vacancies',
  vacancy: (slug: string) => `vacancy:${cap(slug)}`,
  /** The header and footer menus from WordPress (lib/cms/menus.ts). */
  menus: 'menus',
  /** The redirect rules and old slugs (lib/cms/redirects.ts keeps them in memory; the tag is for completeness). */
  redirects: 'redirects',
  /** The home page hero edited in WordPress (lrjn/v1/hero). */
  homeHero: 'home-hero',
  /** The home page figures (Our Impact, volunteer statistics) edited in WordPress (lrjn/v1/figures). */
  homeFigures: 'home-figures',
  /** Database-backed: the published course catalogue and course pages (lib/courses), revalidated by admin writes. */
  courses: 'courses',
  /** Database-backed: the home page hero override row (lib/home/hero-override.ts). */
  homepageContent: 'homepage-content',
} as const;

function cap(slug: string): string {
  return slug.slice(0, 200);
}
