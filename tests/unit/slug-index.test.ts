import { readFileSync } from 'node:fs';
import path from 'node:path';

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const content = vi.hoisted(() => ({
  refs: {} as Record<string, string[]>,
  causes: [] as string[],
  categories: [] as string[],
  reads: 0,
  fail: false,
}));

vi.mock('@/lib/cms', () => ({
  getContentRefs: async (endpoint: string) => {
    content.reads += 1;
    if (content.fail) throw new Error('CMS down');
    return (content.refs[endpoint] ?? []).map((slug) => ({ slug, modified: '' }));
  },
  getCauses: async () => content.causes.map((slug) => ({ slug })),
  getMediaCategories: async () => content.categories.map((slug) => ({ slug })),
}));

const {
  contentSlugOf,
  hasContentSlug,
  noteContentChange,
  rebuildSlugIndex,
  resetSlugIndex,
  REFRESH_ON_MISS_MS,
  SLUG_GRAMMAR,
} = await import('@/lib/cms/slug-index');

describe('contentSlugOf (the content routes of app/[locale] and their slug grammar)', () => {
  it.each([
    ['/blog/my-post', 'posts', 'my-post'],
    ['/blog/my-post/opengraph-image', 'posts', 'my-post'],
    ['/event/iftar-2028', 'events', 'iftar-2028'],
    ['/event/iftar-2028/calendar.ics', 'events', 'iftar-2028'],
    ['/reports/watched', 'reports', 'watched'],
    ['/team-member/samuel-adebayo', 'team-member', 'samuel-adebayo'],
    ['/vacancies/trustee', 'vacancies', 'trustee'],
    ['/media-archive/interview', 'media-archive', 'interview'],
    ['/cause/migration', 'causes', 'migration'],
    ['/causes/migration', 'causes', 'migration'],
    ['/media/category/photos', 'media-categories', 'photos'],
    ['/blog/%D8%B3%D9%84%D8%A7%D9%85', 'posts', 'سلام'],
    ['/blog/%d8%b3%d9%84%d8%a7%d9%85', 'posts', 'سلام'],
    ['/blog/caf%C3%A9_2', 'posts', 'café_2'],
  ])('%s asks for %s %s', (p, kind, slug) => {
    expect(contentSlugOf(p)).toEqual({ kind, slug });
  });

  it.each([
    '/blog/x.txt',
    '/blog/x.pdf',
    '/blog/x.js',
    '/blog/a%2Fb',
    '/blog/my%2Dpost', // a second spelling of /blog/my-post would be a second cache entry
    '/blog/%E0%A4%A',
    '/blog/%25',
    '/blog/hello%20world',
    '/event/x.y/calendar.ics',
    `/blog/${'a'.repeat(201)}`,
  ])('%s is not a valid slug', (p) => {
    expect(contentSlugOf(p)).toMatchObject({ invalid: true });
  });

  it.each(['/', '/blog', '/blog/', '/events', '/about', '/media/videos', '/causes/international-solidarity'])(
    '%s is not a content slug route',
    (p) => {
      expect(contentSlugOf(p)).toBeNull();
    },
  );

  it('every slug of the bundled snapshot passes the grammar', () => {
    const dir = path.join(process.cwd(), 'content', 'snapshot');
    for (const file of ['posts', 'events', 'reports', 'team-member', 'vacancies', 'media-archive', 'cause']) {
      const items = JSON.parse(readFileSync(path.join(dir, `${file}.json`), 'utf8')) as { slug: string }[];
      for (const { slug } of items) expect(SLUG_GRAMMAR.test(decodeURIComponent(slug)), slug).toBe(true);
    }
  });
});

describe('the slug index', () => {
  beforeEach(() => {
    resetSlugIndex();
    content.refs = { posts: ['known-post', '%d8%b3%d9%84%d8%a7%d9%85'], events: ['iftar'] };
    content.causes = ['migration'];
    content.categories = ['photos'];
    content.reads = 0;
    content.fail = false;
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('knows the content of each kind, with WordPress percent-encoded slugs decoded', async () => {
    expect(await hasContentSlug('posts', 'known-post')).toBe(true);
    expect(await hasContentSlug('posts', 'سلام')).toBe(true);
    expect(await hasContentSlug('events', 'iftar')).toBe(true);
    expect(await hasContentSlug('causes', 'migration')).toBe(true);
    expect(await hasContentSlug('media-categories', 'photos')).toBe(true);
    expect(await hasContentSlug('posts', 'iftar')).toBe(false);
    expect(await hasContentSlug('posts', 'Known-Post')).toBe(false);
  });

  it('a flood of unknown slugs reads the content at most once a minute', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    await hasContentSlug('posts', 'known-post');
    const after = content.reads;
    for (let i = 0; i < 500; i += 1) expect(await hasContentSlug('posts', `probe-${i}`)).toBe(false);
    expect(content.reads).toBe(after);
    vi.setSystemTime(Date.now() + REFRESH_ON_MISS_MS + 1);
    content.refs.posts = ['known-post', 'published-elsewhere'];
    expect(await hasContentSlug('posts', 'published-elsewhere')).toBe(true);
    expect(content.reads).toBeGreaterThan(after);
  });

  it('the webhook adds and removes slugs at once, before the (possibly stale) lists agree', async () => {
    expect(await hasContentSlug('posts', 'brand-new')).toBe(false);
    noteContentChange({
      kind: 'post',
      postType: 'post',
      slug: 'brand-new',
      action: 'save',
      status: 'publish',
    });
    expect(await hasContentSlug('posts', 'brand-new')).toBe(true);
    // A rebuild from lists that do not have it yet does not forget it.
    await rebuildSlugIndex();
    expect(await hasContentSlug('posts', 'brand-new')).toBe(true);

    noteContentChange({ kind: 'post', postType: 'post', slug: 'known-post', action: 'trash' });
    expect(await hasContentSlug('posts', 'known-post')).toBe(false);

    noteContentChange({
      kind: 'post',
      postType: 'events',
      slug: 'iftar-2029',
      previousSlug: 'iftar',
      action: 'save',
      status: 'publish',
    });
    expect(await hasContentSlug('events', 'iftar-2029')).toBe(true);
    expect(await hasContentSlug('events', 'iftar')).toBe(false);

    noteContentChange({
      kind: 'post',
      postType: 'reports',
      slug: 'draft-report',
      action: 'save',
      status: 'draft',
    });
    expect(await hasContentSlug('reports', 'draft-report')).toBe(false);

    noteContentChange({ kind: 'term', taxonomy: 'media_category', slug: 'audio', action: 'save' });
    expect(await hasContentSlug('media-categories', 'audio')).toBe(true);
  });

  it('when the content cannot be read at all, every slug counts as present (the page decides)', async () => {
    content.fail = true;
    expect(await hasContentSlug('posts', 'anything')).toBe(true);
  });
});
