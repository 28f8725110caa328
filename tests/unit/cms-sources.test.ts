import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { resetWpClientState } from '@/lib/cms/client';
import { CMS_MESSAGES, CmsError } from '@/lib/cms/errors';
import type { CacheHints, ContentSource, ListResult } from '@/lib/cms/source';
import { resilientSource } from '@/lib/cms/sources/resilient';
import { snapshotSource } from '@/lib/cms/sources/snapshot';
import { toWpQuery, wordpressSource } from '@/lib/cms/sources/wordpress';

const HINTS: CacheHints = { tags: ['cms', 'posts'], revalidate: 3600, what: 'posts' };
const FIXTURES = path.join(process.cwd(), 'tests', 'fixtures', 'wordpress');

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** A source whose answers the test scripts: a result, or an error to throw. */
function scriptedSource(name: ContentSource['name']) {
  const answers: (ListResult | Error)[] = [];
  const allAnswers: (unknown[] | Error)[] = [];
  const source = {
    name,
    list: vi.fn(async (): Promise<ListResult> => {
      const next = answers.shift();
      if (!next) throw new Error(`${name}: no scripted answer`);
      if (next instanceof Error) throw next;
      return next;
    }),
    listAll: vi.fn(async (): Promise<unknown[]> => {
      const next = allAnswers.shift();
      if (!next) throw new Error(`${name}: no scripted answer`);
      if (next instanceof Error) throw next;
      return next;
    }),
  } satisfies ContentSource;
  return { source, answers, allAnswers };
}

const page = (...ids: number[]): ListResult => ({
  items: ids.map((id) => ({ id })),
  total: ids.length,
  totalPages: 1,
});
const outage = () => new CmsError(CMS_MESSAGES.failed('posts', 503), 503, true);

describe('resilientSource', () => {
  beforeEach(() => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });

  it('returns the primary answer when WordPress works', async () => {
    const primary = scriptedSource('wordpress');
    const fallback = scriptedSource('snapshot');
    primary.answers.push(page(1, 2));
    const source = resilientSource(primary.source, fallback.source);
    expect(await source.list('posts', { page: 1 }, HINTS)).toEqual(page(1, 2));
    expect(primary.source.list).toHaveBeenCalledWith('posts', { page: 1 }, HINTS);
    expect(fallback.source.list).not.toHaveBeenCalled();
    expect(source.name).toBe('wordpress');
  });

  it('falls back to the snapshot when the first read fails with a retryable error', async () => {
    const primary = scriptedSource('wordpress');
    const fallback = scriptedSource('snapshot');
    primary.answers.push(outage());
    fallback.answers.push(page(9));
    const source = resilientSource(primary.source, fallback.source);
    expect(await source.list('posts', { page: 1 }, HINTS)).toEqual(page(9));
    expect(fallback.source.list).toHaveBeenCalledWith('posts', { page: 1 }, HINTS);
    expect(console.warn).toHaveBeenCalledWith(expect.stringContaining('serving the bundled snapshot'));
  });

  it('serves the last good answer to the same query after one success', async () => {
    const primary = scriptedSource('wordpress');
    const fallback = scriptedSource('snapshot');
    primary.answers.push(page(1, 2), outage());
    const source = resilientSource(primary.source, fallback.source);
    await source.list('posts', { page: 1 }, HINTS);
    expect(await source.list('posts', { page: 1 }, HINTS)).toEqual(page(1, 2));
    expect(fallback.source.list).not.toHaveBeenCalled();
    expect(console.warn).toHaveBeenCalledWith(expect.stringContaining('serving the last good data'));
  });

  it('does not serve the answer of another query', async () => {
    const primary = scriptedSource('wordpress');
    const fallback = scriptedSource('snapshot');
    primary.answers.push(page(1, 2), outage());
    fallback.answers.push(page(7));
    const source = resilientSource(primary.source, fallback.source);
    await source.list('posts', { page: 1 }, HINTS);
    expect(await source.list('posts', { page: 2 }, HINTS)).toEqual(page(7));
  });

  it('falls back for network errors, timeouts, an open circuit and unexpected errors', async () => {
    const errors = [
      new CmsError(CMS_MESSAGES.failed('posts', 'network error'), undefined, true),
      new CmsError(CMS_MESSAGES.failed('posts', 'timeout'), undefined, true),
      new CmsError(CMS_MESSAGES.failed('posts', 'WordPress unavailable'), undefined, true),
      new CmsError(CMS_MESSAGES.failed('posts', 429), 429, true),
      new CmsError(CMS_MESSAGES.invalidJson),
      new TypeError('boom'),
    ];
    for (const error of errors) {
      const primary = scriptedSource('wordpress');
      const fallback = scriptedSource('snapshot');
      primary.answers.push(error);
      fallback.answers.push(page(3));
      const source = resilientSource(primary.source, fallback.source);
      expect(await source.list('posts', {}, HINTS)).toEqual(page(3));
    }
  });

  it('rethrows a 404 instead of masking it', async () => {
    const primary = scriptedSource('wordpress');
    const fallback = scriptedSource('snapshot');
    primary.answers.push(page(1), new CmsError(CMS_MESSAGES.failed('cause', 404), 404, false));
    const source = resilientSource(primary.source, fallback.source);
    await source.list('cause', {}, HINTS);
    await expect(source.list('cause', {}, HINTS)).rejects.toMatchObject({ name: 'CmsError', status: 404 });
    expect(fallback.source.list).not.toHaveBeenCalled();
  });

  it('rethrows the blocked-route error', async () => {
    const primary = scriptedSource('wordpress');
    const fallback = scriptedSource('snapshot');
    primary.allAnswers.push(new CmsError(CMS_MESSAGES.blocked));
    const source = resilientSource(primary.source, fallback.source);
    await expect(source.listAll('posts', {}, HINTS)).rejects.toThrow('Blocked suspicious WordPress API call');
    expect(fallback.source.listAll).not.toHaveBeenCalled();
  });

  it('applies the same rules to listAll, with its own memory', async () => {
    const primary = scriptedSource('wordpress');
    const fallback = scriptedSource('snapshot');
    primary.allAnswers.push([{ id: 1 }], outage(), outage());
    primary.answers.push(outage());
    fallback.answers.push(page(8));
    fallback.allAnswers.push([{ id: 99 }]);
    const source = resilientSource(primary.source, fallback.source);
    expect(await source.listAll('reports', {}, HINTS)).toEqual([{ id: 1 }]);
    expect(await source.listAll('reports', {}, HINTS)).toEqual([{ id: 1 }]);
    // A list read of the same endpoint and query is a different read.
    expect(await source.list('reports', {}, HINTS)).toEqual(page(8));
    expect(await source.listAll('events', {}, HINTS)).toEqual([{ id: 99 }]);
  });

  it('forgets the oldest answers beyond maxRemembered', async () => {
    const primary = scriptedSource('wordpress');
    const fallback = scriptedSource('snapshot');
    primary.answers.push(page(1), page(2), outage(), outage());
    fallback.answers.push(page(100));
    const source = resilientSource(primary.source, fallback.source, 1);
    await source.list('posts', { page: 1 }, HINTS);
    await source.list('posts', { page: 2 }, HINTS);
    expect(await source.list('posts', { page: 2 }, HINTS)).toEqual(page(2));
    expect(await source.list('posts', { page: 1 }, HINTS)).toEqual(page(100));
  });

  it('throws when the snapshot fails too', async () => {
    const primary = scriptedSource('wordpress');
    const fallback = scriptedSource('snapshot');
    primary.answers.push(outage());
    fallback.answers.push(new Error('snapshot unreadable'));
    const source = resilientSource(primary.source, fallback.source);
    await expect(source.list('posts', {}, HINTS)).rejects.toThrow('snapshot unreadable');
  });
});

describe('snapshotSource', () => {
  let dir: string;

  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'cms-snapshot-'));
  });

  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const posts = (count: number) =>
    Array.from({ length: count }, (_, i) => ({
      id: i + 1,
      slug: `post-${i + 1}`,
      date: `2024-01-01T00:00:${String(i % 60).padStart(2, '0')}`,
      date_gmt: new Date(Date.UTC(2024, 0, 1) + i * 60_000).toISOString().slice(0, 19),
      title: { rendered: `Post ${i + 1}` },
      categories: [i % 2 === 0 ? 3 : 4],
    }));

  it('lists one page of posts.json with WordPress defaults', async () => {
    await writeFile(path.join(dir, 'posts.json'), JSON.stringify(posts(25)));
    const source = snapshotSource(dir);
    expect(source.name).toBe('snapshot');
    const first = await source.list('posts', {}, HINTS);
    expect(first.total).toBe(25);
    expect(first.totalPages).toBe(3);
    expect(first.items).toHaveLength(10);
    expect((first.items[0] as { id: number }).id).toBe(25);
    const filtered = await source.list('posts', { categories: [4], perPage: 5, page: 2 }, HINTS);
    expect(filtered.total).toBe(12);
    expect(filtered.items.map((i) => (i as { id: number }).id)).toEqual([14, 12, 10, 8, 6]);
  });

  it('caps a page at 100 items, like WordPress', async () => {
    await writeFile(path.join(dir, 'posts.json'), JSON.stringify(posts(150)));
    const result = await snapshotSource(dir).list('posts', { perPage: 500 }, HINTS);
    expect(result.items).toHaveLength(100);
    expect(result.totalPages).toBe(2);
  });

  it('lists every matching item with listAll, however many', async () => {
    await writeFile(path.join(dir, 'posts.json'), JSON.stringify(posts(250)));
    const source = snapshotSource(dir);
    expect(await source.listAll('posts', {}, HINTS)).toHaveLength(250);
    expect(await source.listAll('posts', { categories: [3] }, HINTS)).toHaveLength(125);
  });

  it('treats a missing file as an empty collection, quietly', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const source = snapshotSource(dir);
    expect(await source.list('reports', {}, HINTS)).toEqual({ items: [], total: 0, totalPages: 0 });
    expect(await source.listAll('events', {}, HINTS)).toEqual([]);
    expect(error).not.toHaveBeenCalled();
  });

  it('treats an unreadable or non-array file as empty, logging the broken one', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    await writeFile(path.join(dir, 'pages.json'), '{ not json');
    await writeFile(path.join(dir, 'tags.json'), JSON.stringify({ id: 1, slug: 'x', name: 'X' }));
    const source = snapshotSource(dir);
    expect(await source.listAll('pages', {}, HINTS)).toEqual([]);
    expect(await source.listAll('tags', {}, HINTS)).toEqual([]);
    expect(error).toHaveBeenCalledTimes(1);
    expect(error).toHaveBeenCalledWith(expect.stringContaining('pages.json'), expect.any(String));
  });

  it('reads a file once per source', async () => {
    const file = path.join(dir, 'posts.json');
    await writeFile(file, JSON.stringify(posts(3)));
    const source = snapshotSource(dir);
    expect((await source.list('posts', {}, HINTS)).total).toBe(3);
    await writeFile(file, JSON.stringify(posts(5)));
    expect((await source.list('posts', {}, HINTS)).total).toBe(3);
    expect((await snapshotSource(dir).list('posts', {}, HINTS)).total).toBe(5);
  });

  it('answers slug queries from the recorded WordPress fixtures', async () => {
    const source = snapshotSource(FIXTURES);
    const { items } = await source.list(
      'posts',
      { slug: 'volunteer-evening', perPage: 1, embed: true },
      HINTS,
    );
    expect(items).toHaveLength(1);
    expect((items[0] as { id: number }).id).toBe(103);
    const categories = await source.listAll(
      'categories',
      { hideEmpty: true, orderby: 'name', order: 'asc' },
      HINTS,
    );
    expect(categories.map((c) => (c as { slug: string }).slug)).toEqual(['arts-culture', 'causes', 'news']);
  });
});

describe('toWpQuery', () => {
  it('maps our query onto WordPress parameters', () => {
    expect(
      toWpQuery({
        slug: 'x',
        search: 'housing',
        categories: [3],
        tags: [7, 8],
        mediaCategory: [2],
        include: [1, 2],
        exclude: [5],
        orderby: 'relevance',
        order: 'desc',
        page: 2,
        perPage: 12,
        embed: true,
        mediaType: 'image',
        hideEmpty: true,
        fields: ['slug', 'modified'],
      }),
    ).toEqual({
      slug: 'x',
      search: 'housing',
      categories: [3],
      tags: [7, 8],
      media_category: [2],
      include: [1, 2],
      exclude: [5],
      orderby: 'relevance',
      order: 'desc',
      page: 2,
      per_page: 12,
      _embed: 'true',
      media_type: 'image',
      hide_empty: true,
      _fields: ['slug', 'modified'],
      acf_format: 'standard',
    });
  });

  it('orders by date when relevance is asked for without a search (WordPress rejects that)', () => {
    expect(toWpQuery({ orderby: 'relevance' }).orderby).toBe('date');
    expect(toWpQuery({ orderby: 'relevance', search: '' }).orderby).toBe('date');
  });

  it('leaves out empty lists and an unset embed', () => {
    const q = toWpQuery({ categories: [], tags: [], exclude: [], fields: [], embed: false });
    expect(q.categories).toBeUndefined();
    expect(q.tags).toBeUndefined();
    expect(q.exclude).toBeUndefined();
    expect(q._fields).toBeUndefined();
    expect(q._embed).toBeUndefined();
  });
});

describe('wordpressSource', () => {
  beforeEach(() => {
    resetWpClientState();
  });

  it('reads a page through the REST client with the mapped query and the cache hints', async () => {
    const calls: { url: URL; init?: RequestInit & { next?: unknown } }[] = [];
    vi.stubGlobal('fetch', async (input: string | URL, init?: RequestInit) => {
      calls.push({ url: new URL(String(input)), init });
      return new Response(JSON.stringify([{ id: 1 }, { id: 2 }]), {
        headers: { 'content-type': 'application/json', 'X-WP-Total': '14', 'X-WP-TotalPages': '7' },
      });
    });
    const source = wordpressSource('https://cms.example.org', 5000);
    const result = await source.list(
      'posts',
      { categories: [3, 4], perPage: 2, page: 1, embed: true },
      HINTS,
    );
    expect(result).toEqual({ items: [{ id: 1 }, { id: 2 }], total: 14, totalPages: 7 });
    expect(calls).toHaveLength(1);
    const url = calls[0]!.url;
    expect(url.pathname).toBe('/wp-json/wp/v2/posts');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      categories: '3,4',
      per_page: '2',
      page: '1',
      _embed: 'true',
      acf_format: 'standard',
    });
    expect(calls[0]!.init?.next).toEqual({ tags: ['cms', 'posts'], revalidate: 3600 });
  });

  it('uses the `what` of the cache hints in errors', async () => {
    vi.stubGlobal(
      'fetch',
      async () =>
        new Response('{"code":"rest_no_route"}', {
          status: 404,
          headers: { 'content-type': 'application/json' },
        }),
    );
    const source = wordpressSource('https://cms.example.org', 5000);
    await expect(source.list('cause', {}, { tags: ['cms'], what: 'causes' })).rejects.toThrow(
      'Failed to fetch causes: 404',
    );
  });
});
