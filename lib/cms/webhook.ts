import { createHmac, timingSafeEqual } from 'node:crypto';

import { z } from 'zod';

import type { ContentChange } from './tags';

/**
 * The revalidation webhook's contract with the WordPress companion plugin (wordpress/lrjn-companion):
 * `POST /api/revalidate` with a JSON body, `X-Webhook-Timestamp: <unix seconds>` and
 * `X-Webhook-Signature: sha256=<hex HMAC-SHA256 of "<timestamp>.<raw body>" with the shared secret>`.
 * Pure, so the handler and the tests share it.
 */

export const SIGNATURE_HEADER = 'x-webhook-signature';
export const TIMESTAMP_HEADER = 'x-webhook-timestamp';
/** Requests older or newer than this (seconds) are refused as replays or clock errors. */
export const REPLAY_WINDOW_SECONDS = 300;
export const MAX_BODY_BYTES = 16 * 1024;

const slug = z.string().trim().min(1).max(200);
/** A random value per delivery (the plugin adds one to every body), so one change sent twice in a second is not a replay. */
const nonce = z
  .string()
  .regex(/^[0-9a-f]{8,64}$/)
  .optional();

/**
 * Polylang: the slugs of every translation linked to the changed post, by language slug (`{ en: 'x', es: 'y' }`).
 * Pages show a translation at the English item's address and under its tags, so an edit of the translation must
 * refresh the English slug's tags too. Optional: sites without Polylang send none.
 */
const translations = z
  .record(z.string().regex(/^[a-z]{2,3}(?:[_-][a-zA-Z]{2,4})?$/), slug)
  .refine((map) => Object.keys(map).length <= 20, 'too many translations')
  .optional();

export const webhookBodySchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('post'),
    action: z.enum(['save', 'trash', 'delete', 'unpublish']),
    postType: z.string().regex(/^[a-z0-9_-]{1,40}$/),
    id: z.number().int().nonnegative().optional(),
    slug,
    previousSlug: slug.nullish(),
    status: z.string().max(40).optional(),
    translations,
    nonce,
    sentAt: z.string().max(40).optional(),
  }),
  z.object({
    kind: z.literal('term'),
    action: z.enum(['save', 'delete']),
    taxonomy: z.string().regex(/^[a-z0-9_-]{1,40}$/),
    id: z.number().int().nonnegative().optional(),
    slug,
    nonce,
    sentAt: z.string().max(40).optional(),
  }),
  // The plugin's "Refresh everything" button (settings page): every CMS read, whatever changed.
  z.object({
    kind: z.literal('all'),
    action: z.literal('refresh'),
    nonce,
    sentAt: z.string().max(40).optional(),
  }),
  // Added for menus and redirects (issue 18): {"kind":"menu","action":"save","slug":"menus","nonce":"…"},
  // {"kind":"redirects","action":"save","slug":"redirects","nonce":"…"}. The nonce makes two changes within one
  // second different bodies, so the second is not refused as a replay of the first.
  z.object({
    kind: z.literal('menu'),
    action: z.enum(['save', 'delete']),
    slug,
    nonce,
    sentAt: z.string().max(40).optional(),
  }),
  z.object({
    kind: z.literal('redirects'),
    action: z.literal('save'),
    slug,
    nonce,
    sentAt: z.string().max(40).optional(),
  }),
  // A setting edited in WordPress (the home page hero: wordpress/lrjn-companion/includes/hero.php).
  z.object({
    kind: z.literal('settings'),
    action: z.literal('save'),
    name: z.string().regex(/^[a-z0-9_-]{1,40}$/),
    nonce,
    sentAt: z.string().max(40).optional(),
  }),
]);
export type WebhookBody = z.infer<typeof webhookBodySchema>;

/**
 * True when a change takes content down: a post trashed, deleted or unpublished (or saved with a status other than
 * `publish`, e.g. back to draft or private), or a term deleted. A takedown must never be served again, so its tags
 * expire at once (`revalidateTag(tag, { expire: 0 })`) and its slug leaves the proxy's slug index; an ordinary edit
 * may be served stale while it regenerates. Takes the webhook body or anything with its `kind`, `action`, `status`.
 */
export function isTakedown(body: { kind: string; action: string; status?: string }): boolean {
  // Refresh everything, a menu, the redirect rules or a setting are not content: even a deleted menu is an edit
  // (the site's own navigation returns).
  if (body.kind === 'all' || body.kind === 'menu' || body.kind === 'redirects' || body.kind === 'settings')
    return false;
  if (body.action !== 'save') return true;
  return body.kind === 'post' && body.status !== undefined && body.status !== 'publish';
}

/** The signature the plugin sends for a body at a timestamp. */
export function signWebhook(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

export type VerifyResult = { ok: true } | { ok: false; reason: 'missing' | 'stale' | 'mismatch' };

/**
 * Checks the timestamp is within the replay window of `nowSeconds` and the signature matches, comparing in
 * constant time.
 */
export function verifyWebhook(
  secret: string,
  headers: { signature: string | null; timestamp: string | null },
  body: string,
  nowSeconds: number,
): VerifyResult {
  const { signature, timestamp } = headers;
  if (!signature || !timestamp || !/^\d{1,12}$/.test(timestamp)) return { ok: false, reason: 'missing' };
  if (Math.abs(nowSeconds - Number(timestamp)) > REPLAY_WINDOW_SECONDS) return { ok: false, reason: 'stale' };
  const expected = Buffer.from(signWebhook(secret, timestamp, body));
  const given = Buffer.from(signature.trim());
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return { ok: false, reason: 'mismatch' };
  return { ok: true };
}

/** The change a valid body describes, for `tagsForChange`. */
export function changeOf(body: WebhookBody): ContentChange {
  switch (body.kind) {
    case 'all':
      return { kind: 'all' };
    case 'settings':
      return { kind: 'settings', name: body.name };
    case 'post':
      return {
        kind: 'post',
        postType: body.postType,
        slug: body.slug,
        previousSlug: body.previousSlug,
        translationSlugs: body.translations ? Object.values(body.translations) : undefined,
      };
    case 'term':
      return { kind: 'term', taxonomy: body.taxonomy, slug: body.slug };
    default:
      return { kind: body.kind, slug: body.slug };
  }
}

/**
 * How the webhook log names a change's type and item: `post`/`page`/`term:category`/`settings`/`menu`/`redirects`/`all`,
 * then slug or name (`*` for everything).
 */
export function describeChange(body: WebhookBody): { postType: string; slug: string } {
  switch (body.kind) {
    case 'settings':
      return { postType: 'settings', slug: body.name };
    case 'all':
      return { postType: 'all', slug: '*' };
    case 'post':
      return { postType: body.postType, slug: body.slug };
    case 'term':
      return { postType: `term:${body.taxonomy}`, slug: body.slug };
    default:
      return { postType: body.kind, slug: body.slug };
  }
}
