'use client';

import type { ComponentProps } from 'react';

import { Link, usePathname } from '@/i18n/client';

/** True when `pathname` is `href` or below it (`/blog/x` is inside `/blog`); `/` matches only itself. */
export function isActivePath(pathname: string, href: string): boolean {
  if (href === '/') return pathname === '/';
  return pathname === href || pathname.startsWith(`${href}/`);
}

/** A locale-aware link that marks the current page with `aria-current="page"`. */
export function NavLink({ href, ...props }: ComponentProps<typeof Link> & { href: string }) {
  const pathname = usePathname();
  const active = isActivePath(pathname, href);
  return (
    <Link
      href={href}
      aria-current={active ? 'page' : undefined}
      data-active={active || undefined}
      {...props}
    />
  );
}
