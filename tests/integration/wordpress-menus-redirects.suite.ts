import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

/**
 * Issue 18 items 4 and 5 against the real WordPress rig (scripts/wp-rig.sh boot): the companion plugin's menus,
 * redirects and old-slug routes (their REST shapes), the site's reading of them (lib/cms/menus.ts,
 * lib/cms/redirects.ts) and proxy.ts answering with the redirects. Everything changed in WordPress is put back in
 * afterAll. Imported by tests/integration/wordpress.test.ts rather than a test file of its own: that file switches the
 * rig between modes (plugin inactive, plain permalinks) and compares the posts with the seed, so the two must not run
 * at the same time; in one file they run in turn. Runs only when TEST_WORDPRESS_URL is set.
 */
const baseUrl = process.env.TEST_WORDPRESS_URL ?? '';
const state = process.env.TEST_WORDPRESS_STATE ?? path.join(process.cwd(), '.data', 'wp-rig');
const SITE = 'http://localhost:3000';
const auth = () =>
  `Basic ${Buffer.from(readFileSync(path.join(state, 'app-password'), 'utf8').trim()).toString('base64')}`;

function rest(route: string, query: Record<string, string> = {}): string {
  const url = new URL(`${baseUrl.replace(/\/+$/, '')}/`);
  url.searchParams.set('rest_route', route);
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
  return url.toString();
}

async function wp(method: string, route: string, body?: unknown, query: Record<string, string> = {}) {
  const res = await fetch(rest(route, query), {
    method,
    headers: { Authorization: auth(), 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> & unknown[] };
}

// Every write in WordPress also sends the webhook (with retries) to the configured site, which may not be running.
const SLOW = 60_000;

let proxy: (request: NextRequest) => Promise<Response>;
const call = (p: string) => proxy(new NextRequest(new URL(p, SITE)));

const cleanups: (() => Promise<unknown>)[] = [];
let savedRules = '';

describe('menus and redirects from WordPress (issue 18 items 4 and 5)', { timeout: SLOW }, () => {
  beforeAll(async () => {
    vi.resetModules();
    vi.stubEnv('WORDPRESS_URL', baseUrl);
    vi.stubEnv('SITE_URL', SITE);
    vi.stubEnv('SCREENING_MAX_REQUESTS', '1000000');
    proxy = (await import('@/proxy')).default;
    const rules = (await (await fetch(rest('/lrjn/v1/redirects'))).json()) as {
      source: string;
      target: string;
      status: number;
    }[];
    savedRules = rules.map((r) => `${r.source} ${r.target} ${r.status}`).join('\n');
  }, SLOW);

  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
    vi.unstubAllEnvs();
  }, SLOW);

  describe('menus from WordPress', () => {
    it('GET /lrjn/v1/menus lists the header and footer locations, with menu null while none is assigned', async () => {
      const res = await fetch(rest('/lrjn/v1/menus'));
      expect(res.status).toBe(200);
      const body = (await res.json()) as { location: string; menu: unknown; items: unknown[] }[];
      expect(body.map((b) => b.location).sort()).toEqual(['footer', 'header']);
      for (const entry of body) expect(entry).toEqual({ location: entry.location, menu: null, items: [] });
      const { getSiteMenu } = await import('@/lib/cms/menus');
      expect(await getSiteMenu('header')).toBeNull();
    });

    it('a menu assigned to the header location is read, mapped to the site routes and sanitised', async () => {
      const created = await wp('POST', '/wp/v2/menus', {
        name: `Test header ${Date.now()}`,
        locations: ['lrjn-header'],
      });
      expect(created.status).toBe(201);
      const menuId = created.json.id as number;
      cleanups.push(() => wp('DELETE', `/wp/v2/menus/${menuId}`, undefined, { force: 'true' }));

      const posts = (await (
        await fetch(rest('/wp/v2/posts', { per_page: '1', _fields: 'id,slug' }))
      ).json()) as {
        id: number;
        slug: string;
      }[];
      const post = posts[0]!;
      const add = (item: Record<string, unknown>) =>
        wp('POST', '/wp/v2/menu-items', { menus: menuId, status: 'publish', ...item });
      const top = await add({
        title: 'Latest <b>story</b>',
        type: 'post_type',
        object: 'post',
        object_id: post.id,
      });
      expect(top.status).toBe(201);
      expect(
        (
          await add({
            title: 'Partner',
            url: 'https://partner.example.net/',
            target: '_blank',
            parent: top.json.id,
          })
        ).status,
      ).toBe(201);
      expect((await add({ title: 'Contact us', url: `${baseUrl}/es/contact/` })).status).toBe(201);

      const raw = (await (await fetch(rest('/lrjn/v1/menus'))).json()) as {
        location: string;
        menu: { id: number; name: string } | null;
        items: Record<string, unknown>[];
      }[];
      const header = raw.find((r) => r.location === 'header')!;
      expect(header.menu?.id).toBe(menuId);
      expect(header.items[0]).toMatchObject({
        parent: 0,
        title: 'Latest <b>story</b>',
        type: 'post_type',
        object: 'post',
        objectId: post.id,
        slug: post.slug,
        target: '',
      });
      expect(header.items[1]).toMatchObject({ parent: top.json.id, type: 'custom', target: '_blank' });

      const { getSiteMenu } = await import('@/lib/cms/menus');
      expect(await getSiteMenu('header')).toEqual([
        {
          href: `/blog/${post.slug}`,
          label: 'Latest story',
          external: false,
          newTab: false,
          children: [
            {
              href: 'https://partner.example.net/',
              label: 'Partner',
              external: true,
              newTab: true,
              children: [],
            },
          ],
        },
        { href: '/contact', label: 'Contact us', external: false, newTab: false, children: [] },
      ]);
      expect(await getSiteMenu('footer')).toBeNull();
    });
  });

  describe('redirects from WordPress', () => {
    it('POST /lrjn/v1/redirects refuses invalid rules (nothing saved) and non-administrators', async () => {
      const bad = await wp('POST', '/lrjn/v1/redirects', {
        rules: '/fine /about\n/open http://evil.example/ 308\n//x /y',
      });
      expect(bad.status).toBe(400);
      expect((bad.json as unknown as { errors: string[] }).errors).toHaveLength(2);
      const anonymous = await fetch(rest('/lrjn/v1/redirects'), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ rules: '/a /b' }),
      });
      expect(anonymous.status).toBe(401);
      expect(await (await fetch(rest('/lrjn/v1/redirects'))).json()).toEqual(
        savedRules ? expect.any(Array) : [],
      );
    });

    it("the proxy applies the editor's rules once the webhook marks them changed", async () => {
      const saved = await wp('POST', '/lrjn/v1/redirects', {
        rules: '# test rules\n/it-old-page /about 301\n/it-appeal https://donate.example.org/appeal 302',
      });
      expect(saved.status).toBe(200);
      cleanups.push(() => wp('POST', '/lrjn/v1/redirects', { rules: savedRules }));
      expect(await (await fetch(rest('/lrjn/v1/redirects'))).json()).toEqual([
        { source: '/it-old-page', target: '/about', status: 301 },
        { source: '/it-appeal', target: 'https://donate.example.org/appeal', status: 302 },
      ]);

      const { noteRedirectChange } = await import('@/lib/cms/redirects');
      noteRedirectChange({ kind: 'redirects', slug: 'redirects' });
      const page = await call('/it-old-page/?ref=x');
      expect(page.status).toBe(301);
      expect(page.headers.get('location')).toBe(`${SITE}/about?ref=x`);
      const localised = await call('/es/it-old-page');
      expect(localised.headers.get('location')).toBe(`${SITE}/es/about`);
      const away = await call('/it-appeal');
      expect(away.status).toBe(302);
      expect(away.headers.get('location')).toBe('https://donate.example.org/appeal');
    });

    it("a renamed post's old address answers 308 to the new one (WordPress's _wp_old_slug)", async () => {
      const posts = (await (
        await fetch(rest('/wp/v2/posts', { per_page: '1', offset: '1', _fields: 'id,slug' }))
      ).json()) as {
        id: number;
        slug: string;
      }[];
      const post = posts[0]!;
      const renamed = `${post.slug}-renamed-it`;
      expect((await wp('POST', `/wp/v2/posts/${post.id}`, { slug: renamed })).status).toBe(200);
      cleanups.push(async () => {
        await wp('POST', `/wp/v2/posts/${post.id}`, { slug: post.slug });
        // Renaming back leaves the temporary slug recorded as an old one: forget it.
        execFileSync(
          'php',
          [path.join('scripts', 'wp-rig', 'forget-old-slug.php'), String(post.id), renamed],
          {
            env: {
              ...process.env,
              WP_RIG_PORT: new URL(baseUrl).port,
              WP_RIG_CONFIG_FILE: path.join(state, 'wp-config-rig.php'),
            },
          },
        );
      });

      const oldSlugs = (await (await fetch(rest('/lrjn/v1/old-slugs'))).json()) as Record<string, string>[];
      expect(oldSlugs).toContainEqual({ type: 'post', from: post.slug, to: renamed });

      // What the site learns from the webhook; the old-slug list is read again before the next answer.
      const { noteRedirectChange } = await import('@/lib/cms/redirects');
      const { noteContentChange } = await import('@/lib/cms/slug-index');
      const change = {
        kind: 'post' as const,
        postType: 'post',
        slug: renamed,
        previousSlug: post.slug,
        action: 'save',
        status: 'publish',
      };
      noteContentChange(change);
      noteRedirectChange(change);
      const old = await call(`/blog/${post.slug}`);
      expect(old.status).toBe(308);
      expect(old.headers.get('location')).toBe(`${SITE}/blog/${renamed}`);
      const french = await call(`/fr/blog/${post.slug}`);
      expect(french.headers.get('location')).toBe(`${SITE}/fr/blog/${renamed}`);
      // A slug that never existed is still a 404.
      expect((await call(`/blog/${post.slug}-never-existed`)).status).toBe(404);
    });
  });
});
