import { permanentRedirect as nextPermanentRedirect, redirect as nextRedirect } from 'next/navigation';

import { localizeHref } from './client-paths';
import type { Locale } from './routing';

/**
 * Locale-aware navigation: use these instead of next/link and next/navigation. `Link`, `usePathname` and
 * `useRouter` come from i18n/client.tsx (client components import them from `@/i18n/client` directly). We do not
 * use next-intl's `createNavigation`: merely calling it registers next-intl's client Link, which drags next-intl's
 * client runtime with the ICU message parser (about 11 KB compressed) into every page.
 */
export { Link, usePathname, useRouter } from './client';

type Target = { href: string; locale: Locale };

/** Server: redirect (307) to a site path in a locale. */
export function redirect({ href, locale }: Target): never {
  nextRedirect(localizeHref(locale, href));
}

/** Server: permanent redirect (308) to a site path in a locale. */
export function permanentRedirect({ href, locale }: Target): never {
  nextPermanentRedirect(localizeHref(locale, href));
}
