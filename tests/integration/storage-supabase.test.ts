import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { createSupabaseAuth } from '@/lib/auth';
import type { CookieJar, CookieOptions } from '@/lib/auth/cookie';
import { supabaseServerClient } from '@/lib/auth/supabase';
import { listMaterials, saveMaterial } from '@/lib/courses';
import { materialStorage, supabaseMaterialStorage } from '@/lib/storage';
import { insertCourse } from '@/lib/db';
import { type DatabaseHandle } from '@/lib/db/client';

import { openMemoryDatabase } from '../helpers/test-engines';
import { type SupabaseAuthServer, startSupabaseAuthServer } from '../helpers/supabase-auth-server';
import { type SupabaseStorageServer, startSupabaseStorageServer } from '../helpers/supabase-storage-server';

/**
 * The Supabase Storage adapter of course materials (lib/storage/supabase.ts) with a real supabase-js
 * client built as production builds it (supabaseServerClient over the request's cookies, from lib/auth), against a
 * local server speaking Supabase's Storage and Auth HTTP APIs (tests/helpers/supabase-storage-server.ts): the
 * admin signs in through the Auth API, and every Storage request must carry that session's token.
 */

// materialStorage() reads the Supabase variables through env(); `project` points them at the stand-in (or not).
const project = vi.hoisted(() => ({ url: '', key: '' }));
vi.mock('@/lib/config/env', async (importOriginal) => {
  const original = await importOriginal<typeof import('@/lib/config/env')>();
  return {
    ...original,
    env: () => ({
      ...original.env(),
      NEXT_PUBLIC_SUPABASE_URL: project.url || undefined,
      NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY: project.key || undefined,
    }),
  };
});

// The /uploads route's session and database (as tests/integration/materials-s3.test.ts fakes them): the signed-in
// person checkUser() reports, the cookies supabaseClientForRequest() reads, and PGlite in memory.
const site = vi.hoisted(() => ({
  user: null as import('@/lib/auth').AuthUser | null,
  cookies: null as import('@/lib/auth/cookie').CookieJar | null,
  db: null as unknown,
}));
vi.mock('@/lib/auth', async (importOriginal) => {
  const real = await importOriginal<typeof import('@/lib/auth')>();
  const { supabaseServerClient: client } = await import('@/lib/auth/supabase');
  return {
    ...real,
    checkUser: async () =>
      site.user
        ? { ok: true as const, user: site.user }
        : { ok: false as const, status: 401 as const, error: 'unauthenticated' as const },
    supabaseClientForRequest: async () =>
      client({ url: project.url, publishableKey: project.key, cookies: site.cookies ?? new Browser() }),
  };
});
vi.mock('@/lib/db', async (importOriginal) => {
  const real = await importOriginal<typeof import('@/lib/db')>();
  return { ...real, getDb: async () => site.db };
});

/** A browser's cookies, as the next request would send them back. */
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

const PDF = new Uint8Array(Buffer.from('%PDF-1.7\n% a course worksheet\n%%EOF\n'));

let auth: SupabaseAuthServer;
let server: SupabaseStorageServer;
let admin: { browser: Browser; id: string };
let member: { browser: Browser; id: string };

/** A confirmed, signed-in account: its cookies and user id. */
async function signedIn(name: string): Promise<{ browser: Browser; id: string }> {
  const email = `${name}-${Math.random().toString(36).slice(2, 10)}@example.org`;
  const browser = new Browser();
  const adapter = createSupabaseAuth({
    url: server.url,
    publishableKey: server.publishableKey,
    cookies: browser,
    siteUrl: 'http://site.test',
  });
  expect((await adapter.signUp({ email, password: 'a long password', fullName: name })).ok).toBe(true);
  const tokenHash = auth.mailbox.filter((m) => m.email === email).at(-1)!.tokenHash;
  expect((await adapter.confirmEmail({ tokenHash, type: 'signup' })).ok).toBe(true);
  const user = await adapter.verifiedUser();
  return { browser, id: user!.id };
}

/** The client the route handler gets from supabaseClientForRequest(): this browser's session. */
const clientOf = (browser: Browser) =>
  supabaseServerClient({ url: server.url, publishableKey: server.publishableKey, cookies: browser });

const claimsOf = (authorization: string | undefined) => {
  const token = /^Bearer (.+)$/.exec(authorization ?? '')?.[1] ?? '';
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8') || '{}') as {
    sub?: string;
    role?: string;
  };
};

beforeAll(async () => {
  auth = await startSupabaseAuthServer();
  server = await startSupabaseStorageServer(auth);
  admin = await signedIn('admin');
  member = await signedIn('member');
  server.admins.add(admin.id);
}, 30_000);

afterAll(async () => {
  await server?.close();
  await auth?.close();
});

describe('supabaseMaterialStorage', () => {
  it('uploads as the signed-in admin without upsert, and returns the site’s /uploads URL (the bucket is private)', async () => {
    const storage = supabaseMaterialStorage({ client: clientOf(admin.browser) });
    const url = await storage.put('1732300000000_worksheet.pdf', PDF, 'application/pdf');

    expect(url).toBe('/uploads/1732300000000_worksheet.pdf');
    expect(storage.url('1732300000000_worksheet.pdf')).toBe(url);
    const request = server.requests.at(-1)!;
    expect(request).toMatchObject({
      method: 'POST',
      path: '/storage/v1/object/documents/1732300000000_worksheet.pdf',
      apikey: server.publishableKey,
      contentType: 'application/pdf',
      upsert: 'false',
    });
    // The user's own access token (from the session cookies), not the publishable key.
    expect(claimsOf(request.authorization)).toMatchObject({ sub: admin.id, role: 'authenticated' });
    const stored = server.objects.get('documents/1732300000000_worksheet.pdf')!;
    expect(new Uint8Array(stored.bytes)).toEqual(PDF);
    expect(stored).toMatchObject({ contentType: 'application/pdf', owner: admin.id });

    // No public URL serves it.
    const direct = await fetch(
      `${server.url}/storage/v1/object/public/documents/1732300000000_worksheet.pdf`,
    );
    expect(direct.status).toBe(400);
    expect(await direct.json()).toMatchObject({ statusCode: '404' });
  });

  const project = () => ({ url: server.url, publishableKey: server.publishableKey });

  it('reads with the visitor’s own session, whole and by range, as Storage’s policy allows', async () => {
    const name = '1732300000010_reader.pdf';
    await supabaseMaterialStorage({ client: clientOf(admin.browser) }).put(name, PDF, 'application/pdf');
    const asMember = supabaseMaterialStorage({ client: clientOf(member.browser), project: project() });

    // The policy hides it from the member: Storage answers as for a missing object.
    expect(await asMember.read!(name)).toBeNull();
    server.mayRead = (user, key) => user === member.id && key === `documents/${name}`;
    try {
      const whole = (await asMember.read!(name))!;
      expect(whole.status).toBe(200);
      expect(new Uint8Array(await whole.arrayBuffer())).toEqual(PDF);
      const request = server.requests.at(-1)!;
      expect(request).toMatchObject({
        method: 'GET',
        path: `/storage/v1/object/authenticated/documents/${name}`,
        apikey: server.publishableKey,
      });
      expect(claimsOf(request.authorization)).toMatchObject({ sub: member.id, role: 'authenticated' });

      const part = (await asMember.read!(name, 'bytes=0-3'))!;
      expect(part.status).toBe(206);
      expect(part.headers.get('content-range')).toBe(`bytes 0-3/${PDF.byteLength}`);
      expect(await part.text()).toBe('%PDF');
      expect((await asMember.read!(name, 'bytes=999-'))!.status).toBe(416);

      // Someone else (anon: the publishable key) is still refused.
      const asAnon = supabaseMaterialStorage({ client: clientOf(new Browser()), project: project() });
      expect(await asAnon.read!(name)).toBeNull();
      expect(server.requests.at(-1)!.authorization).toBe(`Bearer ${server.publishableKey}`);
    } finally {
      server.mayRead = () => false;
    }
  });

  it('throws a clear error, without the key, when Storage refuses a download outright', async () => {
    const storage = supabaseMaterialStorage({
      client: clientOf(admin.browser),
      project: { url: server.url, publishableKey: 'sb_publishable_wrong' },
    });
    const error = (await storage.read!('1732300000000_worksheet.pdf').catch((e: unknown) => e)) as Error;
    expect(error.message).toBe(
      '[courses] Supabase Storage refused the download of 1732300000000_worksheet.pdf from bucket documents (401: Invalid API key)',
    );
    expect(error.message).not.toContain('sb_publishable_wrong');
  });

  it.each([
    ['409', false],
    ['400 with statusCode 409 (older Storage servers)', true],
  ])(
    'maps a taken path (%s) to an Error with code EEXIST and keeps the first file',
    async (_label, legacy) => {
      server.legacyStatus = legacy;
      try {
        const storage = supabaseMaterialStorage({ client: clientOf(admin.browser) });
        const path = `1732300000001_taken-${legacy}.pdf`;
        await storage.put(path, PDF, 'application/pdf');
        await expect(storage.put(path, new Uint8Array([1, 2, 3]), 'application/pdf')).rejects.toMatchObject({
          code: 'EEXIST',
        });
        expect(new Uint8Array(server.objects.get(`documents/${path}`)!.bytes)).toEqual(PDF);
      } finally {
        server.legacyStatus = false;
      }
    },
  );

  it('refuses a signed-in non-admin and an anonymous client (Storage RLS), with a message free of tokens and keys', async () => {
    for (const client of [clientOf(member.browser), clientOf(new Browser())]) {
      const storage = supabaseMaterialStorage({ client });
      const error = (await storage
        .put('1732300000002_intruder.pdf', PDF, 'application/pdf')
        .catch((e: unknown) => e)) as Error & { code?: string };
      expect(error).toBeInstanceOf(Error);
      expect(error.code).toBeUndefined();
      expect(error.message).toBe(
        '[courses] Supabase Storage refused the upload of 1732300000002_intruder.pdf to bucket documents ' +
          '(403: new row violates row-level security policy)',
      );
    }
    expect(claimsOf(server.requests.at(-2)!.authorization)).toMatchObject({ sub: member.id });
    expect(server.requests.at(-1)!.authorization).toBe(`Bearer ${server.publishableKey}`);
    expect(server.objects.has('documents/1732300000002_intruder.pdf')).toBe(false);
  });

  it('removes a file as the admin, and ignores one that is not there', async () => {
    const storage = supabaseMaterialStorage({ client: clientOf(admin.browser) });
    await storage.put('1732300000003_old.pdf', PDF, 'application/pdf');
    await storage.remove('1732300000003_old.pdf');
    expect(server.requests.at(-1)).toMatchObject({
      method: 'DELETE',
      path: '/storage/v1/object/documents',
      apikey: server.publishableKey,
    });
    expect(claimsOf(server.requests.at(-1)!.authorization)).toMatchObject({ sub: admin.id });
    expect(server.objects.has('documents/1732300000003_old.pdf')).toBe(false);

    await expect(storage.remove('1732300000003_old.pdf')).resolves.toBeUndefined();
    await expect(
      supabaseMaterialStorage({ client: clientOf(admin.browser), bucket: 'gone' }).remove('x.pdf'),
    ).resolves.toBeUndefined();
  });

  it('throws a clear error when Storage refuses a removal (a wrong API key), without the key', async () => {
    const client = supabaseServerClient({
      url: server.url,
      publishableKey: 'sb_publishable_wrong',
      cookies: admin.browser,
    });
    const error = (await supabaseMaterialStorage({ client })
      .remove('1732300000000_worksheet.pdf')
      .catch((e: unknown) => e)) as Error;
    expect(error.message).toBe(
      '[courses] Supabase Storage refused to remove 1732300000000_worksheet.pdf from bucket documents (401: Invalid API key)',
    );
    expect(server.objects.has('documents/1732300000000_worksheet.pdf')).toBe(true);
  });

  it('encodes names in the /uploads URL', () => {
    const storage = supabaseMaterialStorage({ client: clientOf(new Browser()) });
    expect(storage.url('1732300000004_week 1 notes.pdf')).toBe('/uploads/1732300000004_week%201%20notes.pdf');
  });
});

describe('materialStorage() and lib/courses with the bucket', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openMemoryDatabase();
  }, 60_000);
  afterAll(async () => {
    project.url = project.key = '';
    await handle?.close();
  });

  it('is the local .data/uploads storage while the Supabase variables are not set', () => {
    project.url = project.key = '';
    expect(materialStorage(clientOf(admin.browser)).url('1732300000000_a.pdf')).toBe(
      '/uploads/1732300000000_a.pdf',
    );
  });

  it('with Supabase Auth: uploads through the admin’s client, retries a taken timestamp, lists /uploads URLs', async () => {
    project.url = server.url;
    project.key = server.publishableKey;
    const course = await insertCourse(handle.db, { title: 'Storage course', createdBy: admin.id });
    const now = () => 1732300001000;
    // The same name uploaded earlier in this millisecond: saveMaterial takes the next one.
    server.objects.set('documents/1732300001000_Handout.pdf', {
      bytes: Buffer.from('earlier'),
      contentType: 'application/pdf',
      cacheControl: '',
      owner: admin.id,
    });

    const saved = await saveMaterial(
      course.id,
      { name: 'Handout.pdf', type: 'application/octet-stream', bytes: PDF },
      null,
      { storage: materialStorage(clientOf(admin.browser)), now },
      handle.db,
    );
    expect(saved.material).toMatchObject({
      storagePath: '1732300001001_Handout.pdf',
      contentType: 'application/pdf',
      sizeBytes: PDF.byteLength,
    });
    expect(saved.url).toBe('/uploads/1732300001001_Handout.pdf');
    expect(server.objects.get('documents/1732300001001_Handout.pdf')!.contentType).toBe('application/pdf');

    // The listing builds the same URLs without a session (no cookies read in lib/courses).
    const listed = await listMaterials(course.id, {}, handle.db);
    expect(listed.map((m) => m.url)).toEqual([saved.url]);

    // Without the admin's client (a session-less default), Storage refuses the upload and nothing is recorded.
    await expect(
      saveMaterial(course.id, { name: 'Other.pdf', bytes: PDF }, null, { now }, handle.db),
    ).rejects.toMatchObject({ code: 'material-failed' });
    expect(await listMaterials(course.id, {}, handle.db)).toHaveLength(1);
  });
});

describe('MATERIALS_STORAGE=supabase: downloads through /uploads', () => {
  let handle: DatabaseHandle;
  const get = async (file: string, headers: Record<string, string> = {}) => {
    const { GET } = await import('@/app/uploads/[file]/route');
    return GET(new Request(`http://localhost/uploads/${file}`, { headers }), {
      params: Promise.resolve({ file }),
    });
  };
  beforeAll(async () => {
    handle = await openMemoryDatabase();
    site.db = handle.db;
    project.url = server.url;
    project.key = server.publishableKey;
  }, 60_000);
  afterAll(async () => {
    project.url = project.key = '';
    site.user = site.cookies = site.db = null;
    server.mayRead = () => false;
    await handle?.close();
  });

  it('serves a priced course’s material only to its students, through their own session, never from a public URL', async () => {
    const { adminEnrol, createCourse, isEnrolled } = await import('@/lib/courses');
    const { materialStorageKind } = await import('@/lib/storage');
    expect(materialStorageKind()).toBe('supabase');
    const course = await createCourse(
      { title: 'Facilitation', description: 'D', price: 25, published: true },
      admin.id,
      handle.db,
    );
    const saved = await saveMaterial(
      course.id,
      { name: 'workbook.pdf', bytes: PDF },
      null,
      { storage: materialStorage(clientOf(admin.browser)), now: () => 1732300002000 },
      handle.db,
    );
    expect(saved.url).toBe('/uploads/1732300002000_workbook.pdf');
    const file = saved.material.storagePath;
    const enrolledNow = new Set<string>();
    // Storage's policy, as public.may_read_material() decides it: students with an active enrolment.
    server.mayRead = (user, key) =>
      key === `documents/${file}` && user === member.id && enrolledNow.has(member.id);

    expect((await get(file)).status).toBe(401);
    site.user = { id: member.id, email: 'member@example.org', name: null, emailConfirmed: true };
    site.cookies = member.browser;
    expect((await get(file)).status).toBe(403);

    await adminEnrol(member.id, course.id, {}, handle.db);
    enrolledNow.add(member.id);
    expect(await isEnrolled(member.id, course.id, handle.db)).toBe(true);
    const res = await get(file, { range: 'bytes=0-3' });
    expect(res.status).toBe(206);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(await res.text()).toBe('%PDF');
    expect(claimsOf(server.requests.at(-1)!.authorization)).toMatchObject({ sub: member.id });

    // Were the site's own check wrong, Storage still refuses someone its policy does not allow: 404, no bytes.
    enrolledNow.clear();
    expect((await get(file)).status).toBe(404);
  });
});
