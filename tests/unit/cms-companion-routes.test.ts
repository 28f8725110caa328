import { describe, expect, it } from 'vitest';

import { assertAllowedRoute, buildWpUrl } from '@/lib/cms/client';

describe("the WordPress client allows the companion plugin's menus, redirects and old-slug routes only", () => {
  it.each(['/lrjn/v1/menus', '/lrjn/v1/redirects', '/lrjn/v1/old-slugs'])('%s is allowed', (route) => {
    expect(() => assertAllowedRoute(route)).not.toThrow();
    expect(buildWpUrl('http://cms.example.org', route, {}, 'pretty').href).toBe(
      `http://cms.example.org/wp-json${route}`,
    );
    expect(buildWpUrl('http://cms.example.org', route, {}, 'plain').searchParams.get('rest_route')).toBe(
      route,
    );
  });

  it.each([
    '/lrjn/v1/settings',
    '/lrjn/v1/menus/1',
    '/lrjn/v2/menus',
    '/redirection/v1/redirect',
    '/wp/v2/users',
  ])('%s is blocked', (route) => {
    expect(() => assertAllowedRoute(route)).toThrow('Blocked suspicious WordPress API call');
  });
});
