import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { resetWpClientState, wpFetch, type WpFetchOptions } from '@/lib/cms/client';
import { CMS_MESSAGES, CmsError } from '@/lib/cms/errors';
import type { CacheHints, ContentSource, ListResult } from '@/lib/cms/source';
import { resilientSource } from '@/lib/cms/sources/resilient';
import { wordpressSource } from '@/lib/cms/sources/wordpress';

/**
 * A WordPress without a post type, taxonomy or parameter the site reads (issue 21): "no such route" is content
 * that does not exist (empty, warned once), never a failed build; an outage still falls back.
 */
const BASE = 'https://cms.example.org';
const HINTS: CacheHints = { tags: ['cms', 'team'], what: 'team' };
const NO_ROUTE = {
  code: 'rest_no_route',
  message: 'No route was found matching the URL and request method.',
  data: { status: 404 },
};
const BAD_ORDERBY = {
  code: 'rest_invalid_param',
  message: 'Invalid parameter(s): orderby',
  data: { status: 400, params: { orderby: 'orderby is not one of author, date, id, …' } },
};

function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=UTF-8', ...headers },
  });
}

function fakeFetch(handler: (url: URL) => Response) {
  const urls: URL[] = [];
  const fetchImpl = (async (input: string | URL | Request) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    urls.push(url);
    return handler(url);
  }) as typeof fetch;
  return { fetchImpl, urls };
}

const opts = (fetchImpl: typeof fetch): WpFetchOptions => ({
  baseUrl: BASE,
  timeoutMs: 1000,
  fetchImpl,
  sleep: async () => {},
});

beforeEach(() => {
  resetWpClientState();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('wpFetch: endpoints WordPress does not have', () => {
  it('marks 404 rest_no_route as missing content (code and message kept), without retrying', async () => {
    const { fetchImpl, urls } = fakeFetch(() => json(NO_ROUTE, 404));
    const error = await wpFetch('/wp/v2/team-member', {}, opts(fetchImpl)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CmsError);
    expect((error as CmsError).missing).toEqual({ code: 'rest_no_route', message: NO_ROUTE.message });
    expect((error as CmsError).retryable).toBe(false);
    expect(urls).toHaveLength(1);
  });

  it('does not mark a 5xx or an HTML 404 page as missing', async () => {
    const html = fakeFetch(
      () => new Response('<h1>Not found</h1>', { status: 404, headers: { 'content-type': 'text/html' } }),
    );
    const e1 = (await wpFetch('/wp/v2/posts', {}, opts(html.fetchImpl)).catch((e: unknown) => e)) as CmsError;
    expect(e1.status).toBe(404);
    expect(e1.missing).toBeUndefined();
    const down = fakeFetch(() => json({ code: 'internal_server_error', message: 'x' }, 500));
    const e2 = (await wpFetch('/wp/v2/team-member', {}, opts(down.fetchImpl)).catch(
      (e: unknown) => e,
    )) as CmsError;
    expect(e2.retryable).toBe(true);
    expect(e2.missing).toBeUndefined();
  });

  it('reads page 1 past the end (rest_post_invalid_page_number) as an empty page', async () => {
    const { fetchImpl } = fakeFetch(() =>
      json({ code: 'rest_post_invalid_page_number', message: 'too far', data: { status: 400 } }, 400),
    );
    expect(await wpFetch('/wp/v2/posts', { page: 1 }, opts(fetchImpl))).toEqual({
      data: [],
      total: 0,
      totalPages: 0,
    });
  });

  it('drops an orderby the post type refuses, reads in the default order, warns once and stops asking', async () => {
    const { fetchImpl, urls } = fakeFetch((url) =>
      url.searchParams.has('orderby')
        ? json(BAD_ORDERBY, 400)
        : json([{ id: 7 }], 200, { 'x-wp-total': '1' }),
    );
    const query = { orderby: 'menu_order', order: 'asc', per_page: 100 };
    const first = await wpFetch('/wp/v2/team-member', query, opts(fetchImpl));
    expect(first.data).toEqual([{ id: 7 }]);
    expect(urls.map((u) => u.searchParams.get('orderby'))).toEqual(['menu_order', null]);
    expect(urls[1]?.searchParams.get('order')).toBeNull();
    expect(urls[1]?.searchParams.get('per_page')).toBe('100');
    await wpFetch('/wp/v2/team-member', query, opts(fetchImpl));
    expect(urls).toHaveLength(3);
    expect(urls[2]?.searchParams.has('orderby')).toBe(false);
    expect(console.warn).toHaveBeenCalledTimes(1);
    expect(console.warn).toHaveBeenCalledWith(expect.stringContaining('orderby=menu_order'));
  });

  it('marks any other invalid parameter as missing content', async () => {
    const { fetchImpl } = fakeFetch(() =>
      json({ ...BAD_ORDERBY, data: { status: 400, params: { media_category: 'bad' } } }, 400),
    );
    const error = (await wpFetch('/wp/v2/media-archive', { media_category: [3] }, opts(fetchImpl)).catch(
      (e: unknown) => e,
    )) as CmsError;
    expect(error.missing?.code).toBe('rest_invalid_param');
  });
});

describe('resilientSource: a missing endpoint is empty content', () => {
  function snapshotThatMustNotBeRead(): ContentSource {
    return {
      name: 'snapshot',
      list: vi.fn(async (): Promise<ListResult> => ({ items: [{ id: 'demo' }], total: 1, totalPages: 1 })),
      listAll: vi.fn(async () => [{ id: 'demo' }]),
    };
  }

  it('answers an empty list and no items, warns once per endpoint with the fix, and reports it missing', async () => {
    const { fetchImpl } = fakeFetch((url) =>
      url.pathname.includes('team-member') || url.pathname.includes('vacancies')
        ? json(NO_ROUTE, 404)
        : json([{ id: 1 }], 200, { 'x-wp-total': '1', 'x-wp-totalpages': '1' }),
    );
    vi.stubGlobal('fetch', fetchImpl);
    const snapshot = snapshotThatMustNotBeRead();
    const source = resilientSource(wordpressSource(BASE, 1000), snapshot);

    expect(await source.listAll('team-member', { embed: true }, HINTS)).toEqual([]);
    expect(await source.list('team-member', { slug: 'grace-mensah', perPage: 1 }, HINTS)).toEqual({
      items: [],
      total: 0,
      totalPages: 0,
    });
    expect(await source.listAll('team-member', { orderby: 'menu_order' }, HINTS)).toEqual([]);
    expect(await source.listAll('vacancies', {}, HINTS)).toEqual([]);
    expect(await source.listAll('posts', {}, HINTS)).toEqual([{ id: 1 }]);

    expect(snapshot.list).not.toHaveBeenCalled();
    expect(snapshot.listAll).not.toHaveBeenCalled();
    expect(source.isMissing?.('team-member')).toBe(true);
    expect(source.isMissing?.('vacancies')).toBe(true);
    expect(source.isMissing?.('posts')).toBe(false);

    const warnings = vi.mocked(console.warn).mock.calls.map((c) => String(c[0]));
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toContain('post type team-member');
    expect(warnings[0]).toContain('rest_no_route');
    expect(warnings[0]).toContain(NO_ROUTE.message);
    expect(warnings[0]).toContain('activate the LRJN Companion plugin');
    expect(warnings[1]).toContain('post type vacancies');
  });

  it('forgets "missing" once the endpoint answers again (the plugin was activated)', async () => {
    let active = false;
    const { fetchImpl } = fakeFetch(() =>
      active ? json([{ id: 5 }], 200, { 'x-wp-total': '1', 'x-wp-totalpages': '1' }) : json(NO_ROUTE, 404),
    );
    vi.stubGlobal('fetch', fetchImpl);
    const source = resilientSource(wordpressSource(BASE, 1000), snapshotThatMustNotBeRead());
    expect(await source.listAll('vacancies', {}, HINTS)).toEqual([]);
    expect(source.isMissing?.('vacancies')).toBe(true);
    active = true;
    expect(await source.listAll('vacancies', {}, HINTS)).toEqual([{ id: 5 }]);
    expect(source.isMissing?.('vacancies')).toBe(false);
  });

  it('still falls back to the snapshot on an outage (5xx), and reports nothing missing', async () => {
    const { fetchImpl } = fakeFetch(() => json({ code: 'x', message: 'down' }, 503));
    vi.stubGlobal('fetch', fetchImpl);
    const snapshot = snapshotThatMustNotBeRead();
    const source = resilientSource(wordpressSource(BASE, 1000), snapshot);
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      const pending = source.listAll('team-member', {}, HINTS);
      await vi.runAllTimersAsync();
      expect(await pending).toEqual([{ id: 'demo' }]);
    } finally {
      vi.useRealTimers();
    }
    expect(source.isMissing?.('team-member')).toBe(false);
    expect(String(vi.mocked(console.warn).mock.calls[0]?.[0])).toContain(CMS_MESSAGES.failed('team', 503));
  });
});
