import { describe, expect, it } from 'vitest';

import { SESSION_MAX_AGE_SECONDS, sessionCookieOptions } from '@/lib/auth/cookie';
import { authEmail, confirmLink } from '@/lib/auth/emails';
import { consumeSignIn } from '@/lib/auth/limits';
import { authFailure, authFailureMessage } from '@/lib/auth/messages';
import { hashPassword, needsRehash, verifyAgainstDummy, verifyPassword } from '@/lib/auth/password';
import { signInSchema, signUpSchema } from '@/lib/auth/schemas';
import { hashToken, isTokenShaped, randomToken } from '@/lib/auth/tokens';
import { safeReturnTarget } from '@/lib/redirects/safe-return';
import { createLimiter } from '@/lib/rate-limit/limiter';
import en from '@/messages/en.json';

describe('password hashing (scrypt)', () => {
  it('verifies the right password only, with a fresh salt each time', async () => {
    const a = await hashPassword('correct horse battery');
    const b = await hashPassword('correct horse battery');
    expect(a).toMatch(/^scrypt\$15\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword('correct horse battery', a)).toBe(true);
    expect(await verifyPassword('correct horse batterY', a)).toBe(false);
    expect(await verifyPassword('', a)).toBe(false);
    expect(needsRehash(a)).toBe(false);
  });

  it('reads the parameters from the stored hash and flags old ones for rehashing', async () => {
    const strong = await hashPassword('pässwörd 1');
    const [, , , , salt] = strong.split('$');
    // Same salt, cheaper cost: a different key, so verification must use the stored N, not the current one.
    const cheap = `scrypt$14$8$1$${salt}$${strong.split('$')[5]}`;
    expect(await verifyPassword('pässwörd 1', cheap)).toBe(false);
    expect(needsRehash(cheap)).toBe(true);
  });

  it('refuses malformed hashes, absurd parameters and over-long passwords without throwing', async () => {
    const good = await hashPassword('a password');
    expect(await verifyPassword('a password', 'plain-text')).toBe(false);
    expect(await verifyPassword('a password', good.replace('$15$', '$30$'))).toBe(false);
    expect(await verifyPassword('a password', good.replace('scrypt$', 'bcrypt$'))).toBe(false);
    expect(await verifyPassword('x'.repeat(129), good)).toBe(false);
    expect(await verifyAgainstDummy('anything')).toBe(false);
  });
});

describe('tokens', () => {
  it('are 32 random bytes in base64url, stored as their SHA-256', () => {
    const token = randomToken();
    expect(isTokenShaped(token)).toBe(true);
    expect(randomToken()).not.toBe(token);
    expect(hashToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashToken(token)).not.toContain(token);
    expect(hashToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(isTokenShaped('short')).toBe(false);
    expect(isTokenShaped(`${token.slice(0, 42)}=`)).toBe(false);
    expect(isTokenShaped(undefined)).toBe(false);
  });
});

describe('session cookie options', () => {
  const now = new Date('2026-03-01T12:00:00Z');
  it('are httpOnly, SameSite=Lax, Path=/ and 30 days; Secure only in production', () => {
    expect(sessionCookieOptions({ production: true, now })).toEqual({
      httpOnly: true,
      sameSite: 'lax',
      secure: true,
      path: '/',
      maxAge: 2_592_000,
      expires: new Date('2026-03-31T12:00:00Z'),
    });
    expect(SESSION_MAX_AGE_SECONDS).toBe(30 * 86_400);
    expect(sessionCookieOptions({ production: false, now }).secure).toBe(false);
  });
  it('clear the cookie with Max-Age 0 and an expiry in the past', () => {
    expect(sessionCookieOptions({ production: true, clear: true })).toMatchObject({
      maxAge: 0,
      expires: new Date(0),
      httpOnly: true,
    });
  });
});

describe('auth failures and their messages', () => {
  it('carries the auth error as the form-level key', () => {
    expect(authFailure('invalid-credentials')).toEqual({
      ok: false,
      status: 400,
      error: 'invalid',
      fieldErrors: { _form: 'invalidCredentials' },
    });
    expect(authFailureMessage(authFailure('invalid-credentials'))).toEqual({ key: 'invalidCredentials' });
    expect(authFailureMessage(authFailure('email-not-confirmed'))).toEqual({ key: 'emailNotConfirmed' });
    expect(authFailure('server')).toMatchObject({ status: 500, error: 'server' });
    expect(authFailureMessage(authFailure('server'))).toEqual({ key: 'serverError' });
  });
  it('says how many whole minutes to wait when rate-limited', () => {
    expect(authFailure('rate-limited', 600)).toMatchObject({ status: 429, retryAfterSeconds: 600 });
    expect(authFailureMessage(authFailure('rate-limited', 600))).toEqual({
      key: 'tooManyAttemptsMinutes',
      values: { minutes: 10 },
    });
    expect(authFailureMessage(authFailure('rate-limited', 61))).toEqual({
      key: 'tooManyAttemptsMinutes',
      values: { minutes: 2 },
    });
    expect(authFailureMessage(authFailure('rate-limited', 5))).toEqual({ key: 'tooManyAttempts' });
  });
  it('leaves field-only and generic failures to the form', () => {
    expect(authFailureMessage({ error: 'invalid', fieldErrors: { email: 'emailInvalid' } })).toBeNull();
    expect(authFailureMessage({ error: 'invalid', fieldErrors: { _form: 'constructor' } })).toBeNull();
    expect(authFailureMessage({ error: 'expired' })).toBeNull();
  });
});

describe('sign-in rate limits', () => {
  const limiters = () => ({
    pair: createLimiter({ points: 3, durationSeconds: 60, keyPrefix: `t-pair-${Math.random()}` }),
    account: createLimiter({ points: 6, durationSeconds: 90, keyPrefix: `t-acc-${Math.random()}` }),
    client: createLimiter({ points: 5, durationSeconds: 120, keyPrefix: `t-cli-${Math.random()}` }),
  });

  it('locks out only the guessing client: the owner still signs in from their own address (L2)', async () => {
    const l = limiters();
    for (let i = 0; i < 3; i++)
      expect((await consumeSignIn({ email: 'a@example.org', ip: '6.6.6.6' }, l)).allowed).toBe(true);
    const attacker = await consumeSignIn({ email: 'a@example.org', ip: '6.6.6.6' }, l);
    expect(attacker).toMatchObject({ allowed: false });
    expect(attacker.allowed ? 0 : attacker.retryAfterSeconds).toBeGreaterThan(50);
    // The owner, from elsewhere, is not locked out by the attacker's guesses.
    expect((await consumeSignIn({ email: 'a@example.org', ip: '1.1.1.1' }, l)).allowed).toBe(true);
    expect((await consumeSignIn({ email: 'b@example.org', ip: '6.6.6.6' }, l)).allowed).toBe(true);
  });

  it('still caps one account across all clients, with the higher global limit', async () => {
    const l = limiters();
    for (const ip of ['1.1.1.1', '2.2.2.2', '3.3.3.3', '4.4.4.4', '5.5.5.5', '6.6.6.6'])
      expect((await consumeSignIn({ email: 'a@example.org', ip }, l)).allowed).toBe(true);
    const refused = await consumeSignIn({ email: 'a@example.org', ip: '7.7.7.7' }, l);
    expect(refused.allowed).toBe(false);
    expect(refused.allowed ? 0 : refused.retryAfterSeconds).toBeGreaterThan(60);
  });

  it('refuses one client trying many accounts, with the longer wait', async () => {
    const l = limiters();
    for (let i = 0; i < 5; i++)
      expect((await consumeSignIn({ email: `u${i}@example.org`, ip: '9.9.9.9' }, l)).allowed).toBe(true);
    const refused = await consumeSignIn({ email: 'new@example.org', ip: '9.9.9.9' }, l);
    expect(refused.allowed).toBe(false);
    expect(refused.allowed ? 0 : refused.retryAfterSeconds).toBeGreaterThan(90);
  });

  it('keeps the production limits: 10 per pair, a global cap well above it', async () => {
    const { SIGN_IN_LIMITS } = await import('@/lib/auth/limits');
    expect(SIGN_IN_LIMITS.pair.points).toBe(10);
    expect(SIGN_IN_LIMITS.account.points).toBeGreaterThanOrEqual(5 * SIGN_IN_LIMITS.pair.points);
  });
});

describe('the next target after sign-in', () => {
  it('keeps site paths (locale dropped) and refuses everything off-site', () => {
    expect(safeReturnTarget('/courses/abc/learn?lesson=2')).toBe('/courses/abc/learn?lesson=2');
    expect(safeReturnTarget('/es/dashboard')).toBe('/dashboard');
    for (const bad of [
      '//evil.example',
      'https://evil.example',
      '/\\evil.example',
      '/%2F%2Fevil.example',
      'javascript:alert(1)',
    ])
      expect(safeReturnTarget(bad)).toBeNull();
  });
});

describe('account forms schemas and emails', () => {
  it('lower-cases emails and applies the password rules', () => {
    expect(signInSchema.parse({ email: ' Ada@Example.ORG ', password: 'x' }).email).toBe('ada@example.org');
    const short = signUpSchema.safeParse({ fullName: 'Ada', email: 'ada@example.org', password: 'short' });
    expect(short.success ? null : short.error.issues[0]?.message).toBe('passwordMin');
    expect(
      signInSchema.safeParse({ email: 'nope', password: '' }).error?.issues.map((i) => i.message),
    ).toEqual(['emailInvalid', 'passwordRequired']);
  });

  it('link to /auth/confirm with Supabase’s parameters, and say what the link does', () => {
    const link = confirmLink('https://site.example', 'T0KEN', 'signup', 'es');
    expect(link).toBe('https://site.example/auth/confirm?token_hash=T0KEN&type=signup&locale=es');
    const mail = authEmail(
      'recovery',
      {
        to: 'ada@example.org',
        siteName: 'Network',
        siteUrl: 'https://site.example',
        link,
        name: 'Ada\r\nBcc: x',
      },
      (key, values) =>
        (en.AccountEmails[key] as string).replace(/\{(\w+)\}/g, (_, k: string) => values?.[k] ?? ''),
    );
    expect(mail.subject).toBe('Reset your Network password');
    expect(mail.text).toContain(link);
    expect(mail.text).toContain('expires in 1 hour');
    expect(mail.text.split('\n')[0]).toBe('Hello Ada Bcc: x,');
  });
});

describe('common passwords (L6)', () => {
  it("knows 'password' and 'password123' (any case), not a long passphrase", async () => {
    const { isCommonPassword } = await import('@/lib/auth/common-passwords');
    const list = (await import('@/lib/auth/common-passwords.json')).default as string[];
    expect(list).toHaveLength(10_000);
    expect(list.every((p) => p.length >= 8 && p === p.toLowerCase())).toBe(true);
    for (const common of ['password', 'password123', 'Password123', ' qwertyuiop ', '12345678'])
      expect(isCommonPassword(common)).toBe(true);
    expect(isCommonPassword('a walk along the aire at dusk')).toBe(false);
  });
});
