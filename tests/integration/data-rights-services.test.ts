import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createLocalAuth, createSupabaseAuth } from '@/lib/auth';
import type { CookieJar, CookieOptions } from '@/lib/auth/cookie';
import { hashPassword } from '@/lib/auth/password';
import { erasePerson, exportPersonalData, isEmptyExport } from '@/lib/data-rights';
import { insertLocalSession, insertLocalUser, upsertNewsletterSubscriber } from '@/lib/db';
import { type DatabaseHandle } from '@/lib/db/client';
import * as schema from '@/lib/db/schema';
import { type MailingConfig, syncContact, newsletterContact } from '@/lib/mailing';
import { drainOutbox } from '@/lib/mailing/outbox';
import { hashToken } from '@/lib/auth/tokens';

import { openMemoryDatabase } from '../helpers/test-engines';
import { startBrevoServer, startHubspotServer, startMailchimpServer } from '../helpers/mailing-servers';
import { type SupabaseAuthServer, startSupabaseAuthServer } from '../helpers/supabase-auth-server';

/**
 * Erasure reaching the services outside the database (issue 17 item 7), through the production client code
 * against local servers speaking the providers' documented APIs (tests/helpers): the mailing provider forgets the
 * contact (or, while it is down, the outbox keeps retrying until it does and then drops the address), and a
 * Supabase Auth account is deleted with the service-role key, its sessions with it. The password re-check that
 * guards a person's own deletion works on both account adapters.
 */

class Browser implements CookieJar {
  cookies = new Map<string, string>();
  getAll() {
    return [...this.cookies].map(([name, value]) => ({ name, value }));
  }
  set(name: string, value: string, options: CookieOptions) {
    if (!value || options.maxAge === 0) this.cookies.delete(name);
    else this.cookies.set(name, value);
  }
}

const ADMIN = { id: '00000000-0000-4000-8000-00000000ad01', email: 'admin@example.org' };

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openMemoryDatabase();
}, 60_000);
afterAll(async () => {
  await handle?.close();
});

const providers: {
  name: string;
  start: () => Promise<{
    config: MailingConfig;
    close: () => Promise<void>;
    has: (email: string) => boolean;
    failNext: (s: number) => void;
    recover: () => void;
  }>;
}[] = [
  {
    name: 'mailchimp',
    start: async () => {
      const s = await startMailchimpServer({ apiKey: 'key-us21', listId: 'list1' });
      return {
        ...s,
        config: { provider: 'mailchimp', apiKey: 'key-us21', listId: 'list1', apiUrl: s.url },
        has: (email) => [...s.members.values()].some((m) => m.email_address.toLowerCase() === email),
      };
    },
  },
  {
    name: 'brevo',
    start: async () => {
      const s = await startBrevoServer({ apiKey: 'brevo-key', listIds: [2] });
      return {
        ...s,
        config: { provider: 'brevo', apiKey: 'brevo-key', listIds: [2], apiUrl: s.url },
        has: (email) => s.contacts.has(email),
      };
    },
  },
  {
    name: 'hubspot',
    start: async () => {
      const s = await startHubspotServer({ accessToken: 'hub-token' });
      return {
        ...s,
        config: { provider: 'hubspot', accessToken: 'hub-token', apiUrl: s.url },
        has: (email) => s.contacts.has(email),
      };
    },
  },
];

describe.each(providers)('erasure tells $name to forget the contact', ({ name, start }) => {
  it('forgets at once, or retries through the outbox while the provider is down, then keeps no address', async () => {
    const server = await start();
    try {
      const db = handle.db;
      const mailing = { config: server.config };
      const first = `first-${name}@example.org`;
      await upsertNewsletterSubscriber(db, { email: first, locale: 'en' });
      expect((await syncContact(newsletterContact(first, { source: 'website' }), mailing)).ok).toBe(true);
      expect(server.has(first)).toBe(true);

      const result = await erasePerson(first, { db, actor: ADMIN, mailing, supabase: null });
      expect(result.provider).toBe('forgotten');
      expect(server.has(first)).toBe(false);
      expect(isEmptyExport(await exportPersonalData(first, { db, mailing, supabase: null }))).toBe(true);

      // The provider is down: the erasure still happens here, and the outbox keeps the provider's part.
      const second = `second-${name}@example.org`;
      expect((await syncContact(newsletterContact(second, { source: 'website' }), mailing)).ok).toBe(true);
      server.failNext(503);
      const queued = await erasePerson(second, { db, actor: ADMIN, mailing, supabase: null });
      expect(queued.provider).toBe('queued');
      expect(server.has(second)).toBe(true);
      const [pending] = await db.select().from(schema.outbox).where(eq(schema.outbox.kind, 'mailing.forget'));
      expect(pending).toMatchObject({ status: 'pending', payload: { email: second } });

      server.recover();
      await db
        .update(schema.outbox)
        .set({ nextAttemptAt: new Date(0) })
        .where(eq(schema.outbox.id, pending!.id));
      await drainOutbox({ db, kinds: ['mailing.forget'], alertTo: null, mailing });
      expect(server.has(second)).toBe(false);
      // A full run's housekeeping drops the finished item, and with it the address.
      await drainOutbox({ db, alertTo: null, limit: 0 });
      expect(await db.select().from(schema.outbox).where(eq(schema.outbox.kind, 'mailing.forget'))).toEqual(
        [],
      );
    } finally {
      await server.close();
    }
  });
});

describe('Supabase Auth accounts', () => {
  let server: SupabaseAuthServer;
  beforeAll(async () => {
    server = await startSupabaseAuthServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  async function confirmedUser(email: string, password: string) {
    const browser = new Browser();
    const auth = createSupabaseAuth({
      url: server.url,
      publishableKey: server.publishableKey,
      cookies: browser,
      siteUrl: 'http://site.test',
    });
    await auth.signUp({ email, password, fullName: 'Sam Supabase' });
    const mail = server.mailbox.filter((m) => m.email === email).at(-1)!;
    const confirmed = await auth.confirmEmail({ tokenHash: mail.tokenHash, type: 'signup' });
    if (!confirmed.ok) throw new Error(confirmed.error);
    return { auth, user: confirmed.data.user };
  }

  it('re-checks the password without touching the session, then the erasure deletes the user and their rows', async () => {
    const email = 'sam@example.org';
    const { auth, user } = await confirmedUser(email, 'a long enough password');
    expect(await auth.confirmPassword('wrong password here')).toEqual({
      ok: false,
      error: 'current-password',
    });
    expect(await auth.confirmPassword('a long enough password')).toEqual({ ok: true, data: null });
    expect((await auth.verifiedUser())?.id).toBe(user.id);

    const db = handle.db;
    const [course] = await db.insert(schema.courses).values({ title: 'Course', published: true }).returning();
    await db.insert(schema.courseEnrollments).values({ userId: user.id, courseId: course!.id });
    const supabase = { url: server.url, serviceRoleKey: server.serviceRoleKey };

    const data = await exportPersonalData(email, { db, supabase, mailing: { config: null } });
    expect(data.supabaseAccount).toMatchObject({ id: user.id, email, fullName: 'Sam Supabase' });
    expect(data.enrolments.map((e) => e.userId)).toEqual([user.id]);

    // The person's own export finds their rows by the session's user id even without the admin API.
    const own = await exportPersonalData(email, {
      db,
      supabase: null,
      mailing: { config: null },
      ownUserId: user.id,
    });
    expect(own.enrolments.map((e) => e.userId)).toEqual([user.id]);
    expect(own.supabaseAccount).toBeNull();

    // A wrong key refuses (and nothing is erased).
    await expect(
      erasePerson(email, {
        db,
        actor: { id: user.id, email },
        supabase: { ...supabase, serviceRoleKey: 'sb_secret_wrong' },
        mailing: { config: null },
      }),
    ).rejects.toThrow();
    expect(server.userEmails()).toContain(email);

    const result = await erasePerson(email, {
      db,
      actor: { id: user.id, email },
      supabase,
      mailing: { config: null },
      self: true,
    });
    expect(result).toMatchObject({ supabaseAccount: 'deleted', counts: { enrolments: 1 } });
    expect(server.userEmails()).not.toContain(email);
    // The session went with the user: the browser is signed out as far as the auth server is concerned.
    expect(await auth.verifiedUser()).toBeNull();
    expect(isEmptyExport(await exportPersonalData(email, { db, supabase, mailing: { config: null } }))).toBe(
      true,
    );
  });
});

describe('local accounts', () => {
  it('re-checks the password of the signed-in user only', async () => {
    const db = handle.db;
    const user = (await insertLocalUser(db, {
      email: 'lou@example.org',
      passwordHash: await hashPassword('a long enough password'),
      fullName: 'Lou Local',
    }))!;
    const browser = new Browser();
    const auth = createLocalAuth({
      db,
      cookies: browser,
      deliver: async () => undefined,
      siteUrl: 'http://site.test',
      production: false,
    });
    expect(await auth.confirmPassword('a long enough password')).toEqual({
      ok: false,
      error: 'not-signed-in',
    });
    const token = 'a'.repeat(43);
    await insertLocalSession(db, {
      id: hashToken(token),
      userId: user.id,
      expiresAt: new Date(Date.now() + 3600_000),
    });
    browser.cookies.set('lrjn_session', token);
    expect(await auth.confirmPassword('not the password')).toEqual({ ok: false, error: 'current-password' });
    expect(await auth.confirmPassword('a long enough password')).toEqual({ ok: true, data: null });
  });
});
