import { describe, expect, it } from 'vitest';

import {
  canonicalSitePath,
  rankMathHeadOf,
  seoFromRankMathHead,
  seoFromYoast,
  seoText,
  type SeoContext,
} from '@/lib/cms/seo';

/** SEO plugin fields (lib/cms/seo.ts): Yoast's yoast_head_json and Rank Math's getHead, sanitised. */
const ctx: SeoContext = {
  siteOrigin: 'https://www.example.org',
  cmsBases: ['https://cms.example.org'],
  wordpressHost: 'cms.example.org',
};

/** The shape Yoast SEO puts on /wp/v2/posts items (Yoast 14+), trimmed to a realistic post. */
const yoast = {
  title: 'Faith leaders roundtable - LRJN CMS',
  description: 'Faith leaders met to talk about &amp; act on racial justice.',
  robots: { index: 'index', follow: 'follow', 'max-snippet': 'max-snippet:-1' },
  canonical: 'https://cms.example.org/faith-leaders-roundtable/',
  og_locale: 'en_GB',
  og_type: 'article',
  og_title: 'Faith leaders roundtable - LRJN CMS',
  og_description: 'Faith leaders met.',
  og_url: 'https://cms.example.org/faith-leaders-roundtable/',
  og_site_name: 'LRJN CMS',
  og_image: [
    {
      width: 1200,
      height: 630,
      url: 'https://cms.example.org/wp-content/uploads/2026/01/roundtable.jpg',
      type: 'image/jpeg',
    },
  ],
  twitter_card: 'summary_large_image',
  schema: { '@context': 'https://schema.org', '@graph': [] },
};

describe('seoFromYoast', () => {
  it('reads title, description and Open Graph, cutting the WordPress site-name suffix', () => {
    expect(seoFromYoast(yoast, ctx)).toEqual({
      source: 'yoast',
      title: 'Faith leaders roundtable',
      description: 'Faith leaders met to talk about & act on racial justice.',
      ogTitle: 'Faith leaders roundtable',
      ogDescription: 'Faith leaders met.',
      ogImage: {
        url: 'https://cms.example.org/wp-content/uploads/2026/01/roundtable.jpg',
        width: 1200,
        height: 630,
      },
    });
  });

  it('ignores a canonical on the CMS host (the WordPress permalink) and on any third-party host', () => {
    expect(seoFromYoast(yoast, ctx)?.canonicalPath).toBeUndefined();
    const foreign = seoFromYoast({ ...yoast, canonical: 'https://evil.example/steal' }, ctx);
    expect(foreign?.canonicalPath).toBeUndefined();
    expect(JSON.stringify(foreign)).not.toContain('evil.example');
  });

  it('keeps a canonical on the site itself, as a path', () => {
    const seo = seoFromYoast({ ...yoast, canonical: 'https://www.example.org/blog/other-post/?x=1#h' }, ctx);
    expect(seo?.canonicalPath).toBe('/blog/other-post');
  });

  it('strips tags, entities that hide tags, control and bidi characters from hostile titles', () => {
    const seo = seoFromYoast(
      {
        title: '<script>alert(1)</script>Real &lt;img src=x onerror=alert(2)&gt;title\u202e\u0000 - LRJN CMS',
        description: '<b>Bold</b> &lt;iframe src="javascript:alert(3)"&gt;&lt;/iframe&gt; text',
        og_site_name: 'LRJN CMS',
      },
      ctx,
    );
    expect(seo?.title).toBe('Real title');
    expect(seo?.description).toBe('Bold text');
    // Entity-encoded script blocks lose their content too, not just their tags.
    expect(seoText('&lt;script&gt;alert(5)&lt;/script&gt;Kept', 100)).toBe('Kept');
    for (const v of [seo?.title, seo?.description]) expect(v).not.toMatch(/[<>]|script|iframe/);
  });

  it('clamps long texts at a word boundary', () => {
    const seo = seoFromYoast({ title: 'word '.repeat(100), description: 'lorem '.repeat(200) }, ctx);
    expect(seo!.title!.length).toBeLessThanOrEqual(111);
    expect(seo!.title!.endsWith('…')).toBe(true);
    expect(seo!.description!.length).toBeLessThanOrEqual(301);
  });

  it('takes og:image only as an http(s) URL and skips malformed image entries', () => {
    for (const url of ['javascript:alert(1)', 'data:image/png;base64,AAAA', '//cdn.example/x.jpg', '/x.jpg']) {
      expect(seoFromYoast({ title: 'T', og_image: [{ url }] }, ctx)?.ogImage).toBeUndefined();
    }
    const seo = seoFromYoast({ title: 'T', og_image: [{ nope: 1 }, { url: 'http://img.example/a.jpg' }] }, ctx);
    expect(seo?.ogImage).toEqual({ url: 'http://img.example/a.jpg' });
  });

  it('honours noindex, and survives wrong types field by field', () => {
    expect(seoFromYoast({ title: 'T', robots: { index: 'noindex' } }, ctx)?.noindex).toBe(true);
    const seo = seoFromYoast(
      { title: 42, description: 'Fine', og_image: 'not-an-array', robots: 'x', canonical: {} },
      ctx,
    );
    expect(seo).toEqual({ source: 'yoast', description: 'Fine' });
  });

  it('is null without Yoast or when nothing usable is left', () => {
    for (const raw of [undefined, null, [], 'x', {}, { title: '<b></b>', og_image: [] }])
      expect(seoFromYoast(raw, ctx)).toBeNull();
  });
});

describe('canonicalSitePath', () => {
  it('accepts only the site origin, never the CMS base when they share a host', () => {
    const shared: SeoContext = { siteOrigin: 'https://example.org', cmsBases: ['https://example.org/wp'] };
    expect(canonicalSitePath('https://example.org/wp/some-post/', shared)).toBeUndefined();
    expect(canonicalSitePath('https://example.org/blog/some-post', shared)).toBe('/blog/some-post');
    expect(canonicalSitePath('https://example.org.evil.example/blog/x', shared)).toBeUndefined();
    expect(canonicalSitePath('https://user:pw@example.org/blog/x', shared)).toBeUndefined();
    expect(canonicalSitePath('javascript:alert(1)', shared)).toBeUndefined();
    expect(canonicalSitePath('/blog/x', shared)).toBeUndefined();
    expect(canonicalSitePath('https://example.org/blog/x', { cmsBases: [] })).toBeUndefined();
  });
});

describe('seoFromRankMathHead', () => {
  const head = [
    '<title>Stop the scan &#8211; launch - LRJN CMS</title>',
    '<meta name="description" content="Campaign &amp; petition"/>',
    '<meta name="robots" content="follow, index, max-snippet:-1"/>',
    '<link rel="canonical" href="https://www.example.org/blog/stop-the-scan-campaign-launch/" />',
    '<meta property="og:site_name" content="LRJN CMS" />',
    '<meta property="og:title" content="Stop the scan - LRJN CMS" />',
    "<meta property='og:description' content='Sign it' />",
    '<meta property="og:image" content="https://cms.example.org/wp-content/uploads/scan.jpg" />',
    '<meta property="og:image:width" content="1200" />',
    '<meta property="og:image:height" content="630" />',
    '<meta name="description" content="a second description is ignored" />',
    '<meta name="twitter:title" content="&lt;script&gt;x&lt;/script&gt;Tweet" />',
  ].join('\n');

  it('reads the head Rank Math renders, with the same rules as Yoast', () => {
    expect(seoFromRankMathHead(rankMathHeadOf({ success: true, head }), ctx)).toEqual({
      source: 'rankmath',
      title: 'Stop the scan – launch',
      description: 'Campaign & petition',
      canonicalPath: '/blog/stop-the-scan-campaign-launch',
      ogTitle: 'Stop the scan',
      ogDescription: 'Sign it',
      ogImage: { url: 'https://cms.example.org/wp-content/uploads/scan.jpg', width: 1200, height: 630 },
      twitterTitle: 'Tweet',
    });
  });

  it('reads noindex from the robots meta and ignores a foreign canonical', () => {
    const seo = seoFromRankMathHead(
      '<title>T</title><meta name="robots" content="noindex, nofollow"><link rel="canonical" href="https://evil.example/">',
      ctx,
    );
    expect(seo).toEqual({ source: 'rankmath', title: 'T', noindex: true });
  });

  it('is null for an error answer or an empty head', () => {
    expect(rankMathHeadOf({ code: 'rest_no_route', message: 'No route' })).toBeUndefined();
    expect(seoFromRankMathHead(undefined, ctx)).toBeNull();
    expect(seoFromRankMathHead('<html></html>', ctx)).toBeNull();
  });
});

describe('seoText', () => {
  it('is plain text', () => {
    expect(seoText('A &amp;amp; B', 50)).toBe('A &amp; B');
    expect(seoText('  ', 50)).toBeUndefined();
  });
});
