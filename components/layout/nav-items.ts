/**
 * Header navigation (docs/SPEC-NOTES.md §2 "Header and footer"); labels are keys of the `Header` messages, and each
 * label is the heading of the page it opens: the spec names /blog 'Resources', so the blog list's heading reads
 * 'Resources' too (its page title stays 'Blog'): tests/e2e/consistency.spec.ts.
 *
 * Fixed, whatever WordPress has: a section whose post type is missing (Our Team, Vacancies while the LRJN
 * Companion plugin is inactive) keeps its link and shows its empty state ("We are updating our team page", "We
 * have no vacancies at the moment"), which is what a visitor expects of a charity's site, rather than links that
 * come and go. Hiding them would make every page's layout depend on two CMS reads, and activating the plugin
 * sends no webhook, so every cached page would keep hiding the links until the next revalidation.
 */
export const HEADER_NAV = [
  { href: '/our-work', label: 'ourWork' },
  { href: '/reports', label: 'reports' },
  { href: '/blog', label: 'blog' },
  { href: '/media', label: 'media' },
  { href: '/events', label: 'events' },
  { href: '/community', label: 'community' },
  { href: '/courses', label: 'courses' },
  { href: '/contact', label: 'contact' },
] as const;

export const ABOUT_NAV = {
  href: '/about',
  label: 'about',
  children: [{ href: '/our-team', label: 'ourTeam' }],
} as const;

/**
 * Link attributes for an item of a WordPress menu (lib/cms/menus.ts): an external link or one the editor set to open
 * in a new tab gets `rel="noopener noreferrer"`, and a new tab `target="_blank"`. Internal links keep the
 * visitor's locale through the locale-aware link they are rendered with.
 */
export function menuLinkProps(item: { external: boolean; newTab: boolean }): {
  target?: '_blank';
  rel?: string;
  prefetch?: false;
} {
  return {
    ...(item.newTab ? { target: '_blank' as const } : {}),
    ...(item.external || item.newTab ? { rel: 'noopener noreferrer' } : {}),
    ...(item.external ? { prefetch: false as const } : {}),
  };
}
