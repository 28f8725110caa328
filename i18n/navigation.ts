import { createNavigation } from 'next-intl/navigation';

import { routing } from './routing';

/** Locale-aware navigation: use these instead of next/link and next/navigation. */
export const { Link, redirect, permanentRedirect, usePathname, useRouter, getPathname } = createNavigation(routing);
