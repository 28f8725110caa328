import 'server-only';

import { cache } from 'react';

import { env } from '@/lib/config/env';

import { wpFetch } from './client';
import { CmsError } from './errors';
import { menuFromRest, type MenuLink, type MenuLocation } from './menu-items';
import { TAGS } from './tags';
import { warnOnce } from './warn-once';

export type { MenuLink, MenuLocation } from './menu-items';

/** Like every CMS read: refetched in the background after an hour, at once after the menus webhook. */
const MENU_REVALIDATE = 3600;

/**
 * The header or footer menu an editor set in WordPress (Appearance → Menus, the companion plugin's locations),
 * sanitised and mapped to the site's routes (menu-items.ts); null when the site should show its own navigation:
 * no `WORDPRESS_URL` (the snapshot has no menus), no menu at that location, the plugin inactive, or WordPress
 * unreachable with nothing cached. The read is tagged `menus` (and `cms`), so the plugin's menu webhook refreshes
 * every page's header and footer. Deduplicated per render with React's `cache`.
 */
export const getSiteMenu = cache(async (location: MenuLocation): Promise<MenuLink[] | null> => {
  const data = await readMenus();
  if (data === null) return null;
  const { WORDPRESS_URL, SITE_URL } = env();
  const origins = [WORDPRESS_URL, SITE_URL]
    .filter((u): u is string => Boolean(u))
    .map((u) => new URL(u).origin);
  return menuFromRest(data, location, origins);
});

const readMenus = cache(async (): Promise<unknown | null> => {
  const { WORDPRESS_URL, WORDPRESS_TIMEOUT_MS } = env();
  if (!WORDPRESS_URL) return null;
  try {
    const { data } = await wpFetch(
      '/lrjn/v1/menus',
      {},
      {
        baseUrl: WORDPRESS_URL,
        timeoutMs: WORDPRESS_TIMEOUT_MS,
        retries: 1,
        tags: [TAGS.all, TAGS.menus],
        revalidate: MENU_REVALIDATE,
        what: 'menus',
      },
    );
    return data;
  } catch (error) {
    // No such route: the companion plugin is inactive (or older than its menus). Either way the site's own
    // navigation is the answer, not an error page.
    const missing = error instanceof CmsError && error.missing?.code === 'rest_no_route';
    warnOnce(
      `menus ${missing ? 'missing' : 'failed'}`,
      missing
        ? '[cms] WordPress has no /lrjn/v1/menus (LRJN Companion inactive or outdated): showing the built-in navigation.'
        : `[cms] menus could not be read (${(error as Error).message}): showing the built-in navigation.`,
    );
    return null;
  }
});
