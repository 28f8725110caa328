import 'server-only';

import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { env } from '@/lib/config/env';

let cached: string | undefined;

/**
 * The key that signs form tokens: `FORM_SECRET`, or else a random key created once and kept in
 * `.data/form-secret` (mode 0600), so tokens survive a restart of a single server. Several instances must share
 * `FORM_SECRET` (README, "Scaling out"). If the file cannot be written (read-only disk), a per-process key is
 * used and logged: forms still work, but a token issued before a restart is refused once.
 */
export function formSecret(): string {
  if (cached) return cached;
  const configured = env().FORM_SECRET;
  if (configured) return (cached = configured);
  const file = path.join(process.cwd(), '.data', 'form-secret');
  try {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return (cached = stored);
  } catch {
    // Not created yet.
  }
  const fresh = randomBytes(32).toString('base64url');
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, fresh, { mode: 0o600, flag: 'wx' });
  } catch {
    // Another process may have won the race: use its key if it is there.
    try {
      const stored = readFileSync(file, 'utf8').trim();
      if (stored.length >= 32) return (cached = stored);
    } catch {
      console.warn(
        '[forms] FORM_SECRET is unset and .data/form-secret is not writable: using a per-process key',
      );
    }
  }
  return (cached = fresh);
}
