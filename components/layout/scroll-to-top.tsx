'use client';

import { useEffect, useRef } from 'react';

import { usePathname } from '@/i18n/client';

/**
 * Scrolls to the top whenever the path changes (spec §2). Next does this for most navigations; this also covers
 * a locale switch (which keeps `scroll: false` to avoid a jump before the new page arrives) and same-page links.
 */
export function ScrollToTop() {
  const pathname = usePathname();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [pathname]);
  return null;
}
