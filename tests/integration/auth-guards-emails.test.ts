import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { type AuthUser, adminRefusal, adminStatus, createLocalAuth, guardResponse } from '@/lib/auth';
import type { CookieJar } from '@/lib/auth/cookie';
import { deliverAuthEmail } from '@/lib/auth/delivery';
import { openSealedLink, redactLink } from '@/lib/mailing/transport/sealed-link';
import { adminGuard, adminOps } from '@/lib/courses/admin';
import { runAdmin } from '@/tests/helpers/course-admin';
import { AUTH_EMAIL_KIND, grantRole, insertLocalUser } from '@/lib/db';
import { type DatabaseHandle } from '@/lib/db/client';
import * as schema from '@/lib/db/schema';
import { openMemoryDatabase } from '../helpers/test-engines';

/**
 * Issue 7 accounts gaps, on PGlite in memory: the admin check that fails (a database error) is told apart from a
 * refusal (docs/SPEC-NOTES.md §6 'Failed to verify admin status'), and local account emails go out in the form's language with
 * the `next` path on their link.
 */

const cookieJar = (): CookieJar => {
  const jar = new Map<string, string>();
  return {
    getAll: () => [...jar].map(([name, value]) => ({ name, value })),
    set: (name, value) => void jar.set(name, value),
  };
};

describe('admin check failures (docs/SPEC-NOTES.md §6)', () => {
  let handle: DatabaseHandle;
  let broken: DatabaseHandle;
  let user: AuthUser;
  beforeAll(async () => {
    handle = await openMemoryDatabase();
    const row = (await insertLocalUser(handle.db, {
      email: 'learner@example.org',
      passwordHash: 'scrypt$15$8$1$x$y',
      fullName: 'Learner',
    }))!;
    user = { id: row.id, email: row.email, name: row.fullName, emailConfirmed: true };
    // A database that has gone away: every query throws.
    broken = await openMemoryDatabase();
    await broken.close();
  }, 60_000);
  afterAll(async () => {
    await handle?.close();
  });

  it('answers admin / not-admin from a working database', async () => {
    expect(await adminStatus(user, handle.db, [])).toBe('not-admin');
    expect(await adminStatus(user, handle.db, ['learner@example.org'])).toBe('admin');
    const other = (await insertLocalUser(handle.db, {
      email: 'ops@example.org',
      passwordHash: 'scrypt$15$8$1$x$y',
      fullName: null,
    }))!;
    await grantRole(handle.db, other.id, 'admin');
    expect(await adminStatus({ ...user, id: other.id, email: other.email }, handle.db, [])).toBe('admin');
  });

  it('gives check-failed instead of throwing when the database fails, and logs one line without personal data', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      expect(await adminStatus(user, broken.db, [])).toBe('check-failed');
      expect(log).toHaveBeenCalledTimes(1);
      const line = log.mock.calls[0]!.map(String).join(' ');
      expect(line).toMatch(/^\[auth\] admin check failed/);
      expect(line).not.toContain(user.id);
      expect(line).not.toContain(user.email);
      expect(line).not.toMatch(/\n/);
    } finally {
      log.mockRestore();
    }
    // ADMIN_EMAILS decides without the database.
    expect(await adminStatus(user, broken.db, ['learner@example.org'])).toBe('admin');
  });

  it('makes checkAdmin’s refusal a 503 check-failed, keeping 401 and 403 as they were', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      expect(adminRefusal('check-failed')).toEqual({ ok: false, status: 503, error: 'check-failed' });
      expect(adminRefusal('not-admin')).toEqual({ ok: false, status: 403, error: 'forbidden' });
      expect(adminRefusal('admin')).toBeNull();
      expect(await adminGuard(null, broken.db, [])).toEqual({
        ok: false,
        status: 401,
        error: 'unauthenticated',
      });
      expect(await adminGuard(user, handle.db, [])).toEqual({ ok: false, status: 403, error: 'forbidden' });
      const failed = await adminGuard(user, broken.db, []);
      expect(failed).toEqual({ ok: false, status: 503, error: 'check-failed' });

      // A handler refuses before any write.
      const before = await handle.db.select({ n: sql<number>`count(*)::int` }).from(schema.courses);
      const created = await runAdmin(adminOps.create, failed, { title: 'Should not exist' }, { db: handle.db });
      expect(created).toEqual({ ok: false, status: 503, error: 'check-failed' });
      const after = await handle.db.select({ n: sql<number>`count(*)::int` }).from(schema.courses);
      expect(after[0]!.n).toBe(before[0]!.n);
    } finally {
      log.mockRestore();
    }
  });

  it('turns refusals into JSON responses with their status, never cached', async () => {
    const unavailable = guardResponse({ ok: false, status: 503, error: 'check-failed' });
    expect(unavailable.status).toBe(503);
    expect(unavailable.headers.get('Cache-Control')).toBe('no-store');
    expect(unavailable.headers.get('Retry-After')).toBe('5');
    expect(await unavailable.json()).toEqual({ error: 'check-failed' });
    const forbidden = guardResponse({ ok: false, status: 403, error: 'forbidden' });
    expect([forbidden.status, forbidden.headers.get('Retry-After')]).toEqual([403, null]);
    expect(await forbidden.json()).toEqual({ error: 'forbidden' });
    const signedOut = guardResponse({ ok: false, status: 401, error: 'unauthenticated' });
    expect(signedOut.status).toBe(401);
    expect(await signedOut.json()).toEqual({ error: 'unauthenticated' });
  });
});

describe('local account emails: language and next', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openMemoryDatabase();
  }, 60_000);
  afterAll(async () => {
    await handle?.close();
  });

  const auth = () =>
    createLocalAuth({
      db: handle.db,
      cookies: cookieJar(),
      deliver: (email) => deliverAuthEmail(handle.db, email),
      siteUrl: 'http://site.test',
      production: false,
    });

  async function lastEmail(to: string) {
    const rows = await handle.db
      .select()
      .from(schema.outbox)
      .where(and(eq(schema.outbox.kind, AUTH_EMAIL_KIND), sql`${schema.outbox.payload}->>'to' = ${to}`))
      .orderBy(sql`${schema.outbox.createdAt} desc`)
      .limit(1);
    return rows[0]?.payload as { subject: string; text: string; sealed?: string } | undefined;
  }

  it('sends the sign-up confirmation in the form’s language, with locale and next on its link', async () => {
    const email = 'zoe@example.org';
    const result = await auth().signUp({
      email,
      password: 'a long password',
      fullName: 'Zoë',
      locale: 'fr',
      next: '/courses/abc',
    });
    expect(result.ok).toBe(true);
    const mail = (await lastEmail(email))!;
    expect(mail.subject).toMatch(/^Confirmez votre adresse e-mail pour /);
    expect(mail.text.split('\n')[0]).toBe('Bonjour Zoë,');
    const link = new URL(/https?:\/\/\S+\/auth\/confirm\?\S+/.exec(mail.text)![0]);
    expect(link.searchParams.get('type')).toBe('signup');
    expect(link.searchParams.get('locale')).toBe('fr');
    expect(link.searchParams.get('next')).toBe('/courses/abc');

    // Stored redacted; the real link travels sealed (lib/mailing/transport/sealed-link.ts) for the outbox worker.
    expect(link.searchParams.get('token_hash')).toBe('[redacted]');
    const real = new URL(openSealedLink(mail.sealed)!);
    expect(redactLink(real.toString())).toBe(link.toString());

    // The same address again (confirmed now): the 'exists' email, also in the form's language.
    await auth().confirmEmail({ tokenHash: real.searchParams.get('token_hash')!, type: 'signup' });
    await auth().signUp({ email, password: 'another password', fullName: 'Zoë', locale: 'es' });
    const exists = (await lastEmail(email))!;
    expect(exists.subject).toMatch(/^Tu cuenta de /);
    // The sign-in address is the site's (SITE_URL), in the form's locale.
    expect(exists.text).toMatch(/inicia sesión en https?:\/\/\S+\/es\/login /);
  });

  it('sends a recovery link in Portuguese carrying next, and drops an unsafe next', async () => {
    const email = 'rui@example.org';
    await auth().signUp({ email, password: 'a long password', fullName: 'Rui' });
    const english = (await lastEmail(email))!;
    expect(english.subject).toMatch(/^Confirm your email address for /);
    expect(new URL(/https?:\/\/\S+/.exec(english.text)![0]).searchParams.has('next')).toBe(false);

    await auth().requestPasswordReset(email, 'pt', '/dashboard');
    const mail = (await lastEmail(email))!;
    expect(mail.subject).toMatch(/^Redefina a sua palavra-passe de /);
    const link = new URL(/https?:\/\/\S+\/auth\/confirm\?\S+/.exec(mail.text)![0]);
    expect([link.searchParams.get('type'), link.searchParams.get('next')]).toEqual([
      'recovery',
      '/dashboard',
    ]);

    await auth().requestPasswordReset(email, 'pt', 'https://evil.example/');
    const unsafe = (await lastEmail(email))!;
    expect(new URL(/https?:\/\/\S+\/auth\/confirm\?\S+/.exec(unsafe.text)![0]).searchParams.has('next')).toBe(
      false,
    );
  });
});
