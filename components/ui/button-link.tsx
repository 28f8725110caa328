import type { AnchorHTMLAttributes } from 'react';

import { Link } from '@/i18n/client';

import { buttonClass, type Look } from './button';
import { cx } from './cx';

export type ButtonLinkProps = AnchorHTMLAttributes<HTMLAnchorElement> &
  Look & {
    href: string;
    /** An off-site URL: a plain <a> without the locale prefix or client-side navigation. */
    external?: boolean;
    /** next/link's prefetch, for site paths (ignored with `external`). */
    prefetch?: boolean;
  };

/**
 * A link that looks like a button. Site paths go through the locale-aware Link (i18n/client.tsx), so /contact
 * becomes /fr/contact on the French site; `external` renders a plain <a> for off-site URLs.
 */
export function ButtonLink({
  variant,
  size,
  shape,
  className,
  external,
  prefetch,
  href,
  ...anchor
}: ButtonLinkProps) {
  const classes = cx(buttonClass(variant, size, shape), className);
  if (external) return <a href={href} className={classes} {...anchor} />;
  return <Link href={href} prefetch={prefetch} className={classes} {...anchor} />;
}
