import { describe, expect, it } from 'vitest';

import { heroLink, parseWordPressHero } from '@/lib/cms/hero';
import { TAGS, tagsForChange } from '@/lib/cms/tags';
import { resolveHero, type HeroSources } from '@/lib/home/resolve-hero';

/** Issue 18 item 6: the home hero edited in WordPress (lrjn/v1/hero) and its precedence over the database row. */
describe('parseWordPressHero', () => {
  it('keeps the fields an editor filled in, as plain text', () => {
    expect(
      parseWordPressHero({
        heading: '<b>Together</b> for &amp; with Leeds',
        text: 'Line one\nline two',
        image: {
          url: 'https://cms.example.org/wp-content/uploads/h.jpg',
          width: 1920,
          height: 800,
          alt: 'A march',
        },
        buttonLabel: 'Join',
        buttonLink: '/community',
      }),
    ).toEqual({
      heading: 'Together for & with Leeds',
      text: 'Line one line two',
      image: {
        url: 'https://cms.example.org/wp-content/uploads/h.jpg',
        alt: 'A march',
        width: 1920,
        height: 800,
      },
      buttonLabel: 'Join',
      buttonLink: '/community',
    });
  });

  it('drops unsafe links and images, and is null when everything is empty or the answer is not the plugin’s', () => {
    expect(
      parseWordPressHero({
        heading: '',
        text: '  ',
        image: { url: 'javascript:alert(1)', alt: '' },
        buttonLabel: '',
        buttonLink: 'javascript:alert(1)',
      }),
    ).toBeNull();
    expect(parseWordPressHero({ code: 'rest_no_route', message: 'No route' })).toBeNull();
    expect(parseWordPressHero('x')).toBeNull();
    for (const bad of ['//evil.example', '/\\evil.example', 'data:x', 'ftp://x', 'https://a b'])
      expect(heroLink(bad)).toBeUndefined();
    expect(heroLink('http://example.org/x')).toBe('http://example.org/x');
  });

  it('is revalidated by the plugin’s settings webhook', () => {
    expect(tagsForChange({ kind: 'settings', name: 'hero' })).toEqual([TAGS.homeHero]);
  });
});

describe('resolveHero precedence', () => {
  const defaults = {
    heading: 'Site',
    subtitle: 'Default subtitle',
    ctaText: 'Default CTA',
    ctaLink: '/community',
    image: '/images/hero-default.jpg',
  };
  const database = {
    subtitle: 'DB subtitle',
    ctaText: 'DB CTA',
    ctaLink: '/db-link',
    backgroundImage: '/images/db.jpg',
  };
  const page = { subtitle: 'Page subtitle', ctaLink: 'javascript:x', images: ['/images/page.jpg', null] };
  const wordpress = {
    heading: 'WP heading',
    text: 'WP text',
    image: { url: 'https://cms.example.org/h.jpg', alt: '' },
    buttonLabel: 'WP label',
    buttonLink: 'https://donate.example.org/',
  };
  const sources = (over: Partial<HeroSources>): HeroSources => ({
    english: true,
    wordpress: null,
    database: null,
    page: null,
    defaults,
    ...over,
  });

  it('puts WordPress’s hero first, field by field', () => {
    expect(resolveHero(sources({ wordpress, database, page }))).toEqual({
      heading: 'WP heading',
      subtitle: 'WP text',
      ctaText: 'WP label',
      ctaLink: 'https://donate.example.org/',
      ctaExternal: true,
      images: [
        'https://cms.example.org/h.jpg',
        '/images/page.jpg',
        '/images/db.jpg',
        '/images/hero-default.jpg',
      ],
    });
    const partial = resolveHero(sources({ wordpress: { heading: 'Only a heading' }, database, page }));
    expect(partial).toMatchObject({
      heading: 'Only a heading',
      subtitle: 'DB subtitle',
      ctaLink: '/db-link',
    });
  });

  it('falls back to the database row when WordPress has none, then the page, then the defaults', () => {
    expect(resolveHero(sources({ database, page }))).toMatchObject({
      heading: 'Site',
      subtitle: 'DB subtitle',
      ctaText: 'DB CTA',
      ctaLink: '/db-link',
    });
    expect(resolveHero(sources({ page }))).toMatchObject({
      subtitle: 'Page subtitle',
      ctaLink: '/community',
    });
    expect(resolveHero(sources({}))).toEqual({
      ...defaults,
      image: undefined,
      images: ['/images/hero-default.jpg'],
      ctaExternal: false,
    });
  });

  it('orders the images as the spec does: featured, first in the content, background_image, then the default', () => {
    const home = { images: ['/images/featured.jpg', '/images/in-content.jpg', '/images/acf-background.jpg'] };
    // The audit's case (HM3): a homepage_content background image must not replace the page's featured media.
    expect(resolveHero(sources({ database, page: home })).images).toEqual([
      '/images/featured.jpg',
      '/images/in-content.jpg',
      '/images/acf-background.jpg',
      '/images/db.jpg',
      '/images/hero-default.jpg',
    ]);
    expect(resolveHero(sources({ database })).images).toEqual(['/images/db.jpg', '/images/hero-default.jpg']);
  });

  it('keeps the translated texts outside English; images and link apply everywhere', () => {
    const fr = resolveHero(sources({ english: false, wordpress, database }));
    expect(fr).toMatchObject({ heading: 'Site', subtitle: 'Default subtitle', ctaText: 'Default CTA' });
    expect(fr.ctaLink).toBe('https://donate.example.org/');
    expect(fr.images[0]).toBe('https://cms.example.org/h.jpg');
  });
});
