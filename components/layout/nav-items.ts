/**
 * Header navigation (docs/SPEC-NOTES.md §2 "Header and footer"); labels are keys of the `Header` messages, and each
 * label is the title of the page it opens (so /blog is 'Blog', not the spec's 'Resources'): tests/e2e/consistency.spec.ts.
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
