import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { expect, test } from '@playwright/test';
import { decodeHTML } from 'entities';
import postgres from 'postgres';

import { uniqueEmail } from '../database';
import { dismissCookieBanner, waitForHydration } from '../fixtures';
import { restUrl } from '../wordpress/rest';
import {
  ENQUIRY_TO,
  NGINX,
  PORT_B,
  REVALIDATE_SECRET,
  SITE_A,
  SITE_B,
  type Stack,
  startStack,
} from './stack';

/**
 * Several instances behind nginx (DEPLOY.md, deploy/): two `next start` instances of one build, the outbox worker,
 * nginx with deploy/nginx/lrjn.conf, PostgreSQL, Redis and the WordPress rig, all on 127.0.0.1 (./stack.ts).
 * What a visitor and an editor must see whichever instance answers. Serial: the last test stops instance B.
 */
test.describe.configure({ mode: 'serial' });

let stack: Stack;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  stack = await startStack();
});

test.afterAll(async () => {
  await stack?.stop();
});

test('an anonymous page is an nginx cache HIT with no Set-Cookie; a signed-in request is never cached', async () => {
  for (const pagePath of ['/', '/blog', '/es/events']) {
    await fetch(`${NGINX}${pagePath}`);
    const res = await fetch(`${NGINX}${pagePath}`, { headers: { 'Accept-Language': 'es,en;q=0.5' } });
    expect(res.status, pagePath).toBe(200);
    expect(res.headers.get('x-cache-status'), pagePath).toBe('HIT');
    expect(res.headers.get('set-cookie'), pagePath).toBeNull();
    expect(res.headers.get('cache-control'), pagePath).toMatch(/s-maxage=\d+/);
  }
  for (const cookie of ['__Host-lrjn_session=x', 'lrjn_signed_in=1', 'sb-abc-auth-token.0=x']) {
    for (let i = 0; i < 2; i++) {
      const res = await fetch(`${NGINX}/`, { headers: { Cookie: `theme=dark; ${cookie}` } });
      expect(res.headers.get('x-cache-status'), cookie).toBe('BYPASS');
      expect(res.headers.get('cache-control'), cookie).toBe('private, no-store');
    }
  }
});

test('nginx answers a conditional request for a cached page with 304, from the ETag the cache entry carries', async () => {
  // next.config.ts `generateEtags: false`: the tag comes from the cache handler (lib/cache/entry-etag.cjs), once
  // per entry, and nginx compares If-None-Match with it.
  for (const pagePath of ['/blog', '/es/events']) {
    await fetch(`${NGINX}${pagePath}`);
    const full = await fetch(`${NGINX}${pagePath}`);
    const etag = full.headers.get('etag') ?? '';
    expect(etag, pagePath).toMatch(/^W\/"[0-9a-z]+"$/);
    const again = await fetch(`${NGINX}${pagePath}`, { headers: { 'If-None-Match': etag } });
    expect(again.status, pagePath).toBe(304);
    expect(await again.text(), pagePath).toBe('');
    const other = await fetch(`${NGINX}${pagePath}`, { headers: { 'If-None-Match': 'W/"other"' } });
    expect(other.status, pagePath).toBe(200);
  }
});

test('a sign-in made through nginx works on instance A and on instance B', async ({ page }) => {
  const email = uniqueEmail('multi');
  await dismissCookieBanner(page);
  // Through nginx, as a visitor comes: the site's origin is SITE_URL's (nginx), and server actions posted to an
  // instance's own port are cross-origin. Whichever instance took the sign-up, both must know the session.
  await page.goto(`${NGINX}/login?mode=signup`);
  await waitForHydration(page);
  await page.getByLabel('Full name').fill('Multi Tester');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill('a long multi-instance passphrase 7');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/email-confirmation$/, { timeout: 20_000 });

  let link = '';
  await expect
    .poll(
      () => {
        const mail = stack.smtp.messages.find((m) => m.to.some((to) => to.includes(email)));
        const text = (mail?.data ?? '').replace(/=\r?\n/g, '').replace(/=3D/gi, '=');
        link = /https?:\/\/\S+\/auth\/confirm\?[^\s"<]+/.exec(text)?.[0] ?? '';
        return link;
      },
      { message: 'the confirmation email', timeout: 20_000 },
    )
    .not.toBe('');
  const confirm = new URL(decodeHTML(link));
  await page.goto(`${NGINX}${confirm.pathname}${confirm.search}`);
  // The link page spends nothing until its button is pressed.
  await page.locator('form:has(input[name="token_hash"]) button[type="submit"]').click();
  await expect(page).toHaveURL(/\/login\?confirmed=1$/);

  // The session cookie is per host, not per port: both instances receive it, and both must know the session.
  for (const site of [SITE_A, SITE_B]) {
    await page.goto(`${site}/dashboard`);
    await expect(page).toHaveURL(`${site}/dashboard`);
    await waitForHydration(page);
    await expect(page.getByRole('button', { name: /Account menu: Signed in as Multi Tester/ })).toBeVisible();
  }

  // Through nginx the signed-in dashboard is never stored: a second request is not a HIT either.
  const cookies = await page.context().cookies(NGINX);
  const cookieHeader = cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  for (let i = 0; i < 2; i++) {
    const res = await fetch(`${NGINX}/dashboard`, { headers: { Cookie: cookieHeader }, redirect: 'manual' });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-cache-status')).toBe('BYPASS');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(await res.text()).toContain(`Signed in as ${email}`);
  }
});

test('a form posted through nginx is stored once and forwarded once', async ({ page }) => {
  const email = uniqueEmail('multi-contact');
  await dismissCookieBanner(page);
  await page.goto(`${NGINX}/contact`);
  await waitForHydration(page);
  const form = page.locator('section[aria-labelledby="contact-form-heading"] form');
  await form.getByLabel('Name').fill('Multi Contact');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Message').fill('Sent through nginx to one of two instances.');
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(form.getByRole('status')).toHaveText(
    "Thank you for your message! We'll get back to you soon.",
    { timeout: 20_000 },
  );

  const forwards = () =>
    stack.smtp.messages.filter((m) => m.to.includes(ENQUIRY_TO) && m.data.includes(email));
  await expect.poll(() => forwards().length, { timeout: 20_000 }).toBe(1);
  // Three drainers (A, B, the worker) run every 2 s: give them several rounds to send it again if they would.
  await new Promise((r) => setTimeout(r, 7_000));
  expect(forwards()).toHaveLength(1);

  const sql = postgres(stack.databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const rows = await sql<{ forward_status: string }[]>`
      select forward_status from enquiries where email = ${email}`;
    expect(rows).toEqual([{ forward_status: 'sent' }]);
    const outbox = await sql<{ status: string }[]>`
      select status from outbox where kind = 'enquiry.forward' and payload::text like ${`%${email}%`}`;
    expect(outbox.every((r) => r.status !== 'pending')).toBe(true);
  } finally {
    await sql.end();
  }
});

test('a signed webhook sent to instance A refreshes the page instance B and nginx serve', async () => {
  const wordpressUrl = process.env.TEST_WORDPRESS_URL!;
  const state = process.env.TEST_WORDPRESS_STATE ?? path.join(process.cwd(), '.data', 'wp-rig');
  const auth = `Basic ${Buffer.from(readFileSync(path.join(state, 'app-password'), 'utf8').trim()).toString('base64')}`;
  // Not the oldest post (the `wordpress` project edits that one) nor the newest (it reads that one's title).
  const list = await fetch(
    restUrl(wordpressUrl, 'posts?per_page=3&offset=4&orderby=date&order=asc&_fields=id,slug,title'),
  );
  const [post] = (await list.json()) as { id: number; slug: string; title: { rendered: string } }[];
  expect(post).toBeDefined();
  const original = decodeHTML(post!.title.rendered);

  // B and nginx both hold the page.
  const title = async (base: string) => {
    const html = await (await fetch(`${base}/blog/${post!.slug}`)).text();
    return decodeHTML(/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1]?.replace(/<[^>]+>/g, '') ?? '').trim();
  };
  expect(await title(SITE_B)).toBe(original);
  expect(await title(NGINX)).toBe(original);

  const edited = `Edited for several instances ${Date.now()}`;
  const send = async (body: object) => {
    const json = JSON.stringify(body);
    const timestamp = String(Math.floor(Date.now() / 1000));
    const res = await fetch(`${SITE_A}/api/revalidate`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-webhook-timestamp': timestamp,
        // How the companion plugin signs (lib/cms/webhook.ts signWebhook).
        'x-webhook-signature': `sha256=${createHmac('sha256', REVALIDATE_SECRET).update(`${timestamp}.${json}`).digest('hex')}`,
      },
      body: json,
    });
    expect(res.status, await res.text()).toBe(200);
  };
  const setTitle = (value: string) =>
    fetch(restUrl(wordpressUrl, `posts/${post!.id}`), {
      method: 'POST',
      headers: { Authorization: auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ title: value }),
    });
  const webhook = {
    kind: 'post',
    action: 'save',
    postType: 'post',
    id: post!.id,
    slug: post!.slug,
    status: 'publish',
  };

  try {
    expect((await setTitle(edited)).ok).toBe(true);
    // The edit alone changes nothing on B (its copy is cached for an hour): only the webhook to A will.
    expect(await title(SITE_B)).toBe(original);
    await send(webhook);
    await expect.poll(() => title(SITE_B), { timeout: 30_000, intervals: [500, 1000, 2000] }).toBe(edited);
    // nginx keeps its copy at most 10 s, then fetches the new page in the background.
    await expect.poll(() => title(NGINX), { timeout: 40_000, intervals: [1000, 2000] }).toBe(edited);
  } finally {
    await setTitle(original);
    await send(webhook);
  }
});

test('stopping one instance loses no request nginx can retry', async () => {
  const requests: Promise<number>[] = [];
  let stopped: Promise<number | null> | undefined;
  for (let i = 0; i < 120; i++) {
    // Requests nginx cannot answer from its cache: each one reaches an instance.
    const pathAndQuery = i % 2 ? `/api/health?i=${i}` : `/about`;
    requests.push(
      fetch(`${NGINX}${pathAndQuery}`, { headers: { Cookie: 'lrjn_signed_in=1' } }).then((r) => r.status),
    );
    if (i === 40) stopped = stack.stopInstance(PORT_B);
    await new Promise((r) => setTimeout(r, 25));
  }
  const statuses = await Promise.all(requests);
  expect(statuses.filter((s) => s !== 200)).toEqual([]);
  // It shut down cleanly (143: Next's exit code for SIGTERM) and is gone; A answers alone now.
  expect(await stopped).toBe(143);
  await expect(fetch(`${SITE_B}/api/health`)).rejects.toThrow();
  expect((await fetch(`${NGINX}/api/ready`)).status).toBe(200);
});
