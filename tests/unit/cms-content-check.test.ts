import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterEach, describe, expect, it } from 'vitest';

import { checkContent, formatContentCheck } from '@/lib/cms/content-check';
import { ENDPOINTS } from '@/lib/cms/source';

/**
 * `npm run content:check` against a tiny local HTTP server that answers like a WordPress without the companion
 * plugin: plain permalinks (only ?rest_route=), no team-member/vacancies routes, no `acf` on reports, a 500 on
 * events and an orderby refused for pages.
 */
let server: Server | undefined;
afterEach(async () => {
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(null)));
  server = undefined;
});

function listen(
  handler: (route: string | null, url: URL) => { status: number; body: unknown; html?: boolean },
) {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const answer = handler(url.searchParams.get('rest_route'), url);
    res.writeHead(answer.status, {
      'content-type': answer.html ? 'text/html' : 'application/json',
      ...(Array.isArray(answer.body) ? { 'x-wp-total': String(answer.body.length * 3) } : {}),
    });
    res.end(answer.html ? String(answer.body) : JSON.stringify(answer.body));
  });
  return new Promise<string>((resolve) =>
    server!.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(server!.address() as AddressInfo).port}`),
    ),
  );
}

const NO_ROUTE = {
  code: 'rest_no_route',
  message: 'No route was found matching the URL and request method.',
};

describe('checkContent', () => {
  it('reports found, missing and failing per endpoint with the fix, through ?rest_route=', async () => {
    const base = await listen((route, url) => {
      if (!route) return { status: 200, body: '<html>home</html>', html: true };
      const endpoint = route.replace('/wp/v2/', '');
      if (['team-member', 'vacancies', 'cause', 'media-archive', 'media_category'].includes(endpoint)) {
        return { status: 404, body: NO_ROUTE };
      }
      if (endpoint === 'events') return { status: 500, body: { code: 'db_error', message: 'Database gone' } };
      if (endpoint === 'pages' && url.searchParams.get('orderby') === 'menu_order') {
        return {
          status: 400,
          body: {
            code: 'rest_invalid_param',
            message: 'Invalid parameter(s): orderby',
            data: { params: { orderby: 'x' } },
          },
        };
      }
      return { status: 200, body: [{ id: 1 }] };
    });
    const check = await checkContent(base, { timeoutMs: 2000 });
    if (!check.reachable) throw new Error(check.message);
    expect(check.permalinks).toBe('plain');
    expect(check.endpoints.map((e) => e.endpoint)).toEqual([...ENDPOINTS]);
    const by = Object.fromEntries(check.endpoints.map((e) => [e.endpoint, e]));
    expect(by.posts).toMatchObject({ status: 'found', total: 3 });
    expect(by['team-member']).toMatchObject({ status: 'missing', label: 'post type team-member' });
    expect(by['team-member']?.fix).toMatch(/activate the LRJN Companion plugin/);
    expect(by.media_category).toMatchObject({ status: 'missing', label: 'taxonomy media_category' });
    expect(by.events).toMatchObject({ status: 'failing' });
    expect(by.events?.detail).toContain('HTTP 500 db_error: Database gone');
    expect(by.pages?.status).toBe('found');
    expect(by.pages?.detail).toContain('orderby=menu_order');
    // Reports answer without `acf`: found, with the advice about fields.
    expect(by.reports?.detail).toMatch(/no ACF-shaped fields/);

    const text = formatContentCheck(check).join('\n');
    expect(text).toMatch(
      /missing\s+post type team-member\s+rest_no_route .*Our Team shows its empty state.*Fix: activate the LRJN Companion plugin/,
    );
    expect(text).toMatch(/missing\s+post type vacancies/);
    expect(text).toMatch(/failing\s+post type events/);
    expect(text).toContain('found, 5 missing, 1 failing');
  });

  it('detects pretty permalinks when /wp-json answers', async () => {
    const base = await listen((route, url) =>
      route || url.pathname.startsWith('/wp-json/')
        ? { status: 200, body: [{ id: 1, acf: [] }] }
        : { status: 404, body: 'x', html: true },
    );
    const check = await checkContent(base, { timeoutMs: 2000 });
    expect(check.reachable && check.permalinks).toBe('pretty');
    expect(check.reachable && check.endpoints.every((e) => e.status === 'found' && !e.fix)).toBe(true);
  });

  it('is unreachable when nothing listens, or when the address is not a WordPress', async () => {
    const nothing = await checkContent('http://127.0.0.1:9', { timeoutMs: 2000 });
    expect(nothing.reachable).toBe(false);
    expect(formatContentCheck(nothing)[0]).toMatch(/^content:check: WordPress unreachable: no answer from/);

    const base = await listen(() => ({ status: 200, body: '<html>a shop</html>', html: true }));
    const other = await checkContent(base, { timeoutMs: 2000 });
    expect(other.reachable).toBe(false);
    expect(!other.reachable && other.message).toMatch(/without WordPress REST JSON/);
  });
});
