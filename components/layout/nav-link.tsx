'use client';

import type { ComponentProps } from 'react';

import { Link, usePathname } from '@/i18n/client';

/** True when `pathname` is `href` or below it (`/blog/x` is inside `/blog`); `/` matches only itself. */
export function isActivePath(pathname: string, href: string): boolean {
  if (href === '/') return pathname === '/';
  return pathname === href || pathname.startsWith(`${href}/`);
}

/**
 * Routes whose client code is a full form (react-hook-form + zod, about 45 KB): prefetching them from every page's
 * header would make each visit download it; they load when followed.
 */
const NO_PREFETCH = new Set(['/contact', '/login']);

/**
 * A locale-aware link that marks the current page with `aria-current="page"`. A link to the page being shown is
 * not prefetched: Next would download that page's RSC payload again (11 KB on the home page, twice with the logo's
 * link), work a phone does after load for nothing.
 */
export function NavLink({ href, ...props }: ComponentProps<typeof Link> & { href: string }) {
  const pathname = usePathname();
  const active = isActivePath(pathname, href);
  const here = pathname === href;
  return (
    <Link
      href={href}
      aria-current={active ? 'page' : undefined}
      data-active={active || undefined}
      {...props}
      prefetch={props.prefetch ?? (here || NO_PREFETCH.has(href) ? false : undefined)}
    />
  );
}
