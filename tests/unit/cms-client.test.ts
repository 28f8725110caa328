import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import {
  assertAllowedRoute,
  buildWpUrl,
  extractJson,
  resetWpClientState,
  wpFetch,
  wpFetchAll,
  type WpFetchOptions,
} from '@/lib/cms/client';
import { CmsError } from '@/lib/cms/errors';

const BASE = 'https://cms.example.org';
const JSON_TYPE = { 'content-type': 'application/json; charset=UTF-8' };

function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    status,
    headers: { ...JSON_TYPE, ...headers },
  });
}

function htmlResponse(body: string, status: number): Response {
  return new Response(body, { status, headers: { 'content-type': 'text/html; charset=UTF-8' } });
}

type Handler = (url: URL, init: RequestInit | undefined) => Response | Promise<Response>;

/** A fetch double that records every requested URL and answers through `handler`. */
function fakeFetch(handler: Handler) {
  const urls: URL[] = [];
  const inits: (RequestInit | undefined)[] = [];
  const fetchImpl = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    urls.push(url);
    inits.push(init);
    return handler(url, init);
  }) as typeof fetch;
  return { fetchImpl, urls, inits };
}

/** Options with an injected fetch and a sleep that records its delays instead of waiting. */
function options(fetchImpl: typeof fetch, extra: Partial<WpFetchOptions> = {}) {
  const delays: number[] = [];
  const opts: WpFetchOptions = {
    baseUrl: BASE,
    timeoutMs: 1000,
    fetchImpl,
    sleep: async (ms) => {
      delays.push(ms);
    },
    ...extra,
  };
  return { opts, delays };
}

async function failure(promise: Promise<unknown>): Promise<CmsError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(CmsError);
    return error as CmsError;
  }
  throw new Error('expected a rejection');
}

beforeEach(() => {
  resetWpClientState();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('buildWpUrl', () => {
  it('builds a pretty-permalink URL under /wp-json', () => {
    const url = buildWpUrl(BASE, '/wp/v2/posts', { per_page: 12, page: 2 }, 'pretty');
    expect(url.origin).toBe(BASE);
    expect(url.pathname).toBe('/wp-json/wp/v2/posts');
    expect(url.searchParams.get('per_page')).toBe('12');
    expect(url.searchParams.get('page')).toBe('2');
    expect(url.searchParams.has('rest_route')).toBe(false);
  });

  it('builds a plain-permalink URL with ?rest_route= on the site root', () => {
    const url = buildWpUrl(BASE, '/wp/v2/posts', { per_page: 12 }, 'plain');
    expect(url.pathname).toBe('/');
    expect(url.searchParams.get('rest_route')).toBe('/wp/v2/posts');
    expect(url.searchParams.get('per_page')).toBe('12');
    expect([...url.searchParams.keys()][0]).toBe('rest_route');
  });

  it('drops trailing slashes of the base and keeps a sub-directory install', () => {
    expect(buildWpUrl(`${BASE}///`, '/wp/v2/pages', {}, 'pretty').href).toBe(`${BASE}/wp-json/wp/v2/pages`);
    const sub = buildWpUrl('https://example.org/cms/', '/wp/v2/pages/7', {}, 'pretty');
    expect(sub.href).toBe('https://example.org/cms/wp-json/wp/v2/pages/7');
    const subPlain = buildWpUrl('https://example.org/cms', '/wp/v2/pages', {}, 'plain');
    expect(subPlain.pathname).toBe('/cms/');
    expect(subPlain.searchParams.get('rest_route')).toBe('/wp/v2/pages');
  });

  it('joins arrays into comma lists', () => {
    const url = buildWpUrl(
      BASE,
      '/wp/v2/posts',
      { categories: [3, 7, 2202], _fields: ['slug', 'modified'] },
      'pretty',
    );
    expect(url.searchParams.get('categories')).toBe('3,7,2202');
    expect(url.searchParams.get('_fields')).toBe('slug,modified');
  });

  it('leaves out undefined, null and false, but keeps 0, true and empty-looking values that are set', () => {
    const url = buildWpUrl(
      BASE,
      '/wp/v2/categories',
      { search: undefined, slug: null, hide_empty: false, parent: 0, _embed: true, orderby: 'name' },
      'pretty',
    );
    expect(url.searchParams.has('search')).toBe(false);
    expect(url.searchParams.has('slug')).toBe(false);
    expect(url.searchParams.has('hide_empty')).toBe(false);
    expect(url.searchParams.get('parent')).toBe('0');
    expect(url.searchParams.get('_embed')).toBe('true');
    expect(url.searchParams.get('orderby')).toBe('name');
    expect([...url.searchParams.keys()].sort()).toEqual(['_embed', 'orderby', 'parent']);
  });

  it('encodes special characters so they cannot add parameters or a fragment', () => {
    const search = 'café & "quotes" #1/2?page=99&rest_route=/wp/v2/users';
    for (const mode of ['pretty', 'plain'] as const) {
      const url = buildWpUrl(BASE, '/wp/v2/posts', { search }, mode);
      expect(url.searchParams.get('search')).toBe(search);
      expect(url.searchParams.getAll('page')).toEqual([]);
      expect(url.searchParams.getAll('rest_route')).toEqual(mode === 'plain' ? ['/wp/v2/posts'] : []);
      expect(url.hash).toBe('');
      expect(url.search).toContain('%26');
      expect(url.search).toContain('%23');
      expect(url.search).toContain('caf%C3%A9');
    }
  });

  it('refuses a route outside the allow-list', () => {
    expect(() => buildWpUrl(BASE, '/wp/v2/users', {}, 'pretty')).toThrow(
      'Blocked suspicious WordPress API call',
    );
  });
});

describe('assertAllowedRoute', () => {
  it.each([
    '/wp/v2/posts',
    '/wp/v2/posts/12',
    '/wp/v2/pages',
    '/wp/v2/categories',
    '/wp/v2/tags',
    '/wp/v2/reports',
    '/wp/v2/events',
    '/wp/v2/media',
    '/wp/v2/media-archive',
    '/wp/v2/media_category',
    '/wp/v2/cause',
    '/wp/v2/team-member',
    '/wp/v2/vacancies',
  ])('allows %s', (route) => {
    expect(() => assertAllowedRoute(route)).not.toThrow();
  });

  it.each([
    '/wp/v2/users',
    '/wp/v2/users/1',
    '/wp/v2/settings',
    '/wp/v2/posts/../users',
    '/wp/v2/posts/12/revisions',
    '/wp/v2/posts?context=edit',
    '/wp/v2/posts/',
    '/oembed/1.0/embed',
    '/wp/v2',
    '',
  ])('blocks %j', (route) => {
    expect(() => assertAllowedRoute(route)).toThrow(CmsError);
    expect(() => assertAllowedRoute(route)).toThrow('Blocked suspicious WordPress API call');
  });
});

describe('wpFetch: the allow-list', () => {
  it.each(['/wp/v2/users', '/wp/v2/settings', '/wp/v2/posts/../users', '/oembed/1.0/embed'])(
    'rejects %s without making any request',
    async (route) => {
      const { fetchImpl, urls } = fakeFetch(() => jsonResponse([]));
      const { opts, delays } = options(fetchImpl);
      const error = await failure(wpFetch(route, {}, opts));
      expect(error.message).toBe('Blocked suspicious WordPress API call');
      expect(error.retryable).toBe(false);
      expect(urls).toHaveLength(0);
      expect(delays).toEqual([]);
    },
  );

  it('rejects a blocked route from wpFetchAll without making any request', async () => {
    const { fetchImpl, urls } = fakeFetch(() => jsonResponse([]));
    const error = await failure(wpFetchAll('/wp/v2/users', {}, options(fetchImpl).opts));
    expect(error.message).toBe('Blocked suspicious WordPress API call');
    expect(urls).toHaveLength(0);
  });
});

describe('extractJson', () => {
  it('parses clean JSON', () => {
    expect(extractJson('[{"id":1}]')).toEqual([{ id: 1 }]);
    expect(extractJson('  {"id":2}\n')).toEqual({ id: 2 });
  });

  it('cuts a PHP notice printed before the JSON', () => {
    const body =
      '<br />\n<b>Notice</b>:  Undefined index: foo in <b>/var/www/html/wp-content/plugins/x/x.php</b> on line <b>12</b><br />\n[{"id":1}]';
    expect(extractJson(body)).toEqual([{ id: 1 }]);
  });

  it('cuts PHP warnings printed around an object', () => {
    const body = '<b>Warning</b>: something odd<br />{"id":5,"slug":"a"}<br /><b>Notice</b>: after';
    expect(extractJson(body)).toEqual({ id: 5, slug: 'a' });
  });

  // BUG: a PHP 8.1 deprecation notice (very common with older plugins) contains `#[\ReturnTypeWillChange]`;
  // its `[` is taken as the start of the JSON and the whole response is rejected as invalid JSON.
  it('cuts a PHP 8.1 deprecation notice that mentions #[\\ReturnTypeWillChange]', () => {
    const body =
      '<br />\n<b>Deprecated</b>:  Return type of Legacy_Collection::offsetGet($key) should either be compatible with ' +
      'ArrayAccess::offsetGet(mixed $offset): mixed, or the #[\\ReturnTypeWillChange] attribute should be used to ' +
      'temporarily suppress the notice in <b>/var/www/html/wp-content/plugins/legacy/class-collection.php</b> on line ' +
      '<b>42</b><br />\n[{"id":1,"slug":"hello"}]';
    expect(extractJson(body)).toEqual([{ id: 1, slug: 'hello' }]);
  });

  it("throws 'No JSON found in response' when there is no JSON at all", () => {
    expect(() => extractJson('<html><body>Error establishing a database connection</body></html>')).toThrow(
      'No JSON found in response',
    );
    expect(() => extractJson('')).toThrow('No JSON found in response');
    expect(() => extractJson('} nothing here [')).toThrow('No JSON found in response');
  });

  it("throws 'WordPress API returned invalid JSON' when the JSON part is broken", () => {
    expect(() => extractJson('<b>Notice</b>: x [{"id":1,}')).toThrow('WordPress API returned invalid JSON');
    expect(() => extractJson('{"id": }')).toThrow(CmsError);
  });
});

describe('wpFetch: responses', () => {
  it('returns the parsed body with X-WP-Total and X-WP-TotalPages', async () => {
    const { fetchImpl, urls } = fakeFetch(() =>
      jsonResponse([{ id: 1 }, { id: 2 }], 200, { 'X-WP-Total': '57', 'X-WP-TotalPages': '29' }),
    );
    const result = await wpFetch('/wp/v2/posts', { per_page: 2, page: 1 }, options(fetchImpl).opts);
    expect(result).toEqual({ data: [{ id: 1 }, { id: 2 }], total: 57, totalPages: 29 });
    expect(urls).toHaveLength(1);
    expect(urls[0]?.pathname).toBe('/wp-json/wp/v2/posts');
  });

  it('counts the items when the total headers are missing, and reports a single item as 1/1', async () => {
    const list = fakeFetch(() => jsonResponse([{ id: 1 }, { id: 2 }, { id: 3 }]));
    expect(await wpFetch('/wp/v2/posts', {}, options(list.fetchImpl).opts)).toMatchObject({
      total: 3,
      totalPages: 1,
    });

    const empty = fakeFetch(() => jsonResponse([]));
    expect(await wpFetch('/wp/v2/posts', {}, options(empty.fetchImpl).opts)).toEqual({
      data: [],
      total: 0,
      totalPages: 0,
    });

    const item = fakeFetch(() => jsonResponse({ id: 12, slug: 'x' }));
    expect(await wpFetch('/wp/v2/posts/12', {}, options(item.fetchImpl).opts)).toEqual({
      data: { id: 12, slug: 'x' },
      total: 1,
      totalPages: 1,
    });
  });

  it('parses a body with a PHP notice in front of the JSON', async () => {
    const { fetchImpl } = fakeFetch(() =>
      jsonResponse(
        '<br />\n<b>Notice</b>:  Undefined index: x in <b>/x.php</b> on line <b>3</b><br />\n[{"id":1}]',
      ),
    );
    expect((await wpFetch('/wp/v2/posts', {}, options(fetchImpl).opts)).data).toEqual([{ id: 1 }]);
  });

  it("rejects a non-array body for a collection with 'invalid response format', without retrying", async () => {
    const { fetchImpl, urls } = fakeFetch(() => jsonResponse({ id: 1, slug: 'not-a-list' }));
    const { opts, delays } = options(fetchImpl);
    const error = await failure(wpFetch('/wp/v2/posts', {}, opts));
    expect(error.message).toBe('WordPress API returned invalid response format');
    expect(urls).toHaveLength(1);
    expect(delays).toEqual([]);
  });

  it("rejects an array or a scalar for a single item with 'invalid response format'", async () => {
    for (const body of ['[{"id":1}]', '"hello"', 'null']) {
      resetWpClientState();
      const { fetchImpl } = fakeFetch(() => jsonResponse(body));
      const error = await failure(wpFetch('/wp/v2/pages/3', {}, options(fetchImpl).opts));
      expect(error.message).toBe('WordPress API returned invalid response format');
    }
  });

  it("rejects an HTML error page served as JSON with 'No JSON found in response'", async () => {
    const { fetchImpl, urls } = fakeFetch(() =>
      jsonResponse('<h1>Error establishing a database connection</h1>'),
    );
    const error = await failure(wpFetch('/wp/v2/posts', {}, options(fetchImpl).opts));
    expect(error.message).toBe('No JSON found in response');
    expect(urls).toHaveLength(1);
  });

  it('sends Accept: application/json, the cache tags and the revalidate time', async () => {
    const { fetchImpl, inits } = fakeFetch(() => jsonResponse([]));
    await wpFetch('/wp/v2/posts', {}, options(fetchImpl, { tags: ['cms', 'posts'], revalidate: 60 }).opts);
    const init = inits[0] as RequestInit & { next?: { tags?: string[]; revalidate?: number | false } };
    expect(new Headers(init.headers).get('accept')).toBe('application/json');
    expect(init.next).toEqual({ tags: ['cms', 'posts'], revalidate: 60 });
    expect(init.signal).toBeInstanceOf(AbortSignal);
  });
});

describe('wpFetch: HTTP errors and retries', () => {
  it("fails a 404 with 'Failed to fetch posts: 404' and does not retry", async () => {
    const { fetchImpl, urls } = fakeFetch(() =>
      jsonResponse({ code: 'rest_no_route', message: 'No route was found', data: { status: 404 } }, 404),
    );
    const { opts, delays } = options(fetchImpl);
    const error = await failure(wpFetch('/wp/v2/posts', { slug: 'x' }, opts));
    expect(error.message).toBe('Failed to fetch posts: 404');
    expect(error.status).toBe(404);
    expect(error.retryable).toBe(false);
    expect(urls).toHaveLength(1);
    expect(delays).toEqual([]);
  });

  it('does not retry other 4xx answers, and a 4xx does not open the circuit', async () => {
    const { fetchImpl, urls } = fakeFetch(() => jsonResponse({ code: 'rest_invalid_param' }, 400));
    const { opts } = options(fetchImpl);
    expect((await failure(wpFetch('/wp/v2/posts', { page: 1 }, opts))).message).toBe(
      'Failed to fetch posts: 400',
    );
    expect(urls).toHaveLength(1);
    expect((await failure(wpFetch('/wp/v2/posts', { page: 1 }, opts))).message).toBe(
      'Failed to fetch posts: 400',
    );
    expect(urls).toHaveLength(2);
  });

  it('uses `what` in the message, else the endpoint name', async () => {
    const { fetchImpl } = fakeFetch(() => jsonResponse({}, 403));
    expect(
      (await failure(wpFetch('/wp/v2/reports', {}, options(fetchImpl, { what: 'report' }).opts))).message,
    ).toBe('Failed to fetch report: 403');
    expect((await failure(wpFetch('/wp/v2/media-archive/5', {}, options(fetchImpl).opts))).message).toBe(
      'Failed to fetch media archive: 403',
    );
    expect((await failure(wpFetch('/wp/v2/team-member', {}, options(fetchImpl).opts))).message).toBe(
      'Failed to fetch team member: 403',
    );
  });

  it.each([500, 503, 429])(
    'retries a %i up to 3 times with backoff 300/600/1200 ms, then fails',
    async (status) => {
      const { fetchImpl, urls } = fakeFetch(() => htmlResponse('<h1>Oops</h1>', status));
      const { opts, delays } = options(fetchImpl);
      const error = await failure(wpFetch('/wp/v2/posts', {}, opts));
      expect(error.message).toBe(`Failed to fetch posts: ${status}`);
      expect(error.status).toBe(status);
      expect(error.retryable).toBe(true);
      expect(urls).toHaveLength(4);
      expect(delays).toEqual([300, 600, 1200]);
    },
  );

  it("retries a network error and fails with 'network error'", async () => {
    const { fetchImpl, urls } = fakeFetch(() => {
      throw new TypeError('fetch failed');
    });
    const { opts, delays } = options(fetchImpl);
    const error = await failure(wpFetch('/wp/v2/reports', {}, opts));
    expect(error.message).toBe('Failed to fetch reports: network error');
    expect(error.retryable).toBe(true);
    expect(urls).toHaveLength(4);
    expect(delays).toEqual([300, 600, 1200]);
  });

  it('returns the answer of a retry that succeeds', async () => {
    let calls = 0;
    const { fetchImpl, urls } = fakeFetch(() => {
      calls += 1;
      return calls < 3 ? htmlResponse('busy', 503) : jsonResponse([{ id: 9 }]);
    });
    const { opts, delays } = options(fetchImpl);
    expect((await wpFetch('/wp/v2/posts', {}, opts)).data).toEqual([{ id: 9 }]);
    expect(urls).toHaveLength(3);
    expect(delays).toEqual([300, 600]);
  });

  it('honours a custom retry count', async () => {
    const { fetchImpl, urls } = fakeFetch(() => htmlResponse('down', 502));
    const { opts, delays } = options(fetchImpl, { retries: 1 });
    await failure(wpFetch('/wp/v2/posts', {}, opts));
    expect(urls).toHaveLength(2);
    expect(delays).toEqual([300]);
  });

  it('opens the circuit after the last retry: the next call fails at once without fetching', async () => {
    const { fetchImpl, urls } = fakeFetch(() => htmlResponse('down', 500));
    const { opts } = options(fetchImpl);
    await failure(wpFetch('/wp/v2/posts', {}, opts));
    expect(urls).toHaveLength(4);

    const again = await failure(wpFetch('/wp/v2/pages', {}, opts));
    expect(again.message).toBe('Failed to fetch pages: WordPress unavailable');
    expect(again.retryable).toBe(true);
    expect(urls).toHaveLength(4);

    // Another WordPress host is not affected.
    const other = fakeFetch(() => jsonResponse([]));
    await wpFetch(
      '/wp/v2/pages',
      {},
      options(other.fetchImpl, { baseUrl: 'https://other.example.org' }).opts,
    );
    expect(other.urls).toHaveLength(1);
  });

  it('closes the circuit after 30 seconds', async () => {
    const start = Date.now();
    const now = vi.spyOn(Date, 'now').mockReturnValue(start);
    let healthy = false;
    const { fetchImpl, urls } = fakeFetch(() =>
      healthy ? jsonResponse([{ id: 1 }]) : htmlResponse('down', 500),
    );
    const { opts } = options(fetchImpl);
    await failure(wpFetch('/wp/v2/posts', {}, opts));
    expect(urls).toHaveLength(4);

    healthy = true;
    now.mockReturnValue(start + 29_000);
    await failure(wpFetch('/wp/v2/posts', {}, opts));
    expect(urls).toHaveLength(4);

    now.mockReturnValue(start + 30_001);
    expect((await wpFetch('/wp/v2/posts', {}, opts)).data).toEqual([{ id: 1 }]);
    expect(urls).toHaveLength(5);
  });

  it('resetWpClientState closes an open circuit', async () => {
    let healthy = false;
    const { fetchImpl, urls } = fakeFetch(() => (healthy ? jsonResponse([]) : htmlResponse('down', 500)));
    const { opts } = options(fetchImpl);
    await failure(wpFetch('/wp/v2/posts', {}, opts));
    healthy = true;
    resetWpClientState();
    await wpFetch('/wp/v2/posts', {}, opts);
    expect(urls).toHaveLength(5);
  });

  it('times out a request that never answers, retries it, then fails with a CmsError', async () => {
    const { fetchImpl, urls } = fakeFetch(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          const signal = init?.signal;
          signal?.addEventListener('abort', () => reject(signal.reason));
        }),
    );
    const { opts, delays } = options(fetchImpl, { timeoutMs: 20 });
    const error = await failure(wpFetch('/wp/v2/posts', {}, opts));
    expect(error.message).toBe('Failed to fetch posts: timeout');
    expect(error.retryable).toBe(true);
    expect(urls).toHaveLength(4);
    expect(delays).toEqual([300, 600, 1200]);
  });

  // BUG: the timeout also covers reading the body, but `res.text()` runs outside the try/catch of `attempt`, so a
  // WordPress that sends its headers and then stalls makes wpFetch reject with the raw DOMException: no retry, no
  // CmsError, and the circuit never opens.
  it('treats a body that stalls past the timeout like a timeout (retried, then CmsError)', async () => {
    const { fetchImpl, urls } = fakeFetch((_url, init) => {
      const signal = init?.signal;
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('[{"id":1,'));
          signal?.addEventListener('abort', () => controller.error(signal.reason));
        },
      });
      return new Response(body, { status: 200, headers: JSON_TYPE });
    });
    const { opts } = options(fetchImpl, { timeoutMs: 20 });
    const error = await failure(wpFetch('/wp/v2/posts', {}, opts));
    expect(error.message).toBe('Failed to fetch posts: timeout');
    expect(urls).toHaveLength(4);
  });
});

describe('wpFetch: permalink mode', () => {
  it('switches to ?rest_route= when /wp-json/ answers a 404 HTML page, and remembers it', async () => {
    const { fetchImpl, urls } = fakeFetch((url) =>
      url.pathname.startsWith('/wp-json/')
        ? htmlResponse('<!doctype html><title>Page not found</title>', 404)
        : jsonResponse([{ id: 1 }], 200, { 'X-WP-Total': '1', 'X-WP-TotalPages': '1' }),
    );
    const { opts } = options(fetchImpl);
    const first = await wpFetch('/wp/v2/posts', { per_page: 5 }, opts);
    expect(first.data).toEqual([{ id: 1 }]);
    expect(urls.map((u) => u.pathname)).toEqual(['/wp-json/wp/v2/posts', '/']);
    expect(urls[1]?.searchParams.get('rest_route')).toBe('/wp/v2/posts');
    expect(urls[1]?.searchParams.get('per_page')).toBe('5');

    await wpFetch('/wp/v2/pages', {}, opts);
    expect(urls).toHaveLength(3);
    expect(urls[2]?.pathname).toBe('/');
    expect(urls[2]?.searchParams.get('rest_route')).toBe('/wp/v2/pages');
  });

  it('switches when /wp-json/ answers 200 with an HTML page (a redirect to the home page)', async () => {
    const { fetchImpl, urls } = fakeFetch((url) =>
      url.pathname.startsWith('/wp-json/')
        ? htmlResponse('<!doctype html><h1>Home</h1>', 200)
        : jsonResponse([]),
    );
    await wpFetch('/wp/v2/posts', {}, options(fetchImpl).opts);
    expect(urls.map((u) => u.pathname)).toEqual(['/wp-json/wp/v2/posts', '/']);
  });

  it('does not switch on a JSON 404 (an unknown route or item): that is an answer', async () => {
    const { fetchImpl, urls } = fakeFetch(() =>
      jsonResponse({ code: 'rest_post_invalid_id', message: 'Invalid post ID.', data: { status: 404 } }, 404),
    );
    const error = await failure(wpFetch('/wp/v2/posts/999', {}, options(fetchImpl).opts));
    expect(error.message).toBe('Failed to fetch posts: 404');
    expect(urls).toHaveLength(1);
  });

  it('keeps the mode per WordPress host', async () => {
    const plainSite = fakeFetch((url) =>
      url.pathname.startsWith('/wp-json/') ? htmlResponse('nope', 404) : jsonResponse([]),
    );
    await wpFetch('/wp/v2/posts', {}, options(plainSite.fetchImpl).opts);
    const prettySite = fakeFetch(() => jsonResponse([]));
    await wpFetch(
      '/wp/v2/posts',
      {},
      options(prettySite.fetchImpl, { baseUrl: 'https://pretty.example.org' }).opts,
    );
    expect(prettySite.urls.map((u) => u.pathname)).toEqual(['/wp-json/wp/v2/posts']);
  });
});

describe('wpFetch: pages past the end', () => {
  const invalidPage = {
    code: 'rest_post_invalid_page_number',
    message: 'The page number requested is larger than the number of pages available.',
    data: { status: 400 },
  };

  it('returns an empty page for 400 rest_post_invalid_page_number on page > 1', async () => {
    const { fetchImpl, urls } = fakeFetch(() => jsonResponse(invalidPage, 400));
    const { opts, delays } = options(fetchImpl);
    expect(await wpFetch('/wp/v2/posts', { page: 7, per_page: 12 }, opts)).toEqual({
      data: [],
      total: 0,
      totalPages: 0,
    });
    expect(urls).toHaveLength(1);
    expect(delays).toEqual([]);
  });

  it('reads rest_post_invalid_page_number as empty on any page (issue 21), and still fails a 400 with another code', async () => {
    const one = fakeFetch(() => jsonResponse(invalidPage, 400));
    expect((await wpFetch('/wp/v2/posts', { page: 1 }, options(one.fetchImpl).opts)).data).toEqual([]);
    const other = fakeFetch(() => jsonResponse({ code: 'rest_invalid_param', data: { status: 400 } }, 400));
    expect((await failure(wpFetch('/wp/v2/posts', { page: 3 }, options(other.fetchImpl).opts))).message).toBe(
      'Failed to fetch posts: 400',
    );
  });
});

describe('wpFetchAll', () => {
  /** A WordPress collection of `count` items, paged like WordPress (400 past the last page). */
  function collection(count: number) {
    const all = Array.from({ length: count }, (_, i) => ({ id: i + 1, slug: `item-${i + 1}` }));
    return fakeFetch((url) => {
      const perPage = Number(url.searchParams.get('per_page') ?? 10);
      const page = Number(url.searchParams.get('page') ?? 1);
      const totalPages = Math.ceil(all.length / perPage);
      if (page > Math.max(1, totalPages)) {
        return jsonResponse({ code: 'rest_post_invalid_page_number', data: { status: 400 } }, 400);
      }
      return jsonResponse(all.slice((page - 1) * perPage, page * perPage), 200, {
        'X-WP-Total': String(all.length),
        'X-WP-TotalPages': String(totalPages),
      });
    });
  }

  it('pages through every page with per_page=100 and returns all 250 items in order', async () => {
    const { fetchImpl, urls } = collection(250);
    const items = (await wpFetchAll('/wp/v2/reports', { orderby: 'date' }, options(fetchImpl).opts)) as {
      id: number;
    }[];
    expect(items).toHaveLength(250);
    expect(items.map((i) => i.id)).toEqual(Array.from({ length: 250 }, (_, i) => i + 1));
    expect(urls.map((u) => Number(u.searchParams.get('page'))).sort()).toEqual([1, 2, 3]);
    for (const url of urls) expect(url.searchParams.get('per_page')).toBe('100');
  });

  it("reads embedded items 40 to a page, so each page fits in Next's 2 MB data-cache entry", async () => {
    const { fetchImpl, urls } = collection(250);
    const items = (await wpFetchAll('/wp/v2/posts', { _embed: 'true' }, options(fetchImpl).opts)) as {
      id: number;
    }[];
    expect(items.map((i) => i.id)).toEqual(Array.from({ length: 250 }, (_, i) => i + 1));
    expect(urls.map((u) => Number(u.searchParams.get('page'))).sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
    for (const url of urls) {
      expect(url.searchParams.get('per_page')).toBe('40');
      expect(url.searchParams.get('_embed')).toBe('true');
    }
  });

  it('is not capped: 7 pages give 650 items', async () => {
    const { fetchImpl, urls } = collection(650);
    const items = await wpFetchAll('/wp/v2/posts', {}, options(fetchImpl).opts);
    expect(items).toHaveLength(650);
    expect(new Set(items.map((i) => (i as { id: number }).id)).size).toBe(650);
    expect(urls).toHaveLength(7);
  });

  it('makes one request for a small collection and returns [] for an empty one', async () => {
    const small = collection(42);
    expect(
      await wpFetchAll('/wp/v2/categories', { hide_empty: true }, options(small.fetchImpl).opts),
    ).toHaveLength(42);
    expect(small.urls).toHaveLength(1);
    expect(small.urls[0]?.searchParams.get('hide_empty')).toBe('true');

    resetWpClientState();
    const empty = collection(0);
    expect(await wpFetchAll('/wp/v2/categories', {}, options(empty.fetchImpl).opts)).toEqual([]);
    expect(empty.urls).toHaveLength(1);
  });

  it('overrides any per_page or page passed in the query', async () => {
    const { fetchImpl, urls } = collection(150);
    await wpFetchAll('/wp/v2/posts', { per_page: 5, page: 9 }, options(fetchImpl).opts);
    expect(urls.map((u) => [u.searchParams.get('per_page'), u.searchParams.get('page')])).toEqual([
      ['100', '1'],
      ['100', '2'],
    ]);
  });

  it('fails when a later page fails', async () => {
    const { fetchImpl } = fakeFetch((url) =>
      url.searchParams.get('page') === '1'
        ? jsonResponse([{ id: 1 }], 200, { 'X-WP-Total': '150', 'X-WP-TotalPages': '2' })
        : jsonResponse({ code: 'rest_forbidden' }, 403),
    );
    expect((await failure(wpFetchAll('/wp/v2/posts', {}, options(fetchImpl).opts))).message).toBe(
      'Failed to fetch posts: 403',
    );
  });
});
