import { readFileSync } from 'node:fs';
import path from 'node:path';

import { expect, test, type Page } from '@playwright/test';

import { dismissCookieBanner } from '../fixtures';
import { restUrl } from './rest';

/**
 * WordPress's Preview button, end to end: an editor (signed in to wp-admin in this browser) saves a draft over REST,
 * opens the address the Preview button opens (the block editor opens a draft's permalink with `preview=true`; a
 * post's unsaved changes through its autosave's `preview_link`), sees the draft on our page in draft mode, publishes,
 * and the public page changes. The plugin signs the link (wordpress/lrjn-companion/includes/preview.php); the site
 * reads the draft with its server-side application password (app/api/preview).
 */
const wordpressUrl = (process.env.TEST_WORDPRESS_URL ?? '').replace(/\/+$/, '');
const state = process.env.TEST_WORDPRESS_STATE ?? path.join(process.cwd(), '.data', 'wp-rig');
const auth = () =>
  `Basic ${Buffer.from(readFileSync(path.join(state, 'app-password'), 'utf8').trim()).toString('base64')}`;

async function wp(route: string, method = 'GET', body?: unknown) {
  const res = await fetch(restUrl(wordpressUrl, route), {
    method,
    headers: { Authorization: auth(), 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.ok, `${method} ${route}: HTTP ${res.status}`).toBe(true);
  return (await res.json()) as { id: number; slug: string; link: string; preview_link?: string };
}

async function signInToWordPress(page: Page) {
  const password = readFileSync(path.join(state, 'admin-password'), 'utf8').trim();
  await page.goto(`${wordpressUrl}/wp-login.php`);
  await page.locator('#user_login').fill('admin');
  await page.locator('#user_pass').fill(password);
  await page.locator('#wp-submit').click();
  await page.waitForURL(/\/wp-admin\//);
}

async function middleDate(): Promise<string> {
  const read = async (order: string) =>
    (await (
      await fetch(restUrl(wordpressUrl, `posts?per_page=1&order=${order}&_fields=date_gmt`))
    ).json()) as {
      date_gmt: string;
    }[];
  const [[newest], [oldest]] = await Promise.all([read('desc'), read('asc')]);
  const a = Date.parse(`${oldest!.date_gmt}Z`);
  const b = Date.parse(`${newest!.date_gmt}Z`);
  return new Date(Math.round((a + b) / 2)).toISOString().slice(0, 19);
}

/** What the block editor's Preview opens for a draft (editor's getEditedPostPreviewLink: link + preview=true). */
function draftPreviewLink(link: string): string {
  const url = new URL(link);
  url.searchParams.set('preview', 'true');
  return url.toString();
}

test('an editor previews a draft on the site, publishes it, and the public page changes', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const title = `Preview draft ${stamp}`;
  const slug = `preview-draft-${stamp}`;
  let id = 0;
  try {
    await dismissCookieBanner(page);
    await signInToWordPress(page);

    // 1. The editor saves a draft.
    const draft = await wp('posts', 'POST', {
      title,
      content: `<p>Draft words ${stamp}, not yet for the public.</p>`,
      status: 'draft',
    });
    id = draft.id;

    // Visitors cannot see it.
    expect((await request.get(`/blog/${slug}`)).status()).toBe(404);

    // 2. Preview: WordPress signs a link to the site, which opens the draft in draft mode.
    const response = await page.goto(draftPreviewLink(draft.link));
    await expect(page).toHaveURL(`http://localhost:3103/blog/${slug}`);
    expect(response?.status()).toBe(200);
    const headers = response!.headers();
    expect(headers['cache-control']).toContain('no-store');
    expect(headers['cache-control']).toContain('private');
    expect(headers['x-robots-tag']).toContain('noindex');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(page.getByText(`Draft words ${stamp}`)).toBeVisible();
    const banner = page.getByRole('region', { name: 'Preview' });
    await expect(banner).toContainText('unpublished content');
    await expect(page.locator('meta[name="robots"][content*="noindex"]')).toHaveCount(1);
    // The secret and the application password never reach the browser.
    const html = await page.content();
    expect(html).not.toContain(process.env.TEST_REVALIDATE_SECRET ?? 'unset');
    expect(html).not.toContain(readFileSync(path.join(state, 'app-password'), 'utf8').trim().split(':')[1]);

    // Still not public.
    expect((await request.get(`/blog/${slug}`)).status()).toBe(404);

    // 3. Publish: the webhook tells the site, and the public page appears.
    // Dated between the oldest and the newest post, so specs running beside this one that take the newest or the
    // oldest post (webhook.spec.ts) never pick it up.
    await wp(`posts/${id}`, 'POST', { status: 'publish', slug, date_gmt: await middleDate() });
    await expect
      .poll(async () => (await request.get(`/blog/${slug}`)).status(), { timeout: 30_000 })
      .toBe(200);
    const publicHtml = await (await request.get(`/blog/${slug}`)).text();
    expect(publicHtml).toContain(title);
    expect(publicHtml).not.toContain('unpublished content');

    // 4. An unsaved change to the published post: Preview shows it, the public page does not, until it is saved.
    const changed = `Changed title ${stamp}`;
    const autosave = await wp(`posts/${id}/autosaves`, 'POST', {
      title: changed,
      content: `<p>Changed words ${stamp}.</p>`,
    });
    await page.goto(autosave.preview_link ?? '');
    await expect(page).toHaveURL(`http://localhost:3103/blog/${slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(changed);
    expect(await (await request.get(`/blog/${slug}`)).text()).not.toContain(changed);

    // Exit preview: back on the public page, without the banner.
    await page.getByRole('link', { name: 'Exit preview' }).click();
    await expect(page).toHaveURL(`http://localhost:3103/blog/${slug}`);
    await expect(page.getByRole('region', { name: 'Preview' })).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);

    await wp(`posts/${id}`, 'POST', { title: changed });
    await expect
      .poll(async () => (await (await request.get(`/blog/${slug}`)).text()).includes(changed), {
        timeout: 30_000,
        intervals: [500, 1000, 2000],
      })
      .toBe(true);
  } finally {
    if (id)
      await fetch(restUrl(wordpressUrl, `posts/${id}?force=true`), {
        method: 'DELETE',
        headers: { Authorization: auth() },
      });
  }
});
