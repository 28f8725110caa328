import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import type { AuthUser } from '@/lib/auth';
import { type DatabaseHandle } from '@/lib/db/client';

import { openMemoryDatabase } from '../helpers/test-engines';
import { type S3StandIn, startS3Server } from '../helpers/s3-server';

/**
 * Course materials in an S3-compatible store (MATERIALS_STORAGE=s3, issue 16 item 4), against a local server that
 * speaks the S3 object API and checks every request's Signature V4 (tests/helpers/s3-server.ts). The production
 * code runs unchanged: lib/storage/s3.ts, chosen by lib/storage/index.ts from the environment,
 * then saveMaterial and the /uploads route with its access check. Session faked at lib/auth, database at getDb
 * (PGlite in memory), as in tests/integration/course-actions.test.ts.
 */
const state = vi.hoisted(() => ({ user: null as AuthUser | null, db: null as unknown }));

vi.mock('@/lib/auth', async (importOriginal) => {
  const real = await importOriginal<typeof import('@/lib/auth')>();
  return {
    ...real,
    checkUser: async () =>
      state.user
        ? { ok: true as const, user: state.user }
        : { ok: false as const, status: 401 as const, error: 'unauthenticated' as const },
  };
});
vi.mock('@/lib/db', async (importOriginal) => {
  const real = await importOriginal<typeof import('@/lib/db')>();
  return { ...real, getDb: async () => state.db };
});

let s3: S3StandIn;
let handle: DatabaseHandle;

beforeAll(async () => {
  s3 = await startS3Server();
  // Read by lib/config/env.ts at first use, which comes after this.
  vi.stubEnv('MATERIALS_STORAGE', 's3');
  vi.stubEnv('MATERIALS_S3_ENDPOINT', s3.endpoint);
  vi.stubEnv('MATERIALS_S3_BUCKET', s3.bucket);
  vi.stubEnv('MATERIALS_S3_REGION', s3.region);
  vi.stubEnv('MATERIALS_S3_ACCESS_KEY_ID', s3.accessKeyId);
  vi.stubEnv('MATERIALS_S3_SECRET_ACCESS_KEY', s3.secretAccessKey);
  handle = await openMemoryDatabase();
  state.db = handle.db;
}, 120_000);
afterAll(async () => {
  vi.unstubAllEnvs();
  await handle?.close();
  await s3?.close();
});
afterEach(() => {
  state.user = null;
});

const pdf = (text: string) => new TextEncoder().encode(`%PDF-1.4 ${text}`);

describe('s3MaterialStorage against an S3 stand-in', () => {
  const storage = async (overrides: Record<string, string> = {}) => {
    const { s3MaterialStorage } = await import('@/lib/storage');
    return s3MaterialStorage({
      endpoint: s3.endpoint,
      bucket: s3.bucket,
      region: s3.region,
      accessKeyId: s3.accessKeyId,
      secretAccessKey: s3.secretAccessKey,
      ...overrides,
    });
  };

  it('stores under the key prefix with its type, reads whole and by range, and removes', async () => {
    const store = await storage();
    const url = await store.put('1700000000000_notes.pdf', pdf('hello'), 'application/pdf');
    expect(url).toBe('/uploads/1700000000000_notes.pdf');
    expect(s3.objects.get('course-materials/1700000000000_notes.pdf')).toEqual({
      body: Buffer.from('%PDF-1.4 hello'),
      contentType: 'application/pdf',
    });
    const whole = await store.read('1700000000000_notes.pdf');
    expect(whole?.status).toBe(200);
    expect(await whole?.text()).toBe('%PDF-1.4 hello');
    const part = await store.read('1700000000000_notes.pdf', 'bytes=0-3');
    expect(part?.status).toBe(206);
    expect(part?.headers.get('content-range')).toBe('bytes 0-3/14');
    expect(await part?.text()).toBe('%PDF');
    await store.remove('1700000000000_notes.pdf');
    expect(s3.objects.has('course-materials/1700000000000_notes.pdf')).toBe(false);
    expect(await store.read('1700000000000_notes.pdf')).toBeNull();
    await store.remove('1700000000000_notes.pdf'); // a missing object is fine
  });

  it('never overwrites: a taken key throws EEXIST (the caller takes the next timestamp)', async () => {
    const store = await storage();
    await store.put('1700000000001_a.pdf', pdf('first'), 'application/pdf');
    await expect(store.put('1700000000001_a.pdf', pdf('second'), 'application/pdf')).rejects.toMatchObject({
      code: 'EEXIST',
    });
    expect(s3.objects.get('course-materials/1700000000001_a.pdf')?.body.toString()).toBe('%PDF-1.4 first');
  });

  it('reports a refusal with the status and S3 code, never the secret', async () => {
    const store = await storage({ secretAccessKey: 'the-wrong-secret-key' });
    const error = await store.put('1700000000002_b.pdf', pdf('x'), 'application/pdf').catch((e: Error) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toContain('403 SignatureDoesNotMatch');
    expect((error as Error).message).not.toContain('the-wrong-secret-key');
    await expect(store.read('1700000000001_a.pdf')).rejects.toThrow(/403/);
  });
});

describe('MATERIALS_STORAGE=s3: upload, listing and download through the site', () => {
  const ADMIN = crypto.randomUUID();
  const BOB: AuthUser = {
    id: crypto.randomUUID(),
    email: 'bob@example.org',
    name: null,
    emailConfirmed: true,
  };

  const get = async (file: string, headers: Record<string, string> = {}) => {
    const { GET } = await import('@/app/uploads/[file]/route');
    return GET(new Request(`http://localhost/uploads/${file}`, { headers }), {
      params: Promise.resolve({ file }),
    });
  };

  it('keeps a priced course’s material in the private bucket, served only to enrolled students', async () => {
    const { adminEnrol, createCourse, listMaterials, saveMaterial } = await import('@/lib/courses');
    const { materialStorageKind } = await import('@/lib/storage');
    expect(materialStorageKind()).toBe('s3');
    const course = await createCourse(
      { title: 'Facilitation', description: 'D', price: 25, published: true },
      ADMIN,
      handle.db,
    );
    const { material, url } = await saveMaterial(
      course.id,
      { name: 'workbook.pdf', bytes: pdf('workbook') },
      null,
      { now: () => 1_700_000_000_100 },
      handle.db,
    );
    // In the bucket, not on this machine's disk; the link is the site's own, never the bucket's.
    expect(s3.objects.get(`course-materials/${material.storagePath}`)?.body.toString()).toBe(
      '%PDF-1.4 workbook',
    );
    expect(url).toBe(`/uploads/${material.storagePath}`);
    expect((await listMaterials(course.id, {}, handle.db)).map((m) => m.url)).toEqual([url]);
    expect(url).not.toContain(s3.endpoint);

    expect((await get(material.storagePath)).status).toBe(401);
    state.user = BOB;
    expect((await get(material.storagePath)).status).toBe(403);
    const before = s3.requests.filter((r) => r.method === 'GET').length;
    await adminEnrol(BOB.id, course.id, {}, handle.db);
    const res = await get(material.storagePath);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('content-length')).toBe('17');
    expect(await res.text()).toBe('%PDF-1.4 workbook');
    const ranged = await get(material.storagePath, { range: 'bytes=9-16' });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('content-range')).toBe('bytes 9-16/17');
    expect(await ranged.text()).toBe('workbook');
    // The refusals never asked the bucket; only the enrolled downloads did.
    expect(s3.requests.filter((r) => r.method === 'GET').length - before).toBe(2);
  });

  it('answers 503 when the bucket cannot be read, 404 for a recorded material missing from it', async () => {
    const { createCourse } = await import('@/lib/courses');
    const { insertMaterial } = await import('@/lib/db');
    const course = await createCourse(
      { title: 'Free', description: 'D', price: 0, published: true },
      ADMIN,
      handle.db,
    );
    await insertMaterial(handle.db, {
      courseId: course.id,
      filename: 'gone.pdf',
      storagePath: '1700000000200_gone.pdf',
      contentType: 'application/pdf',
      sizeBytes: 5,
    });
    // Materials are for the course's students (D2): Bob enrols, then the missing file is a 404.
    state.user = BOB;
    const { adminEnrol } = await import('@/lib/courses');
    await adminEnrol(BOB.id, course.id, {}, handle.db);
    expect((await get('1700000000200_gone.pdf')).status).toBe(404);
    await s3.close();
    const res = await get('1700000000200_gone.pdf');
    expect(res.status).toBe(503);
    s3 = await startS3Server(); // afterAll closes one
  });
});
