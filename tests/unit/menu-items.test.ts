import { describe, expect, it } from 'vitest';

import { menuFromRest, menuHref, menuLabel } from '@/lib/cms/menu-items';

const WP = 'http://cms.example.org';
const SITE = 'https://www.example.org';
const origins = [WP, SITE];

const item = (over: Record<string, unknown>) => ({
  id: 1,
  parent: 0,
  order: 1,
  title: 'Item',
  url: '',
  type: 'custom',
  object: 'custom',
  objectId: 0,
  slug: '',
  target: '',
  ...over,
});
const rest = (items: unknown[], location = 'header') => [
  { location, menu: { id: 9, name: 'Main' }, items },
  { location: location === 'header' ? 'footer' : 'header', menu: null, items: [] },
];

describe('menuHref: WordPress links become site routes or safe external links', () => {
  it('maps WordPress objects to the site routes', () => {
    const href = (type: string, object: string, slug: string, objectId = 5) =>
      menuHref({ type, object, slug, objectId, url: `${WP}/whatever/` }, origins)?.href;
    expect(href('post_type', 'post', 'my-post')).toBe('/blog/my-post');
    expect(href('post_type', 'page', 'about')).toBe('/about');
    expect(href('post_type', 'events', 'gala')).toBe('/event/gala');
    expect(href('post_type', 'reports', 'annual')).toBe('/reports/annual');
    expect(href('post_type', 'cause', 'climate')).toBe('/cause/climate');
    expect(href('post_type', 'team_member', 'ana')).toBe('/team-member/ana');
    expect(href('post_type', 'vacancy', 'lead')).toBe('/vacancies/lead');
    expect(href('post_type', 'media_archive', 'photo')).toBe('/media-archive/photo');
    expect(href('taxonomy', 'category', 'news', 12)).toBe('/blog?category=12');
    expect(href('taxonomy', 'media_category', 'videos')).toBe('/media/category/videos');
    expect(href('post_type', 'post', 'café')).toBe('/blog/caf%C3%A9');
    expect(href('post_type', 'post', 'bad/slug')).toBeUndefined();
  });

  it('keeps same-site links as paths without locale or trailing slash, and external http(s) links as they are', () => {
    const href = (url: string) =>
      menuHref({ type: 'custom', object: 'custom', objectId: 0, slug: '', url }, origins);
    expect(href('/donate')).toEqual({ href: '/donate', external: false });
    expect(href('/es/about/')).toEqual({ href: '/about', external: false });
    expect(href(`${WP}/old-post/`)).toEqual({ href: '/old-post', external: false });
    expect(href(`${SITE}/fr/events?x=1#top`)).toEqual({ href: '/events?x=1#top', external: false });
    expect(href('https://partner.example.net/page')).toEqual({
      href: 'https://partner.example.net/page',
      external: true,
    });
  });

  it('refuses scripts, data, protocol-relative, credentialed and odd links', () => {
    const href = (url: string) =>
      menuHref({ type: 'custom', object: 'custom', objectId: 0, slug: '', url }, origins);
    for (const bad of [
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'data:text/html,<script>1</script>',
      '//evil.example/x',
      '/\\evil.example',
      'https://user:pw@evil.example/',
      'mailto:a@example.org',
      'ftp://example.org/x',
      '',
      '#',
      'relative/path',
    ]) {
      expect(href(bad), bad).toBeNull();
    }
  });
});

describe('menuLabel', () => {
  it('strips markup, decodes entities and caps the length', () => {
    expect(menuLabel('Latest <b>story</b>')).toBe('Latest story');
    expect(menuLabel('Fish &amp; chips')).toBe('Fish & chips');
    expect(menuLabel('<script>alert(1)</script>')).toBe('');
    expect(menuLabel('<img src=x onerror=alert(1)>Hi')).toBe('Hi');
    expect(menuLabel('x'.repeat(200))).toHaveLength(80);
  });
});

describe('menuFromRest', () => {
  it('builds the tree in menu order, lifting deeper items under their top-level ancestor', () => {
    const menu = menuFromRest(
      rest([
        item({ id: 3, order: 3, title: 'Child', url: '/c', parent: 1 }),
        item({ id: 1, order: 1, title: 'Top', url: '/top' }),
        item({ id: 4, order: 4, title: 'Grandchild', url: '/g', parent: 3 }),
        item({ id: 2, order: 2, title: 'Second', url: 'https://x.example/', target: '_blank' }),
      ]),
      'header',
      origins,
    );
    expect(menu).toEqual([
      {
        href: '/top',
        label: 'Top',
        external: false,
        newTab: false,
        children: [
          { href: '/c', label: 'Child', external: false, newTab: false, children: [] },
          { href: '/g', label: 'Grandchild', external: false, newTab: false, children: [] },
        ],
      },
      { href: 'https://x.example/', label: 'Second', external: true, newTab: true, children: [] },
    ]);
  });

  it('drops unsafe or unlabelled items and malformed entries', () => {
    const menu = menuFromRest(
      rest([
        item({ id: 1, title: 'Evil', url: 'javascript:alert(1)' }),
        item({ id: 2, title: '<b></b>', url: '/empty-label' }),
        { id: 'x', title: 5 },
        item({ id: 3, title: 'Fine', url: '/fine' }),
      ]),
      'header',
      origins,
    );
    expect(menu?.map((m) => m.label)).toEqual(['Fine']);
  });

  it('is null (the built-in navigation) when no menu is assigned, nothing usable is left, or the answer is not a list', () => {
    expect(menuFromRest(rest([item({ url: '/x' })]), 'footer', origins)).toBeNull();
    expect(menuFromRest(rest([item({ url: 'javascript:1' })]), 'header', origins)).toBeNull();
    expect(menuFromRest({ location: 'header' }, 'header', origins)).toBeNull();
    expect(menuFromRest(null, 'header', origins)).toBeNull();
  });
});
