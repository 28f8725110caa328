import { describe, expect, it } from 'vitest';

import {
  MAX_LINK_TTL_SECONDS,
  PREVIEW_COOKIE,
  previewCookieHeader,
  previewLinkSchema,
  previewOfCookies,
  previewPath,
  readPreviewCookie,
  signPreviewCookie,
  signPreviewLink,
  verifyPreviewLink,
} from '@/lib/cms/preview-token';

const SECRET = 'preview-test-secret-of-32-characters';
const NOW = 1_800_000_000;

function link(overrides: Record<string, string> = {}) {
  const base = { type: 'posts', id: '42', exp: String(NOW + 300) };
  const merged = { ...base, ...overrides };
  const sig = signPreviewLink(SECRET, { type: merged.type, id: Number(merged.id), exp: Number(merged.exp) });
  return previewLinkSchema.parse({ sig, ...merged });
}

describe('signed preview links', () => {
  it('accepts a link signed with the shared secret before it expires', () => {
    expect(verifyPreviewLink(SECRET, link(), NOW)).toEqual({ ok: true });
    expect(verifyPreviewLink(SECRET, link(), NOW + 300)).toEqual({ ok: true });
  });

  it('matches the PHP signature of the plugin (hash_hmac over "lrjn-preview-link\\n{type}\\n{id}\\n{exp}")', () => {
    // php -r 'echo hash_hmac("sha256", "lrjn-preview-link\nposts\n42\n1800000300", "preview-test-secret-of-32-characters");'
    expect(signPreviewLink(SECRET, { type: 'posts', id: 42, exp: NOW + 300 })).toBe(
      '984b05c96b4d347822106a05616b7580b5702e00899767f560dc4ec864164cb9',
    );
  });

  it('refuses an expired link', () => {
    expect(verifyPreviewLink(SECRET, link(), NOW + 301)).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses a link whose expiry lies more than an hour ahead, even correctly signed', () => {
    const far = link({ exp: String(NOW + MAX_LINK_TTL_SECONDS + 1) });
    expect(verifyPreviewLink(SECRET, far, NOW)).toEqual({ ok: false, reason: 'too-far' });
  });

  it('refuses a tampered id, type or expiry, and another secret', () => {
    const good = link();
    expect(verifyPreviewLink(SECRET, { ...good, id: 43 }, NOW)).toEqual({ ok: false, reason: 'mismatch' });
    expect(verifyPreviewLink(SECRET, { ...good, type: 'pages' }, NOW)).toEqual({
      ok: false,
      reason: 'mismatch',
    });
    expect(verifyPreviewLink(SECRET, { ...good, exp: good.exp + 60 }, NOW)).toEqual({
      ok: false,
      reason: 'mismatch',
    });
    expect(verifyPreviewLink(`${SECRET}x`, good, NOW)).toEqual({ ok: false, reason: 'mismatch' });
  });

  it('rejects malformed queries before any check', () => {
    const sig = 'a'.repeat(64);
    expect(previewLinkSchema.safeParse({ type: 'users', id: '1', exp: '1', sig }).success).toBe(false);
    expect(previewLinkSchema.safeParse({ type: 'posts', id: '-1', exp: '1', sig }).success).toBe(false);
    expect(previewLinkSchema.safeParse({ type: 'posts', id: '1', exp: '1', sig: 'zz' }).success).toBe(false);
    // WordPress's block editor appends preview=true and _thumbnail_id: ignored.
    expect(
      previewLinkSchema.safeParse({
        type: 'posts',
        id: '1',
        exp: '1',
        sig,
        preview: 'true',
        _thumbnail_id: '3',
      }).success,
    ).toBe(true);
  });
});

describe('the preview cookie', () => {
  const target = {
    type: 'posts' as const,
    id: 42,
    slug: 'draft-post',
    path: '/blog/draft-post',
    exp: NOW + 60,
  };

  it('round-trips the target until it expires', () => {
    const value = signPreviewCookie(SECRET, target);
    expect(readPreviewCookie(SECRET, value, NOW)).toEqual(target);
    expect(readPreviewCookie(SECRET, value, NOW + 61)).toBeNull();
  });

  it('is refused when its payload or signature is altered, or signed with another secret', () => {
    const value = signPreviewCookie(SECRET, target);
    const [payload, sig] = value.split('.') as [string, string];
    const forged = Buffer.from(JSON.stringify({ ...target, id: 7 })).toString('base64url');
    expect(readPreviewCookie(SECRET, `${forged}.${sig}`, NOW)).toBeNull();
    expect(
      readPreviewCookie(SECRET, `${payload}.${sig.replace(/.$/, sig.endsWith('0') ? '1' : '0')}`, NOW),
    ).toBeNull();
    expect(readPreviewCookie('another-secret-of-enough-length', value, NOW)).toBeNull();
    expect(readPreviewCookie(SECRET, 'garbage', NOW)).toBeNull();
    expect(readPreviewCookie(SECRET, undefined, NOW)).toBeNull();
  });

  it('counts for the proxy only beside Next’s draft-mode cookie', () => {
    const value = signPreviewCookie(SECRET, target);
    const jar = (cookies: Record<string, string>) => (name: string) => cookies[name];
    expect(previewOfCookies(SECRET, jar({ [PREVIEW_COOKIE]: value }), NOW)).toBeNull();
    expect(previewOfCookies(SECRET, jar({ [PREVIEW_COOKIE]: value, __prerender_bypass: 'x' }), NOW)).toEqual(
      target,
    );
    expect(
      previewOfCookies(undefined, jar({ [PREVIEW_COOKIE]: value, __prerender_bypass: 'x' }), NOW),
    ).toBeNull();
  });
});

describe('preview addresses', () => {
  it('maps each type to its route, with the slug encoded', () => {
    expect(previewPath('posts', 'a-draft')).toBe('/blog/a-draft');
    expect(previewPath('events', 'winter-social')).toBe('/event/winter-social');
    expect(previewPath('vacancies', 'café')).toBe('/vacancies/caf%C3%A9');
    expect(previewPath('pages', 'home')).toBe('/');
    expect(previewPath('pages', 'about-us')).toBeNull();
  });
});

describe('the preview cookie (security review NL6)', () => {
  it('is Secure whenever the site runs in production, even when Next sees a plain http: request URL', () => {
    const behindNginx = previewCookieHeader('v.sig', { production: true, https: false });
    expect(behindNginx).toMatch(/; Secure$/);
    expect(behindNginx).toBe(`lrjn_preview=v.sig; Path=/; HttpOnly; SameSite=Lax; Max-Age=7200; Secure`);
    expect(previewCookieHeader('v.sig', { production: false, https: true })).toMatch(/; Secure$/);
  });

  it('leaves Secure off only for a development server on plain HTTP', () => {
    expect(previewCookieHeader('v.sig', { production: false, https: false })).not.toMatch(/Secure/);
  });
});
