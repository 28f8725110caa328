import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import { previewLinkSchema, verifyPreviewLink } from '@/lib/cms/preview-token';

/**
 * What an editor meets in WordPress (wordpress/lrjn-companion includes/preview.php, front-end.php, refresh-all.php),
 * against the real rig (scripts/wp-rig.sh, booted by scripts/run-tests.sh with its site at http://localhost:3103
 * and the webhook secret TEST_REVALIDATE_SECRET). Called from tests/integration/wordpress.test.ts, so it runs after
 * that file's rig-mode switches rather than beside them (the plugin must be active throughout), and only when
 * TEST_WORDPRESS_URL is set.
 */
const wp = (process.env.TEST_WORDPRESS_URL ?? '').replace(/\/+$/, '');
const state = process.env.TEST_WORDPRESS_STATE ?? path.join(process.cwd(), '.data', 'wp-rig');
const secret = process.env.TEST_REVALIDATE_SECRET ?? '';
const SITE = 'http://localhost:3103';

const revalidated: string[] = [];
const draft = { enabled: false };
const appPassword = () => readFileSync(path.join(state, 'app-password'), 'utf8').trim();
const authHeader = () => `Basic ${Buffer.from(appPassword()).toString('base64')}`;

async function rest(route: string, init: { method?: string; body?: unknown } = {}) {
  const url = new URL(`${wp}/`);
  const [r = '', q = ''] = route.split('?', 2);
  url.searchParams.set('rest_route', `/wp/v2/${r}`);
  for (const [k, v] of new URLSearchParams(q)) url.searchParams.set(k, v);
  const res = await fetch(url, {
    method: init.method ?? 'GET',
    headers: { Authorization: authHeader(), 'Content-Type': 'application/json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  expect(res.ok, `${route}: HTTP ${res.status}`).toBe(true);
  return (await res.json()) as Record<string, unknown> & { id: number; slug: string; link: string };
}

/** Signs in through wp-login.php as the rig's admin; returns the Cookie header of the session. */
async function logIn(): Promise<string> {
  const password = readFileSync(path.join(state, 'admin-password'), 'utf8').trim();
  const res = await fetch(`${wp}/wp-login.php`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Cookie: 'wordpress_test_cookie=WP%20Cookie%20check',
    },
    body: new URLSearchParams({ log: 'admin', pwd: password, 'wp-submit': 'Log In', testcookie: '1' }),
  });
  expect(res.status).toBe(302);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

const get = (url: string, cookie?: string) =>
  fetch(url, { redirect: 'manual', headers: cookie ? { Cookie: cookie } : {} });

/** Registers the suite; next/headers (draft mode) and next/cache (revalidateTag) are Next's runtime, mocked here. */
export function editorExperienceSuite() {
  describe('the WordPress editor experience against the rig (issue 18)', () => {
    let cookie = '';
    const created: number[] = [];

    beforeAll(async () => {
      vi.doMock('next/cache', () => ({ revalidateTag: (tag: string) => revalidated.push(tag) }));
      vi.doMock('next/headers', () => ({
        draftMode: async () => ({
          isEnabled: draft.enabled,
          enable: () => void (draft.enabled = true),
          disable: () => void (draft.enabled = false),
        }),
        cookies: async () => ({ get: () => undefined }),
      }));
      cookie = await logIn();
    });
    beforeEach(() => {
      revalidated.length = 0;
      draft.enabled = false;
    });
    afterAll(async () => {
      for (const id of created) await rest(`posts/${id}?force=true`, { method: 'DELETE' });
      vi.doUnmock('next/cache');
      vi.doUnmock('next/headers');
      vi.resetModules();
    });

    it("documents the rig's WordPress (Debian's newest) as the plugin's 'Tested up to'", () => {
      // The rig runs Debian's wordpress package from /usr/share/wordpress (scripts/wp-rig.sh).
      const version = /\$wp_version = '([^']+)'/.exec(
        readFileSync('/usr/share/wordpress/wp-includes/version.php', 'utf8'),
      )![1]!;
      const readme = readFileSync(path.join(process.cwd(), 'wordpress/lrjn-companion/readme.txt'), 'utf8');
      const tested = /^Tested up to: (\S+)$/m.exec(readme)![1];
      expect(tested).toBe(version.split('.').slice(0, 2).join('.'));
    });

    it("redirects the CMS host's public front end to the site; wp-admin, REST, uploads, login and previews stay", async () => {
      const [post] = (await (
        await fetch(`${wp}/?rest_route=/wp/v2/posts&per_page=1&_fields=id,slug`)
      ).json()) as {
        id: number;
        slug: string;
      }[];
      const redirects: [string, string][] = [
        ['/', `${SITE}/`],
        [`/?p=${post!.id}`, `${SITE}/blog/${post!.slug}`],
        [`/${post!.slug}/`, `${SITE}/blog/${post!.slug}`],
        ['/category/news/', `${SITE}/category/news`],
      ];
      for (const [from, to] of redirects) {
        const res = await get(`${wp}${from}`);
        expect(res.status, from).toBe(301);
        expect(res.headers.get('location'), from).toBe(to);
      }

      const upload = await firstUpload();
      const untouched = [
        '/wp-json/',
        '/wp-json/wp/v2/posts?per_page=1',
        '/?rest_route=/wp/v2/posts&per_page=1',
        '/wp-login.php',
        upload,
        `/?p=${post!.id}&preview=true`,
      ];
      for (const p of untouched) {
        const res = await get(`${wp}${p}`);
        expect(res.status, p).toBe(200);
      }
      // wp-admin answers as WordPress does (to its own login page), never with the site.
      const admin = await get(`${wp}/wp-admin/`);
      expect(admin.headers.get('location') ?? '').toContain(`${wp}/wp-login.php`);
      expect((await get(`${wp}/wp-admin/`, cookie)).status).toBe(200);
    });

    it('points permalinks ("View post", REST link) at the site, and a draft’s at the Preview button', async () => {
      const [post] = (await (
        await fetch(`${wp}/?rest_route=/wp/v2/posts&per_page=1&_fields=slug,link`)
      ).json()) as {
        slug: string;
        link: string;
      }[];
      expect(post!.link).toBe(`${SITE}/blog/${post!.slug}`);
      const [event] = (await (
        await fetch(`${wp}/?rest_route=/wp/v2/events&per_page=1&_fields=slug,link`)
      ).json()) as { slug: string; link: string }[];
      expect(event!.link).toBe(`${SITE}/event/${event!.slug}`);

      const created_ = await rest('posts', {
        method: 'POST',
        body: { title: 'Permalink probe draft', status: 'draft' },
      });
      created.push(created_.id);
      expect(created_.link).toBe(`${wp}/wp-admin/admin-post.php?action=lrjn_preview&post=${created_.id}`);
      // The editor's permalink panel shows the site's address with the editable slug.
      const edit = await rest(`posts/${created_.id}?context=edit`);
      expect(edit.permalink_template).toBe(`${SITE}/blog/%postname%`);
    });

    it('signs a fresh five-minute link to the site when an editor presses Preview, and only then', async () => {
      const post = await rest('posts', {
        method: 'POST',
        body: { title: 'Preview button probe', content: '<p>Draft body</p>', status: 'draft' },
      });
      created.push(post.id);
      // What the block editor opens for a draft: the permalink with preview=true.
      const button = `${post.link}&preview=true`;

      const anonymous = await get(button);
      expect(anonymous.headers.get('location') ?? '').not.toContain(SITE);

      const res = await get(button, cookie);
      expect(res.status).toBe(302);
      const location = new URL(res.headers.get('location') ?? '');
      expect(`${location.origin}${location.pathname}`).toBe(`${SITE}/api/preview`);
      const link = previewLinkSchema.parse(Object.fromEntries(location.searchParams));
      const now = Math.floor(Date.now() / 1000);
      expect(link).toMatchObject({ type: 'posts', id: post.id });
      expect(link.exp - now).toBeGreaterThan(240);
      expect(link.exp - now).toBeLessThanOrEqual(300);
      expect(verifyPreviewLink(secret, link, now)).toEqual({ ok: true });
      expect(verifyPreviewLink('a-different-secret-entirely', link, now).ok).toBe(false);
    });

    describe("the site's /api/preview with the rig's application password", () => {
      async function previewRoute() {
        vi.resetModules();
        const [user, password] = appPassword().split(/:(.*)/s) as [string, string];
        vi.stubEnv('WORDPRESS_URL', wp);
        vi.stubEnv('WORDPRESS_PREVIEW_USER', user);
        vi.stubEnv('WORDPRESS_APPLICATION_PASSWORD', password);
        vi.stubEnv('REVALIDATE_SECRET', secret);
        return import('@/app/api/preview/route');
      }
      afterAll(() => vi.unstubAllEnvs());

      async function signedLink(id: number) {
        const res = await get(`${wp}/wp-admin/admin-post.php?action=lrjn_preview&post=${id}`, cookie);
        return res.headers.get('location') ?? '';
      }

      it('opens a never-published draft in draft mode at the address WordPress would give it, private and noindex', async () => {
        const post = await rest('posts', {
          method: 'POST',
          body: { title: 'Site preview probe', content: '<p>Only in the draft</p>', status: 'draft' },
        });
        created.push(post.id);
        const { GET } = await previewRoute();
        const res = await GET(new Request(await signedLink(post.id)));
        expect(res.status).toBe(307);
        expect(res.headers.get('location')).toBe('/blog/site-preview-probe');
        expect(res.headers.get('cache-control')).toBe('private, no-store');
        expect(res.headers.get('x-robots-tag')).toContain('noindex');
        expect(res.headers.get('set-cookie')).toMatch(/^lrjn_preview=[^;]+; Path=\/; HttpOnly; SameSite=Lax/);
        expect(draft.enabled).toBe(true);
      });

      it('previews the other post types at their own pages, and refuses a page the site does not show', async () => {
        const event = await rest('events', {
          method: 'POST',
          body: { title: 'Preview event probe', status: 'pending' },
        });
        const page = await rest('pages', {
          method: 'POST',
          body: { title: 'Preview page probe', status: 'draft' },
        });
        try {
          const { GET } = await previewRoute();
          const res = await GET(new Request(await signedLink(event.id)));
          expect(res.status).toBe(307);
          expect(res.headers.get('location')).toBe('/event/preview-event-probe');
          draft.enabled = false;
          const refused = await GET(new Request(await signedLink(page.id)));
          expect(refused.status).toBe(404);
          expect(draft.enabled).toBe(false);
        } finally {
          await rest(`events/${event.id}?force=true`, { method: 'DELETE' });
          await rest(`pages/${page.id}?force=true`, { method: 'DELETE' });
        }
      });

      it('refuses a tampered or expired link before asking WordPress, and never turns draft mode on', async () => {
        const { GET } = await previewRoute();
        const link = new URL(await signedLink(created[0]!));
        link.searchParams.set('id', String(Number(link.searchParams.get('id')) + 1));
        expect((await GET(new Request(link))).status).toBe(401);
        const expired = new URL(link);
        expired.searchParams.set('exp', '1000');
        expect((await GET(new Request(expired))).status).toBe(401);
        expect(draft.enabled).toBe(false);
      });

      it("reads a post's unsaved changes from its newest autosave", async () => {
        // Pending review, so WordPress keeps the changes in an autosave as it does for a published post (a draft's
        // own author saves over the draft itself), without publishing anything the other rig tests count.
        const post = await rest('posts', {
          method: 'POST',
          body: { title: 'Saved before autosave', content: '<p>Saved body</p>', status: 'pending' },
        });
        created.push(post.id);
        const autosave = await rest(`posts/${post.id}/autosaves`, {
          method: 'POST',
          body: { title: 'Unsaved title change', content: '<p>Unsaved body change</p>' },
        });
        // The autosave's own preview link is the Preview button (includes/preview.php).
        expect(String(autosave.preview_link)).toContain(`admin-post.php?action=lrjn_preview&post=${post.id}`);
        await previewRoute();
        const { fetchDraft } = await import('@/lib/cms/preview');
        const item = (await fetchDraft('posts', post.id)) as {
          title: { rendered: string };
          content: { rendered: string };
        };
        expect(item.title.rendered).toBe('Unsaved title change');
        expect(item.content.rendered).toContain('Unsaved body change');
      });
    });

    describe('Refresh everything (Settings → Site revalidation)', () => {
      let server: Server;
      const received: { headers: Record<string, string>; body: string; status: number }[] = [];
      const rigEnv = { ...process.env, WP_RIG_PORT: new URL(wp || 'http://x:1').port, WP_RIG_STATE: state };

      beforeAll(async () => {
        vi.resetModules();
        vi.stubEnv('REVALIDATE_SECRET', secret);
        const { POST } = await import('@/app/api/revalidate/route');
        server = createServer((req, res) => {
          const chunks: Buffer[] = [];
          req.on('data', (c: Buffer) => chunks.push(c));
          req.on('end', async () => {
            const body = Buffer.concat(chunks).toString('utf8');
            const headers = Object.fromEntries(
              Object.entries(req.headers).map(([k, v]) => [k, String(v)]),
            ) as Record<string, string>;
            // The site's own webhook handler decides.
            const answer = await POST(
              new Request(`http://127.0.0.1${req.url}`, {
                method: 'POST',
                headers: { ...headers, 'x-screening-socket-address': '127.0.0.1' },
                body,
              }),
            );
            received.push({ headers, body, status: answer.status });
            res.writeHead(answer.status, { 'Content-Type': 'application/json' });
            res.end(await answer.text());
          });
        });
        await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
        const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
        execFileSync('bash', ['scripts/wp-rig.sh', 'configure-webhook', url, secret], { env: rigEnv });
      });
      afterAll(async () => {
        execFileSync('bash', ['scripts/wp-rig.sh', 'configure-webhook', SITE, secret], { env: rigEnv });
        vi.unstubAllEnvs();
        await new Promise((resolve) => server.close(resolve));
      });

      it('sends one signed webhook that the site accepts and answers by revalidating every CMS read', async () => {
        const page = await (
          await get(`${wp}/wp-admin/options-general.php?page=lrjn-site-revalidation`, cookie)
        ).text();
        const form =
          /<form[^>]*>(?:(?!<\/form>)[\s\S])*value="lrjn_companion_refresh_all"[\s\S]*?<\/form>/.exec(page);
        expect(form, 'the settings page shows the Refresh everything button').not.toBeNull();
        expect(form![0]).toContain('Refresh everything');
        const nonce = /name="_wpnonce" value="([^"]+)"/.exec(form![0])![1]!;

        const res = await fetch(`${wp}/wp-admin/admin-post.php`, {
          method: 'POST',
          redirect: 'manual',
          headers: { Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ action: 'lrjn_companion_refresh_all', _wpnonce: nonce }),
        });
        expect(res.status).toBe(302);
        expect(res.headers.get('location')).toContain('lrjn-refresh=ok');

        expect(received).toHaveLength(1);
        expect(JSON.parse(received[0]!.body)).toMatchObject({ kind: 'all', action: 'refresh' });
        expect(received[0]!.headers['x-webhook-signature']).toMatch(/^sha256=[0-9a-f]{64}$/);
        expect(received[0]!.status).toBe(200);
        expect(revalidated).toEqual(['cms']);
      });

      it('refuses the button without the nonce (a forged form elsewhere)', async () => {
        const res = await fetch(`${wp}/wp-admin/admin-post.php`, {
          method: 'POST',
          redirect: 'manual',
          headers: { Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ action: 'lrjn_companion_refresh_all' }),
        });
        expect(res.status).toBeGreaterThanOrEqual(400);
        expect(received).toHaveLength(1);
      });
    });
  });
}

/** The path of one file WordPress serves from /wp-content/uploads/ (a seeded image). */
async function firstUpload(): Promise<string> {
  const [media] = (await (
    await fetch(`${wp}/?rest_route=/wp/v2/media&per_page=1&_fields=source_url`)
  ).json()) as {
    source_url: string;
  }[];
  return new URL(media!.source_url).pathname;
}
