import { afterEach, describe, expect, it, vi } from 'vitest';

import {
  reshapeCause,
  reshapeEvent,
  reshapeList,
  reshapeMedia,
  reshapeMediaArchiveItem,
  reshapePage,
  reshapePost,
  reshapePostSummary,
  reshapeReport,
  reshapeTerm,
  type ReshapeContext,
} from '@/lib/cms/reshape';
import causes from '@/tests/fixtures/wordpress/cause.json';
import categories from '@/tests/fixtures/wordpress/categories.json';
import media from '@/tests/fixtures/wordpress/media.json';
import pages from '@/tests/fixtures/wordpress/pages.json';
import posts from '@/tests/fixtures/wordpress/posts.json';
import reports from '@/tests/fixtures/wordpress/reports.json';

const CTX: ReshapeContext = {
  wordpressHost: 'cms.example.org',
  imageHost: 'images.example.org',
  legacyHosts: ['old-cms.example.org'],
  internalOrigins: ['https://cms.example.org', 'https://www.example.org'],
};
/** A site without an image host: WordPress URLs stay as they are. */
const PLAIN: ReshapeContext = { wordpressHost: 'cms.example.org' };

const [post101, post102, post103] = posts;
const [homePage, privacyPage] = pages;
const [annualReport, briefing, partnerReport] = reports;
const [fairSchools, housing] = causes;

afterEach(() => {
  vi.restoreAllMocks();
});

describe('reshapePostSummary', () => {
  it('maps a full post with embedded author and featured image', () => {
    expect(reshapePostSummary(post101, CTX)).toEqual({
      id: 101,
      slug: 'why-racial-justice-matters-in-leeds',
      title: 'Why racial justice matters – a Leeds view',
      excerpt: 'Community groups across Leeds met in March to talk about what’s next & how to get there …',
      date: '2024-03-14T10:30:00',
      dateGmt: '2024-03-14T10:30:00',
      modified: '2024-03-20T16:05:12',
      image: {
        url: 'https://images.example.org/wp-content/uploads/2024/03/march-hero.jpg',
        alt: 'Marchers with banners on Briggate',
        width: 1600,
        height: 1067,
      },
      status: 'publish',
      author: { name: 'Amara O’Neil', url: 'https://cms.example.org/author/amara/' },
      categoryIds: [3, 2202],
      tagIds: [7],
    });
  });

  it('keeps the WordPress image host when no image host is configured', () => {
    expect(reshapePostSummary(post101, PLAIN)?.image?.url).toBe(
      'https://cms.example.org/wp-content/uploads/2024/03/march-hero.jpg',
    );
  });

  it('gives no image and no author when WordPress embedded error objects instead', () => {
    const summary = reshapePostSummary(post102, CTX);
    expect(summary).not.toBeNull();
    expect(summary?.image).toBeNull();
    expect(summary?.author).toBeNull();
  });

  it('turns an HTML title into plain text', () => {
    const summary = reshapePostSummary(post102, CTX);
    expect(summary?.title).toBe('XSS title');
    expect(summary?.title).not.toMatch(/[<>]/);
  });

  it('uses the GMT date when present and the local date otherwise', () => {
    expect(reshapePostSummary(post102, CTX)).toMatchObject({
      date: '2024-07-01T09:00:00',
      dateGmt: '2024-07-01T08:00:00',
    });
    const noGmt: Record<string, unknown> = { ...post103 };
    delete noGmt.date_gmt;
    delete noGmt.modified;
    delete noGmt.modified_gmt;
    expect(reshapePostSummary(noGmt, CTX)).toMatchObject({
      date: '2023-11-02T18:45:00',
      dateGmt: '2023-11-02T18:45:00',
      modified: '2023-11-02T18:45:00',
    });
  });

  it('reads `modified` in UTC from modified_gmt (site-local modified is an hour ahead in summer)', () => {
    const summer = { ...post103, modified: '2024-07-01T10:00:00', modified_gmt: '2024-07-01T09:00:00' };
    expect(reshapePostSummary(summer, CTX)?.modified).toBe('2024-07-01T09:00:00');
    const localOnly: Record<string, unknown> = { ...summer };
    delete localOnly.modified_gmt;
    expect(reshapePostSummary(localOnly, CTX)?.modified).toBe('2024-07-01T10:00:00');
  });

  it('gives no image when there is no featured media', () => {
    expect(reshapePostSummary(post103, CTX)?.image).toBeNull();
    expect(reshapePostSummary(post103, CTX)?.author?.name).toBe('Amara O’Neil');
  });

  it('reads a light `_fields` item with defaults', () => {
    expect(reshapePostSummary({ id: 5, slug: 'light' }, CTX)).toEqual({
      id: 5,
      slug: 'light',
      title: '',
      excerpt: '',
      date: '',
      dateGmt: '',
      modified: '',
      image: null,
      status: 'publish',
      author: null,
      categoryIds: [],
      tagIds: [],
    });
  });

  it('returns null for an item without id or slug', () => {
    expect(reshapePostSummary({ slug: 'no-id' }, CTX)).toBeNull();
    expect(reshapePostSummary({ id: 1 }, CTX)).toBeNull();
    expect(reshapePostSummary({ id: 1, slug: '' }, CTX)).toBeNull();
    expect(reshapePostSummary({ id: '1', slug: 'string-id' }, CTX)).toBeNull();
    expect(reshapePostSummary(null, CTX)).toBeNull();
    expect(reshapePostSummary('post', CTX)).toBeNull();
  });
});

describe('reshapePost', () => {
  it('adds the sanitised content', () => {
    const post = reshapePost(post101, CTX);
    expect(post?.html).toContain(
      '<p>Community groups across Leeds met in March to talk about what’s next.</p>',
    );
    expect(post?.html).not.toContain('<script');
    expect(post?.html).not.toContain('pwned');
    expect(post?.html).toContain('src="https://images.example.org/wp-content/uploads/2024/03/meeting.jpg"');
    expect(post?.html).not.toContain('srcset');
    expect(post?.html).toContain('<a href="/reports/annual-report-2023">annual report</a>');
    expect(post?.title).toBe('Why racial justice matters – a Leeds view');
  });

  it('drops an img with an unusable src and its handlers', () => {
    const html = reshapePost(post102, CTX)?.html ?? '';
    expect(html).not.toContain('onerror');
    expect(html).not.toContain('<img');
    expect(html).toContain('Body');
  });

  it('returns null for a malformed item', () => {
    expect(reshapePost({ title: { rendered: 'No id' } }, CTX)).toBeNull();
  });
});

describe('reshapePage', () => {
  it('reads the page fields, trimmed, with the background image normalised', () => {
    const page = reshapePage(homePage, CTX);
    expect(page?.fields).toEqual({
      subtitle: 'Together for a fairer Leeds',
      ctaText: 'Get involved',
      ctaLink: '/get-involved',
      backgroundImage: 'https://images.example.org/wp-content/uploads/2024/01/hero.jpg',
      aboutVideo: undefined,
    });
    expect(page?.title).toBe('Home');
  });

  it('finds the first content image, normalised and with &amp; decoded', () => {
    expect(reshapePage(homePage, CTX)?.firstContentImage).toBe(
      'https://images.example.org/wp-content/uploads/2024/01/first.jpg?v=3&lang=en',
    );
    expect(reshapePage(homePage, PLAIN)?.firstContentImage).toBe(
      'https://cms.example.org/wp-content/uploads/2024/01/first.jpg?v=3&lang=en',
    );
  });

  it('has no fields and no first image for a page with `acf: []` and no images', () => {
    const page = reshapePage(privacyPage, CTX);
    expect(page?.fields).toEqual({
      subtitle: undefined,
      ctaText: undefined,
      ctaLink: undefined,
      backgroundImage: undefined,
      aboutVideo: undefined,
    });
    expect(page?.firstContentImage).toBeNull();
    expect(page?.title).toBe('Privacy & cookies');
    expect(page?.html).toContain('<h2 id="who-we-are">Who we are</h2>');
  });

  it('does not take an image that the sanitiser removed as the first image', () => {
    const page = reshapePage(
      {
        id: 1,
        slug: 'p',
        content: { rendered: '<img src="javascript:alert(1)"><img src="https://cms.example.org/ok.jpg">' },
      },
      PLAIN,
    );
    expect(page?.firstContentImage).toBe('https://cms.example.org/ok.jpg');
  });
});

describe('reshapeReport', () => {
  it('reads the organisation from meta and the PDF URL from acf', () => {
    const report = reshapeReport(annualReport, CTX);
    expect(report).toMatchObject({
      id: 301,
      slug: 'annual-report-2023',
      title: 'Annual report 2023',
      organization: 'Leeds Racial Justice Network',
      pdfUrl: 'https://images.example.org/wp-content/uploads/2024/02/annual-report-2023.pdf',
      html: '<p>What we did in 2023.</p>\n',
    });
    expect(reshapeReport(annualReport, PLAIN)?.pdfUrl).toBe(
      'https://cms.example.org/wp-content/uploads/2024/02/annual-report-2023.pdf',
    );
  });

  it('maps a cover image on a legacy host to the image host', () => {
    expect(reshapeReport(annualReport, CTX)?.image).toEqual({
      url: 'https://images.example.org/wp-content/uploads/2024/02/report-cover.png',
      alt: '',
      width: 800,
      height: 1131,
    });
  });

  it('gives null organisation and PDF when both are empty (`acf: []`)', () => {
    expect(reshapeReport(briefing, CTX)).toMatchObject({ organization: null, pdfUrl: null, image: null });
  });

  it('falls back to acf.organization and refuses a PDF link that is not http(s) or a site path', () => {
    expect(reshapeReport(partnerReport, CTX)).toMatchObject({
      organization: 'Chapeltown Youth Forum',
      pdfUrl: null,
    });
  });

  it('accepts a snapshot PDF path and meta.pdf_url', () => {
    expect(reshapeReport({ id: 1, slug: 'r', acf: { pdf_file: '/content-media/r.pdf' } }, CTX)?.pdfUrl).toBe(
      '/content-media/r.pdf',
    );
    expect(
      reshapeReport({ id: 2, slug: 's', meta: { pdf_url: 'https://cdn.example.com/s.pdf' } }, CTX)?.pdfUrl,
    ).toBe('https://cdn.example.com/s.pdf');
    expect(reshapeReport({ id: 3, slug: 't', acf: { pdf_file: 'report.pdf' } }, CTX)?.pdfUrl).toBeNull();
  });
});

describe('reshapeCause', () => {
  it('uses acf.short_description as plain text', () => {
    const cause = reshapeCause(fairSchools, CTX);
    expect(cause?.shortDescription).toBe('Fighting exclusion in schools');
    expect(cause?.origin).toBe('cause');
    expect(cause?.html).toBe('<p>Long description of the fair schools campaign.</p>\n');
  });

  it('falls back to the excerpt without a short description', () => {
    const cause = reshapeCause(housing, CTX, 'post');
    expect(cause?.shortDescription).toBe('Safe, fair housing for everyone in Leeds & beyond.');
    expect(cause?.origin).toBe('post');
  });

  it('falls back to the excerpt when the short description is only markup', () => {
    const cause = reshapeCause({ ...housing, acf: { short_description: '<p> </p>' } }, CTX);
    expect(cause?.shortDescription).toBe('Safe, fair housing for everyone in Leeds & beyond.');
  });
});

describe('reshapeEvent and reshapeMediaArchiveItem', () => {
  it('keeps event fields as WordPress gives them', () => {
    const event = reshapeEvent(
      { id: 7, slug: 'agm', title: { rendered: 'AGM' }, acf: { event_date: '20240512', is_online: true } },
      CTX,
    );
    expect(event).toMatchObject({
      id: 7,
      slug: 'agm',
      title: 'AGM',
      fields: { event_date: '20240512', is_online: true },
    });
    expect(reshapeEvent({ id: 8, slug: 'x', acf: [] }, CTX)?.fields).toEqual({});
  });

  it('reads the media type and categories of an archive item', () => {
    const item = reshapeMediaArchiveItem(
      {
        id: 9,
        slug: 'zine',
        media_category: [4, 6],
        acf: { media_type: ' zine ', external_url: 'https://example.org' },
      },
      CTX,
    );
    expect(item).toMatchObject({
      mediaType: 'zine',
      categoryIds: [4, 6],
      fields: { external_url: 'https://example.org' },
    });
    expect(reshapeMediaArchiveItem({ id: 10, slug: 'y', acf: [] }, CTX)).toMatchObject({
      mediaType: null,
      categoryIds: [],
    });
  });
});

describe('reshapeTerm', () => {
  it('maps a category with its name and description as text', () => {
    expect(reshapeTerm(categories[2])).toEqual({
      id: 5,
      slug: 'arts-culture',
      name: 'Arts & Culture',
      description: 'Music, film & theatre',
      count: 3,
    });
    expect(reshapeTerm(categories[1])).toMatchObject({ id: 4, count: 0, description: '' });
  });

  it('returns null for a term without a name or slug', () => {
    expect(reshapeTerm({ id: 1, slug: 'x' })).toBeNull();
    expect(reshapeTerm({ id: 1, name: 'X' })).toBeNull();
    expect(reshapeTerm({ code: 'rest_forbidden' })).toBeNull();
  });
});

describe('reshapeMedia', () => {
  it('maps an image attachment', () => {
    expect(reshapeMedia(media[0], CTX)).toEqual({
      id: 55,
      title: 'March – hero',
      description: 'Marchers on Briggate',
      mediaType: 'image',
      mimeType: 'image/jpeg',
      url: 'https://images.example.org/wp-content/uploads/2024/03/march-hero.jpg',
      width: 1600,
      height: 1067,
      alt: 'Marchers with banners on Briggate',
    });
  });

  it('maps a file attachment without dimensions', () => {
    expect(reshapeMedia(media[1], PLAIN)).toMatchObject({
      id: 61,
      mediaType: 'file',
      mimeType: 'application/pdf',
      url: 'https://cms.example.org/wp-content/uploads/2024/02/annual-report-2023.pdf',
      width: undefined,
      height: undefined,
      alt: '',
    });
  });

  it('returns null without a usable source URL', () => {
    expect(reshapeMedia({ id: 1, title: { rendered: 'x' } }, CTX)).toBeNull();
    expect(
      reshapeMedia({ id: 1, title: { rendered: 'x' }, source_url: 'javascript:alert(1)' }, CTX),
    ).toBeNull();
  });
});

describe('reshapeList', () => {
  it('skips a malformed item, keeps the rest and logs what it skipped', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const raw = [post101, { id: 999, title: { rendered: 'No slug' } }, post103, 'garbage'];
    const list = reshapeList(raw, reshapePostSummary, CTX, 'post');
    expect(list.map((p) => p.id)).toEqual([101, 103]);
    expect(warn).toHaveBeenCalledTimes(2);
    expect(warn).toHaveBeenCalledWith('[cms] skipped a malformed post item', 'id=999 slug=undefined');
    expect(warn).toHaveBeenCalledWith('[cms] skipped a malformed post item', 'string');
  });

  it('does not log when every item is fine', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(reshapeList(posts, reshapePostSummary, CTX, 'post')).toHaveLength(3);
    expect(reshapeList(categories, reshapeTerm, CTX, 'category').map((t) => t.slug)).toEqual([
      'news',
      'archive',
      'arts-culture',
      'causes',
    ]);
    expect(warn).not.toHaveBeenCalled();
  });
});
