import { createHash, randomBytes } from 'node:crypto';

/**
 * Opaque secrets for session cookies and emailed links. The browser (or the email) holds the random token; the
 * database holds only its SHA-256, so a leaked table cannot be replayed as cookies or links.
 */

/** A fresh token: 32 random bytes, base64url (43 characters). */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** Whether a value has the shape of `randomToken()` output (checked before any database lookup). */
export function isTokenShaped(value: unknown): value is string {
  return typeof value === 'string' && TOKEN.test(value);
}

/** The SHA-256 of a token as 64 lower-case hex characters: what the database stores and looks up. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
