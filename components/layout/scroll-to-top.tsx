'use client';

import { useEffect, useRef } from 'react';

import { usePathname } from '@/i18n/client';

/**
 * Scrolls to the top whenever the path changes (docs/SPEC-NOTES.md §2). Next does this for most navigations; this also covers
 * a locale switch (which keeps `scroll: false` to avoid a jump before the new page arrives) and same-page links.
 * Links to a section of the new page (with a `#fragment`) keep Next's scroll to that section.
 */
export function ScrollToTop() {
  const pathname = usePathname();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    // A link to a section (`/community#newsletter`) has already been scrolled to its target by Next.
    if (window.location.hash.length > 1) return;
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [pathname]);
  return null;
}
