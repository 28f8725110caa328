import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * Password hashing for local accounts (docs/ARCHITECTURE.md §2): scrypt from node:crypto with a random 16-byte salt per
 * password. The stored string carries its own parameters, `scrypt$<log2 N>$<r>$<p>$<salt>$<hash>` (base64url),
 * so the cost can be raised later without invalidating existing hashes (`needsRehash`).
 */

/** Current cost: N = 2^15, r = 8, p = 1 (32 MiB, about 50–100 ms on one core), 32-byte key. */
export const SCRYPT_PARAMS = { log2N: 15, r: 8, p: 1, keyLength: 32, saltLength: 16 } as const;

/** Longest password accepted anywhere (the schemas enforce it too): bounds the work one attempt can cause. */
export const MAX_PASSWORD_LENGTH = 128;

type Params = { log2N: number; r: number; p: number };

function derive(password: string, salt: Buffer, params: Params, keyLength: number): Promise<Buffer> {
  const N = 2 ** params.log2N;
  return new Promise((resolve, reject) => {
    // maxmem: 128 * N * r bytes plus slack; Node's 32 MiB default is exactly too small for N = 2^15, r = 8.
    scrypt(
      password.normalize('NFKC'),
      salt,
      keyLength,
      { N, r: params.r, p: params.p, maxmem: 256 * N * params.r },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

/** Hashes a password with a fresh salt. Takes the plain password; returns the self-describing hash string. */
export async function hashPassword(password: string): Promise<string> {
  const { log2N, r, p, keyLength, saltLength } = SCRYPT_PARAMS;
  const salt = randomBytes(saltLength);
  const key = await derive(password, salt, { log2N, r, p }, keyLength);
  return ['scrypt', log2N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** The parts of a stored hash, or null when it is not one of ours or its parameters are out of sane bounds. */
function parse(stored: string): (Params & { salt: Buffer; key: Buffer }) | null {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [log2N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  // Bounds keep a corrupted or hostile row from making one verification take minutes or gigabytes.
  if (![log2N, r, p].every(Number.isInteger)) return null;
  if (log2N < 10 || log2N > 20 || r < 1 || r > 32 || p < 1 || p > 16) return null;
  const salt = Buffer.from(parts[4]!, 'base64url');
  const key = Buffer.from(parts[5]!, 'base64url');
  if (salt.length < 8 || key.length < 16 || key.length > 128) return null;
  return { log2N, r, p, salt, key };
}

/**
 * Whether `password` matches the stored hash. Constant-time comparison; false (never a throw) for a malformed
 * hash or an over-long password.
 */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  if (password.length > MAX_PASSWORD_LENGTH) return false;
  const parsed = parse(stored);
  if (!parsed) return false;
  const key = await derive(password, parsed.salt, parsed, parsed.key.length);
  return timingSafeEqual(key, parsed.key);
}

/** True when the stored hash uses other parameters than SCRYPT_PARAMS (rehash it at the next sign-in). */
export function needsRehash(stored: string): boolean {
  const parsed = parse(stored);
  return (
    !parsed ||
    parsed.log2N !== SCRYPT_PARAMS.log2N ||
    parsed.r !== SCRYPT_PARAMS.r ||
    parsed.p !== SCRYPT_PARAMS.p ||
    parsed.key.length !== SCRYPT_PARAMS.keyLength
  );
}

let dummy: Promise<string> | undefined;

/**
 * Spends the same time as a real verification, for sign-ins with an unknown email, so response times do not
 * tell which addresses have accounts. Always resolves to false.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummy ??= hashPassword(randomBytes(16).toString('hex'));
  await verifyPassword(password.slice(0, MAX_PASSWORD_LENGTH), await dummy);
  return false;
}
