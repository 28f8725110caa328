import 'server-only';

import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

import { env } from '@/lib/config/env';

/**
 * One-time links of queued account emails (sign-up confirmation, password recovery). The outbox row must not hold
 * a link that works: a database dump, a backup or an admin's SQL console would otherwise be able to take over
 * accounts. So the stored message carries the link redacted (`token_hash=[redacted]`) and, beside it, the real
 * link encrypted (AES-256-GCM) with a key that is NOT in the database: derived from EMAIL_LINK_SECRET, or, when
 * that is unset, a random key held only in this process's memory (then only this process can send the email; after
 * a restart its pending links cannot be opened and the items are given up: the person asks for a new link).
 * The outbox drops the encrypted copy once the item is sent or given up (lib/db markOutbox), and the links expire
 * anyway (24 h / 1 h), so an old backup holds nothing usable.
 */

let processKey: Buffer | undefined;

function key(secret: string | undefined = env().EMAIL_LINK_SECRET): Buffer {
  if (secret) return createHash('sha256').update(`lrjn email link v1\0${secret}`).digest();
  processKey ??= randomBytes(32);
  return processKey;
}

const PREFIX = 'v1.';

/** Encrypts `link`: `v1.` + base64url(iv ‖ tag ‖ ciphertext). `secret` defaults to EMAIL_LINK_SECRET. */
export function sealLink(link: string, secret?: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key(secret), iv);
  const body = Buffer.concat([cipher.update(link, 'utf8'), cipher.final()]);
  return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

/** The link sealed by `sealLink`, or null when it cannot be opened (another key, tampered, malformed). */
export function openSealedLink(sealed: unknown, secret?: string): string | null {
  if (typeof sealed !== 'string' || !sealed.startsWith(PREFIX)) return null;
  try {
    const raw = Buffer.from(sealed.slice(PREFIX.length), 'base64url');
    if (raw.length < 29) return null;
    const decipher = createDecipheriv('aes-256-gcm', key(secret), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/** The link with its secret replaced: `…token_hash=[redacted]…` (what stored copies show). */
export function redactLink(link: string): string {
  return link.replace(/([?&]token_hash=)[^&#\s]*/g, '$1[redacted]');
}
