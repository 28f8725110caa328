/**
 * The signed minimum-fill-time token of the public forms (pure; node:crypto only).
 *
 * A form asks for a token when it appears (`GET /api/form-token`) and sends it back with the submission. The token
 * is `{issuedAtMs}.{HMAC-SHA256(secret, "form:" + issuedAtMs), base64url}`: the server can tell when the form was
 * shown without storing anything, and a client cannot forge an older time. A person needs a few seconds to fill
 * a form; a script posting at once, or replaying a day-old token, is turned away.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** Shortest time between showing a form and accepting its submission. */
export const MIN_FILL_MS = 3_000;
/** Longest a token stays valid (a form left open all day must be refreshed). */
export const MAX_TOKEN_AGE_MS = 24 * 60 * 60 * 1000;

export type TokenCheck = 'ok' | 'too-fast' | 'expired' | 'invalid';

function signature(secret: string, issuedAtMs: number): string {
  return createHmac('sha256', secret).update(`form:${issuedAtMs}`).digest('base64url');
}

/** A token for a form shown at `nowMs` (milliseconds since the epoch). */
export function issueFormToken(secret: string, nowMs: number): string {
  const issuedAt = Math.floor(nowMs);
  return `${issuedAt}.${signature(secret, issuedAt)}`;
}

/**
 * Checks a token sent back with a submission at `nowMs`.
 * @returns 'ok'; 'too-fast' if sent sooner than `minMs` after issue; 'expired' if older than `maxMs` or issued
 *   in the future (clock games); 'invalid' if missing, malformed or not signed with `secret`. Never throws.
 */
export function verifyFormToken(
  secret: string,
  token: unknown,
  nowMs: number,
  { minMs = MIN_FILL_MS, maxMs = MAX_TOKEN_AGE_MS }: { minMs?: number; maxMs?: number } = {},
): TokenCheck {
  if (typeof token !== 'string' || token.length > 200) return 'invalid';
  const match = /^(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return 'invalid';
  const issuedAt = Number(match[1]);
  const given = Buffer.from(match[2]!);
  const expected = Buffer.from(signature(secret, issuedAt));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
  const age = nowMs - issuedAt;
  if (age < -60_000 || age > maxMs) return 'expired';
  if (age < minMs) return 'too-fast';
  return 'ok';
}
