/** Header navigation (spec §2 "Header and footer"); labels are keys of the `Header` messages. */
export const HEADER_NAV = [
  { href: '/our-work', label: 'ourWork' },
  { href: '/reports', label: 'reports' },
  { href: '/blog', label: 'resources' },
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
