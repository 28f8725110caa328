import { createHmac, timingSafeEqual } from 'node:crypto';

import { z } from 'zod';

/**
 * Signed preview links and the preview cookie (pure, so the route handlers, the proxy and the tests share it).
 *
 * The WordPress companion plugin (wordpress/lrjn-companion/includes/preview.php) turns the editor's Preview button
 * into `{site}/api/preview?type={rest base}&id={post id}&exp={unix seconds}&sig={hex}`, where `sig` is the
 * HMAC-SHA256 of `lrjn-preview-link\n{type}\n{id}\n{exp}` with the shared secret (`REVALIDATE_SECRET`, the same
 * secret as the revalidation webhook; the prefix keeps a link signature from ever being valid as anything else).
 * The secret stays on both servers: the browser only sees the signature. `/api/preview` then sets the preview
 * cookie, `{payload}.{hex HMAC of "lrjn-preview-cookie\n{payload}"}`, which names the post being previewed and
 * the address it is shown at, and expires on its own.
 */

/** The REST bases the site renders and can preview (lib/cms/source.ts endpoints). */
export const PREVIEW_TYPES = [
  'posts',
  'pages',
  'reports',
  'events',
  'cause',
  'media-archive',
  'team-member',
  'vacancies',
] as const;
export type PreviewType = (typeof PREVIEW_TYPES)[number];

/** A link is refused when its expiry lies further ahead than this (the plugin signs links for 15 minutes). */
export const MAX_LINK_TTL_SECONDS = 60 * 60;
/** How long one preview session lasts before the editor must press Preview again. */
export const PREVIEW_COOKIE_TTL_SECONDS = 2 * 60 * 60;
export const PREVIEW_COOKIE = 'lrjn_preview';

/** Draft answers are for one editor: never stored by a cache, never indexed. */
export const PREVIEW_HEADERS = {
  'Cache-Control': 'private, no-store',
  'X-Robots-Tag': 'noindex, nofollow',
} as const;

/** Next's draft-mode cookie (set by `draftMode().enable()`). */
export const DRAFT_MODE_COOKIE = '__prerender_bypass';

/**
 * The preview a request carries, for the proxy: Next's draft-mode cookie present and a valid preview cookie.
 * Whether draft mode is truly on is for Next to decide when it renders; this only lets the previewed draft's
 * address past the proxy's unknown-slug 404 and marks the answer private and noindex.
 */
export function previewOfCookies(
  secret: string | undefined,
  cookie: (name: string) => string | undefined,
  nowSeconds: number,
): PreviewTarget | null {
  if (!secret || !cookie(DRAFT_MODE_COOKIE)) return null;
  return readPreviewCookie(secret, cookie(PREVIEW_COOKIE), nowSeconds);
}

const LINK_PREFIX = 'lrjn-preview-link';
const COOKIE_PREFIX = 'lrjn-preview-cookie';

function hmac(secret: string, message: string): string {
  return createHmac('sha256', secret).update(message).digest('hex');
}

function sameHex(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The query of a preview link, as `/api/preview` accepts it (strings from the URL). */
export const previewLinkSchema = z.object({
  type: z.enum(PREVIEW_TYPES),
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31),
  exp: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 40),
  sig: z
    .string()
    .regex(/^[0-9a-f]{64}$/i)
    .transform((s) => s.toLowerCase()),
  locale: z.enum(['en', 'es', 'fr', 'pt']).optional(),
});
export type PreviewLink = z.infer<typeof previewLinkSchema>;

/** The signature of a preview link (what the plugin computes in PHP). */
export function signPreviewLink(secret: string, link: { type: string; id: number; exp: number }): string {
  return hmac(secret, `${LINK_PREFIX}\n${link.type}\n${link.id}\n${link.exp}`);
}

export type PreviewLinkCheck = { ok: true } | { ok: false; reason: 'expired' | 'too-far' | 'mismatch' };

/**
 * Checks a parsed link at `nowSeconds`: expired links, links whose expiry is further ahead than
 * MAX_LINK_TTL_SECONDS (a leaked long-lived link) and wrong signatures are refused; comparison in constant time.
 */
export function verifyPreviewLink(secret: string, link: PreviewLink, nowSeconds: number): PreviewLinkCheck {
  if (!sameHex(link.sig, signPreviewLink(secret, link))) return { ok: false, reason: 'mismatch' };
  if (link.exp < nowSeconds) return { ok: false, reason: 'expired' };
  if (link.exp > nowSeconds + MAX_LINK_TTL_SECONDS) return { ok: false, reason: 'too-far' };
  return { ok: true };
}

/** What the preview cookie holds: the post shown in draft mode and the address (without locale) it is shown at. */
export type PreviewTarget = { type: PreviewType; id: number; slug: string; path: string; exp: number };

const targetSchema = z.object({
  type: z.enum(PREVIEW_TYPES),
  id: z.number().int().positive(),
  slug: z.string().min(1).max(200),
  path: z.string().min(1).max(400),
  exp: z.number().int().positive(),
});

/** The cookie value for a target: base64url JSON, a dot, and its signature. */
export function signPreviewCookie(secret: string, target: PreviewTarget): string {
  const payload = Buffer.from(JSON.stringify(target)).toString('base64url');
  return `${payload}.${hmac(secret, `${COOKIE_PREFIX}\n${payload}`)}`;
}

/** The target a cookie value names, or null when it is missing, tampered with, malformed or expired. */
export function readPreviewCookie(
  secret: string,
  value: string | undefined | null,
  nowSeconds: number,
): PreviewTarget | null {
  if (!value || value.length > 2000) return null;
  const dot = value.lastIndexOf('.');
  if (dot <= 0) return null;
  const payload = value.slice(0, dot);
  const sig = value.slice(dot + 1);
  if (!/^[0-9a-f]{64}$/.test(sig) || !sameHex(sig, hmac(secret, `${COOKIE_PREFIX}\n${payload}`))) return null;
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const parsed = targetSchema.safeParse(json);
  if (!parsed.success || parsed.data.exp < nowSeconds) return null;
  return parsed.data;
}

/** Where each previewable type is shown on the site (without the locale); null when the site has no page for it. */
export function previewPath(type: PreviewType, slug: string): string | null {
  const s = encodeURIComponent(slug);
  switch (type) {
    case 'posts':
      return `/blog/${s}`;
    case 'events':
      return `/event/${s}`;
    case 'reports':
      return `/reports/${s}`;
    case 'cause':
      return `/cause/${s}`;
    case 'media-archive':
      return `/media-archive/${s}`;
    case 'team-member':
      return `/team-member/${s}`;
    case 'vacancies':
      return `/vacancies/${s}`;
    case 'pages':
      // Only the home page is a WordPress page on this site (lib/cms getHomePage).
      return slug === 'home' ? '/' : null;
  }
}

/**
 * The `Set-Cookie` value of the preview cookie. `Secure` whenever the site runs in production (behind nginx or
 * another TLS-terminating proxy the request URL Next sees is plain `http:` on the bind address), and on any
 * `https:` request; left off only for a development server on plain HTTP.
 */
export function previewCookieHeader(
  value: string,
  { production, https }: { production: boolean; https: boolean },
): string {
  const secure = production || https ? '; Secure' : '';
  return `${PREVIEW_COOKIE}=${value}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${PREVIEW_COOKIE_TTL_SECONDS}${secure}`;
}
