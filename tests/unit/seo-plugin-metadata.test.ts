import { describe, expect, it } from 'vitest';

import { reshapePost, type ReshapeContext } from '@/lib/cms/reshape';
import { siteConfig } from '@/lib/config/site';
import { pageMetadata } from '@/lib/seo/metadata';

/**
 * Issue 18 item 6: a post's Yoast SEO fields (yoast_head_json in the REST answer) reach the page's metadata
 * through reshapePost and pageMetadata, sanitised; without them the defaults stay.
 */
const site = siteConfig();
const siteOrigin = new URL(site.url).origin;
const CTX: ReshapeContext = {
  wordpressHost: 'cms.example.org',
  internalOrigins: ['https://cms.example.org', siteOrigin],
  siteOrigin,
  cmsBases: ['https://cms.example.org'],
};

const post = (yoast?: unknown) => ({
  id: 7,
  slug: 'faith-leaders-roundtable',
  date: '2026-01-10T10:00:00',
  title: { rendered: 'Faith leaders roundtable' },
  excerpt: { rendered: '<p>The excerpt.</p>' },
  content: { rendered: '<p>Body</p>' },
  ...(yoast === undefined ? {} : { yoast_head_json: yoast }),
});

const metaFor = (raw: unknown, locale: 'en' | 'fr' = 'en') => {
  const p = reshapePost(raw, CTX)!;
  return pageMetadata({
    locale,
    path: `/blog/${p.slug}`,
    title: p.title,
    description: p.excerpt,
    ogType: 'article',
    image: `/blog/${p.slug}/social-image`,
    seo: p.seo,
  });
};

describe('SEO plugin fields in page metadata', () => {
  it('keeps the defaults without an SEO plugin', () => {
    const meta = metaFor(post());
    expect(meta.title).toEqual({ absolute: `Faith leaders roundtable | ${site.name}` });
    expect(meta.description).toBe('The excerpt.');
    expect(meta.alternates?.canonical).toBe('/blog/faith-leaders-roundtable');
    expect(meta.robots).toEqual({ index: true, follow: true });
  });

  it('uses Yoast’s title, description and og:image, with the site’s own title suffix', () => {
    const meta = metaFor(
      post({
        title: 'Roundtable: faith &amp; justice - LRJN CMS',
        description: 'What faith leaders agreed.',
        og_site_name: 'LRJN CMS',
        og_title: 'Share: the roundtable - LRJN CMS',
        og_image: [{ url: 'https://cms.example.org/wp-content/uploads/rt.jpg', width: 1200, height: 630 }],
        canonical: 'https://cms.example.org/faith-leaders-roundtable/',
        robots: { index: 'noindex', follow: 'follow' },
      }),
    );
    expect(meta.title).toEqual({ absolute: `Roundtable: faith & justice | ${site.name}` });
    expect(meta.description).toBe('What faith leaders agreed.');
    expect(meta.openGraph?.title).toBe(`Share: the roundtable | ${site.name}`);
    expect(meta.openGraph?.images).toEqual([
      { url: 'https://cms.example.org/wp-content/uploads/rt.jpg', width: 1200, height: 630 },
    ]);
    // The CMS permalink is not the site's URL for the post: the page keeps its own canonical.
    expect(meta.alternates?.canonical).toBe('/blog/faith-leaders-roundtable');
    expect(meta.robots).toEqual({ index: false, follow: false });
  });

  it('takes a canonical on the site itself (in the page’s locale) and never a foreign one', () => {
    const own = metaFor(post({ title: 'T', canonical: `${siteOrigin}/blog/the-original/` }), 'fr');
    expect(own.alternates?.canonical).toBe('/fr/blog/the-original');
    const foreign = metaFor(post({ title: 'T', canonical: 'https://evil.example/blog/x' }));
    expect(foreign.alternates?.canonical).toBe('/blog/faith-leaders-roundtable');
    expect(JSON.stringify(foreign)).not.toContain('evil.example');
  });

  it('never lets markup from a hostile SEO title into the metadata', () => {
    const meta = metaFor(
      post({
        title: '"><script>alert(1)</script>&lt;img src=x onerror=alert(1)&gt;Hello',
        og_image: [{ url: 'javascript:alert(1)' }],
      }),
    );
    expect(meta.title).toEqual({ absolute: `"> Hello | ${site.name}` });
    expect(JSON.stringify(meta)).not.toMatch(/<|alert|javascript:|onerror/);
    expect(meta.openGraph?.images).toEqual([{ url: `${siteOrigin}/blog/faith-leaders-roundtable/social-image` }]);
  });
});
