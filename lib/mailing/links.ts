/**
 * Signed newsletter links (pure; node:crypto only): the confirmation link of the double opt-in and the
 * unsubscribe link every newsletter email carries. Nothing is stored: a token is
 * `{c|u}.{subscriberId}.{expiresAtSeconds}.{stateTag}.{HMAC-SHA256(key, "newsletter:" + the rest), base64url}`.
 * The key is derived from the server secret for this purpose only (`newsletterLinkKey`), so a form token can never
 * pass as a link token or the other way round. A confirmation token also carries a tag of the subscriber's state
 * when it was mailed (`subscriberStateTag`): once the row changes (confirmed, unsubscribed) an old confirmation
 * link no longer matches, so it cannot re-subscribe someone who unsubscribed after it was sent.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

export type NewsletterLinkPurpose = 'confirm' | 'unsubscribe';

/** A confirmation link works this long after it is mailed. */
export const CONFIRM_LINK_TTL_SECONDS = 7 * 24 * 60 * 60;
/** An unsubscribe link works this long: people unsubscribe from old emails too. */
export const UNSUBSCRIBE_LINK_TTL_SECONDS = 2 * 365 * 24 * 60 * 60;

const PREFIX: Record<NewsletterLinkPurpose, string> = { confirm: 'c', unsubscribe: 'u' };
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const TOKEN = new RegExp(`^([cu])\\.(${UUID})\\.(\\d{1,12})\\.([A-Za-z0-9_-]{1,16})\\.([A-Za-z0-9_-]{43})$`);

/** The signing key of newsletter links, derived from the server secret (lib/forms/secret.ts) for this use only. */
export function newsletterLinkKey(serverSecret: string): Buffer {
  return createHmac('sha256', serverSecret).update('newsletter-links-v1').digest();
}

/**
 * A short tag of what a confirmation may act on: the subscriber's status and consent time. Pure.
 */
export function subscriberStateTag(row: { status: string; consentedAt: Date | null }): string {
  return createHash('sha256')
    .update(`${row.status}:${row.consentedAt?.getTime() ?? ''}`)
    .digest('base64url')
    .slice(0, 12);
}

function sign(key: Buffer, body: string): string {
  return createHmac('sha256', key).update(`newsletter:${body}`).digest('base64url');
}

/**
 * A link token for `subscriberId`, valid `ttlSeconds` from `nowMs`. `stateTag` is `subscriberStateTag(row)` for a
 * confirmation, and '0' (not checked) for an unsubscribe link.
 */
export function issueNewsletterToken(
  key: Buffer,
  purpose: NewsletterLinkPurpose,
  subscriberId: string,
  nowMs: number,
  stateTag = '0',
  ttlSeconds = purpose === 'confirm' ? CONFIRM_LINK_TTL_SECONDS : UNSUBSCRIBE_LINK_TTL_SECONDS,
): string {
  const expires = Math.floor(nowMs / 1000) + ttlSeconds;
  const body = `${PREFIX[purpose]}.${subscriberId.toLowerCase()}.${expires}.${stateTag}`;
  return `${body}.${sign(key, body)}`;
}

export type NewsletterTokenCheck =
  { ok: true; subscriberId: string; stateTag: string } | { ok: false; reason: 'invalid' | 'expired' };

/**
 * Checks a token for `purpose` at `nowMs`: 'invalid' when missing, malformed, for the other purpose or not signed
 * with `key`; 'expired' when past its time. Never throws.
 */
export function verifyNewsletterToken(
  key: Buffer,
  purpose: NewsletterLinkPurpose,
  token: unknown,
  nowMs: number,
): NewsletterTokenCheck {
  if (typeof token !== 'string' || token.length > 200) return { ok: false, reason: 'invalid' };
  const match = TOKEN.exec(token);
  if (!match || match[1] !== PREFIX[purpose]) return { ok: false, reason: 'invalid' };
  const body = token.slice(0, token.lastIndexOf('.'));
  const given = Buffer.from(match[5]!);
  const expected = Buffer.from(sign(key, body));
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return { ok: false, reason: 'invalid' };
  if (Number(match[3]) * 1000 < nowMs) return { ok: false, reason: 'expired' };
  return { ok: true, subscriberId: match[2]!, stateTag: match[4]! };
}
