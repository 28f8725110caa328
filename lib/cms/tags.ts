import { TAGS } from '@/lib/cache/tags';

/**
 * What a WordPress change revalidates (docs/ARCHITECTURE.md §4). The tag names themselves live with every other
 * cache tag in lib/cache/tags.ts; this module maps the companion plugin's webhook kinds onto them.
 */
export { TAGS };

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
  /** A setting edited in WordPress (the home page hero, the home page figures). */
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
  if (change.kind === 'settings') {
    if (change.name === 'hero') return [TAGS.homeHero];
    if (change.name === 'figures') return [TAGS.homeFigures];
    return [TAGS.all];
  }
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
