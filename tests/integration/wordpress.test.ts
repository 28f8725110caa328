import { readFileSync } from 'node:fs';
import path from 'node:path';

import { beforeEach, describe, expect, it } from 'vitest';

import { buildWpUrl, resetWpClientState, wpFetch, wpFetchAll } from '@/lib/cms/client';
import {
  reshapeCause,
  reshapeEvent,
  reshapeList,
  reshapeMediaArchiveItem,
  reshapePage,
  reshapePost,
  reshapeReport,
  reshapeTerm,
} from '@/lib/cms/reshape';
import { wordpressSource } from '@/lib/cms/sources/wordpress';

/**
 * The CMS client and reshaping against the real WordPress rig (scripts/wp-rig.sh boot), seeded with
 * content/seed. Runs only when TEST_WORDPRESS_URL is set (npm test boots the rig and sets it).
 */
const baseUrl = process.env.TEST_WORDPRESS_URL ?? '';
const options = { baseUrl, timeoutMs: 10_000 };
const seed = (name: string) =>
  JSON.parse(readFileSync(path.join(process.cwd(), 'content', 'seed', `${name}.json`), 'utf8')) as Record<
    string,
    unknown
  >[];

beforeEach(() => resetWpClientState());

describe('WordPress REST client against the rig', () => {
  it('lists every published post, paging through X-WP-TotalPages, and never the draft', async () => {
    const published = seed('posts').filter((p) => p.status === 'publish');
    const drafts = seed('posts').filter((p) => p.status === 'draft');
    const first = await wpFetch('/wp/v2/posts', { per_page: 10 }, options);
    expect(first.total).toBe(published.length);
    expect(first.totalPages).toBe(Math.ceil(published.length / 10));

    const all = (await wpFetchAll('/wp/v2/posts', { _embed: 'true' }, options)) as { slug: string }[];
    expect(all.map((p) => p.slug).sort()).toEqual(published.map((p) => String(p.slug)).sort());
    for (const d of drafts) expect(all.some((p) => p.slug === d.slug)).toBe(false);
  });

  it('pages with per_page below the total and still returns all items', async () => {
    const source = wordpressSource(baseUrl, 10_000);
    const page2 = await source.list('posts', { perPage: 5, page: 2 }, { tags: [] });
    expect(page2.items).toHaveLength(5);
    const beyond = await source.list('posts', { perPage: 5, page: 999 }, { tags: [] });
    expect(beyond.items).toEqual([]);
  });

  it('answers the same through ?rest_route= (plain permalinks)', async () => {
    const res = await fetch(buildWpUrl(baseUrl, '/wp/v2/posts', { per_page: 2 }, 'plain'));
    expect(res.ok).toBe(true);
    expect(((await res.json()) as unknown[]).length).toBe(2);
  });

  it('reshapes every post, page, report, cause, event, media archive item and term without skipping any', async () => {
    const ctx = { wordpressHost: new URL(baseUrl).host, internalOrigins: [new URL(baseUrl).origin] };
    const read = (endpoint: string) => wpFetchAll(`/wp/v2/${endpoint}`, { _embed: 'true' }, options);
    const posts = reshapeList(await read('posts'), reshapePost, ctx, 'post');
    expect(posts.length).toBe(seed('posts').filter((p) => p.status === 'publish').length);
    expect(posts.every((p) => p.author?.name && p.image?.url)).toBe(true);

    const pages = reshapeList(await read('pages'), reshapePage, ctx, 'page');
    expect(pages.map((p) => p.slug).sort()).toEqual(
      seed('pages')
        .map((p) => String(p.slug))
        .sort(),
    );

    const reports = reshapeList(await read('reports'), reshapeReport, ctx, 'report');
    expect(reports).toHaveLength(seed('reports').length);
    expect(reports.every((r) => r.organization && r.pdfUrl?.endsWith('.pdf'))).toBe(true);

    const causes = reshapeList(await read('cause'), reshapeCause, ctx, 'cause');
    expect(causes.map((c) => c.slug).sort()).toEqual(
      seed('causes')
        .map((c) => String(c.slug))
        .sort(),
    );
    expect(causes.every((c) => c.shortDescription.length > 0)).toBe(true);

    expect(reshapeList(await read('events'), reshapeEvent, ctx, 'event')).toHaveLength(seed('events').length);
    expect(reshapeList(await read('media-archive'), reshapeMediaArchiveItem, ctx, 'media')).toHaveLength(
      seed('media-archive').length,
    );
    const categories = reshapeList(
      await wpFetchAll('/wp/v2/categories', {}, options),
      reshapeTerm,
      ctx,
      'category',
    );
    expect(categories.filter((c) => c.count > 0).length).toBeGreaterThanOrEqual(4);
  });

  it('serves the hostile post raw from WordPress, and our reshape makes it harmless', async () => {
    const { data } = await wpFetch('/wp/v2/posts', { slug: 'hostile-markup-test' }, options);
    const raw = (data as { content: { rendered: string } }[])[0];
    expect(raw?.content.rendered).toContain('<script');
    const post = reshapePost(raw, {});
    expect(post?.html).not.toMatch(/<script|onerror|onclick|javascript:|evil\.example|position:\s*fixed/i);
  });

  it('refuses a route outside the allow-list without calling WordPress', async () => {
    await expect(wpFetch('/wp/v2/users', {}, options)).rejects.toThrow(
      'Blocked suspicious WordPress API call',
    );
  });
});
