import { readdirSync } from 'node:fs';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { KNOWN_ROUTES, isKnownRoute } from '@/lib/redirects/known-routes';

/** Every page or route handler under app/[locale], as a route pattern (`/blog/*`), from the file tree. */
function routesOnDisk(): string[] {
  const root = path.join(process.cwd(), 'app', '[locale]');
  const found: string[] = [];
  const walk = (dir: string, segments: string[]) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        const name = entry.name;
        // Route groups and private folders add no URL segment; `missing-content` and the catch-all are the
        // 404 machinery itself, never a known route.
        if (name.startsWith('_')) continue;
        if (name === 'missing-content' || name.startsWith('[...')) continue;
        const segment = name.startsWith('(') ? null : name.startsWith('[') ? '*' : name;
        walk(path.join(dir, name), segment ? [...segments, segment] : segments);
      } else if (/^(page|route)\.tsx?$/.test(entry.name)) {
        found.push(`/${segments.join('/')}`);
      }
    }
  };
  walk(root, []);
  return found.sort();
}

describe('known routes (the proxy answers 404 for everything else: issue 19 item 4)', () => {
  it('lists exactly the routes app/[locale] has', () => {
    expect([...KNOWN_ROUTES].sort()).toEqual(routesOnDisk());
  });

  it.each([
    '/',
    '/about',
    '/accessibility',
    '/blog',
    '/blog/any-post',
    '/blog/any-post/social-image',
    '/courses/3f9a6c1e-0000-4000-8000-000000000000/learn',
    '/media/category/photos',
    '/causes/international-solidarity',
  ])('%s is served by a route', (path) => {
    expect(isKnownRoute(path)).toBe(true);
  });

  it.each([
    '/privacy',
    '/cookies',
    '/this/page-does-not-exist',
    '/blog/a/b',
    '/about/more',
    '/missing-content/posts',
    '/media/category',
    '/courses/x/y/z',
  ])('%s is served by no route', (path) => {
    expect(isKnownRoute(path)).toBe(false);
  });
});
