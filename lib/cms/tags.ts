/**
 * Cache tags for every CMS read (docs/ARCHITECTURE.md §4). One module, so the reads that set a tag and the webhook that
 * revalidates it (app/api/revalidate) cannot drift apart. Tag names are at most 256 characters (Next.js limit);
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
} as const;

function cap(slug: string): string {
  return slug.slice(0, 200);
}

/** A change reported by the WordPress companion plugin's webhook (see wordpress/lrjn-companion). */
export type ContentChange =
  | {
      kind: 'post';
      postType: string;
      slug: string;
      previousSlug?: string | null;
      /** Polylang: the slugs of the post's linked translations (its English original among them). */
      translationSlugs?: readonly string[];
    }
  | { kind: 'term'; taxonomy: string; slug: string }
  /** A menu, a menu item or the menu locations changed. */
  | { kind: 'menu'; slug: string }
  /** The redirect rules changed. */
  | { kind: 'redirects'; slug: string }
  /** A setting edited in WordPress (the home page hero). */
  | { kind: 'settings'; name: string }
  /** Everything (the plugin's "Refresh everything" button). */
  | { kind: 'all' };

/**
 * The tags to revalidate for one WordPress change. A post change refreshes its own page and every list that
 * may show it (and, with Polylang, the pages of its translations); a term change refreshes the term lists and the
 * lists filtered by them; a menu change the menus (every page's header and footer); a redirects change the
 * redirect rules. Unknown post types (e.g. a plugin's own) refresh everything, since we cannot know which pages
 * embed them.
 */
export function tagsForChange(change: ContentChange): string[] {
  // Every CMS read carries TAGS.all (lib/cms/index.ts), so this one tag refreshes every page built from WordPress.
  if (change.kind === 'all') return [TAGS.all];
  if (change.kind === 'menu') return [TAGS.menus];
  if (change.kind === 'redirects') return [TAGS.redirects];
  // A setting this site does not know (a newer plugin) may show anywhere.
  if (change.kind === 'settings') return change.name === 'hero' ? [TAGS.homeHero] : [TAGS.all];
  if (change.kind === 'term') {
    switch (change.taxonomy) {
      case 'category':
        return [TAGS.categories, TAGS.posts, TAGS.causes];
      case 'post_tag':
        return [TAGS.tags, TAGS.posts];
      case 'media_category':
        return [TAGS.mediaCategories, TAGS.mediaArchive];
      default:
        return [TAGS.all];
    }
  }
  // A translation is shown at its English original's address under the original's tags (lib/cms/index.ts
  // `localized`), and the original lists it in hreflang: refresh every slug of the translation group.
  const slugs = [
    ...new Set(
      [change.slug, change.previousSlug, ...(change.translationSlugs ?? [])].filter((s): s is string =>
        Boolean(s),
      ),
    ),
  ];
  const each = (fn: (slug: string) => string) => slugs.map(fn);
  switch (change.postType) {
    case 'post':
      // Posts in category 2202 stand in for causes when the cause post type fails (docs/SPEC-NOTES.md §7).
      return [TAGS.posts, TAGS.causes, ...each(TAGS.post)];
    case 'page':
      return [TAGS.pages, ...each(TAGS.page)];
    case 'reports':
      return [TAGS.reports, ...each(TAGS.report)];
    case 'events':
      return [TAGS.events, ...each(TAGS.event)];
    case 'cause':
      return [TAGS.causes, ...each(TAGS.cause)];
    case 'media_archive':
      return [TAGS.mediaArchive, ...each(TAGS.mediaArchiveItem)];
    case 'team_member':
      return [TAGS.team, ...each(TAGS.teamMember)];
    case 'vacancy':
      return [TAGS.vacancies, ...each(TAGS.vacancy)];
    case 'attachment':
      // A replaced or re-described image can appear anywhere.
      return [TAGS.all];
    default:
      return [TAGS.all];
  }
}
