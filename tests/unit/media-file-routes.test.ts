import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

// Reading a whole file into memory per request (Range included) is what the file routes must no longer do
// (security review L5): every whole-file read through node:fs/promises now fails the test.
const wholeFileReads = vi.hoisted(() => ({ count: 0 }));
vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs/promises')>();
  const readFile = (async () => {
    wholeFileReads.count++;
    throw new Error('whole-file read');
  }) as typeof real.readFile;
  return { ...real, readFile, default: { ...real, readFile } };
});
vi.mock('@/lib/media/material-access', () => ({
  materialAccess: async () => ({ access: 'private', filename: 'talk.mp3' }),
}));
// /uploads is for signed-in students and admins (its route guard 'user'); the access decision is mocked above.
vi.mock('@/lib/auth', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/auth')>()),
  checkUser: async () => ({
    ok: true as const,
    user: { id: crypto.randomUUID(), email: 's@example.org', name: null, emailConfirmed: true },
  }),
}));

const { GET: mediaGet } = await import('@/app/content-media/[...path]/route');
const { GET: uploadGet } = await import('@/app/uploads/[file]/route');
const { streamFile } = await import('@/lib/media/file-response');

const VIDEO = ['2024', '09', 'event-bhm-evening-montage.mp4'];
const videoFile = path.join(process.cwd(), 'content', 'media', ...VIDEO);

const media = (parts: string[], headers: Record<string, string> = {}) =>
  mediaGet(new Request(`http://localhost/content-media/${parts.join('/')}`, { headers }), {
    params: Promise.resolve({ path: parts }),
  });

describe('/content-media streams from disk (security review L5)', () => {
  it('serves the whole file as a stream with its length, never reading it whole', async () => {
    const size = (await stat(videoFile)).size;
    const res = await media(VIDEO);
    expect(res.status).toBe(200);
    expect(res.body).toBeInstanceOf(ReadableStream);
    expect(res.headers.get('content-length')).toBe(String(size));
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(bytes.byteLength).toBe(size);
    expect(Buffer.from(bytes).equals(readFileSync(videoFile))).toBe(true);
    expect(wholeFileReads.count).toBe(0);
  });

  it('answers Range: bytes=0-1 with exactly those two bytes (206)', async () => {
    const size = (await stat(videoFile)).size;
    const res = await media(VIDEO, { range: 'bytes=0-1' });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe(`bytes 0-1/${size}`);
    expect(res.headers.get('content-length')).toBe('2');
    const whole = readFileSync(videoFile);
    expect(Buffer.from(await res.arrayBuffer()).equals(whole.subarray(0, 2))).toBe(true);
    expect(wholeFileReads.count).toBe(0);
  });

  it('suffix ranges, 416 past the end, 404 for missing files and directories', async () => {
    const size = (await stat(videoFile)).size;
    const tail = await media(VIDEO, { range: 'bytes=-10' });
    expect(tail.status).toBe(206);
    expect((await tail.arrayBuffer()).byteLength).toBe(10);
    const past = await media(VIDEO, { range: `bytes=${size}-` });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${size}`);
    expect((await media(['2024', '09', 'missing.mp4'])).status).toBe(404);
    expect((await media(['2024', 'x.mp4'])).status).toBe(404);
  });
});

describe('/uploads streams from disk (security review L5)', () => {
  let dir: string;
  const big = 'x'.repeat(1_000_000);
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'lrjn-stream-'));
    await mkdir(path.join(dir, '.data/uploads'), { recursive: true });
    await writeFile(path.join(dir, '.data/uploads/1700000000000_talk.mp3'), `ID3${big}`);
    vi.spyOn(process, 'cwd').mockReturnValue(dir);
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await rm(dir, { recursive: true, force: true });
  });

  it('serves a byte range of a stored material without reading the file whole', async () => {
    const file = '1700000000000_talk.mp3';
    const res = await uploadGet(
      new Request(`http://localhost/uploads/${file}`, { headers: { range: 'bytes=0-2' } }),
      {
        params: Promise.resolve({ file }),
      },
    );
    expect(res.status).toBe(206);
    expect(await res.text()).toBe('ID3');
    expect(res.headers.get('content-range')).toBe(`bytes 0-2/${big.length + 3}`);
    const whole = await uploadGet(new Request(`http://localhost/uploads/${file}`), {
      params: Promise.resolve({ file }),
    });
    expect(whole.status).toBe(200);
    expect((await whole.arrayBuffer()).byteLength).toBe(big.length + 3);
    expect(wholeFileReads.count).toBe(0);
  });

  it('streamFile gives null for a missing file, so the route answers 404', async () => {
    expect(await streamFile(path.join(dir, 'nope.pdf'), null, {})).toBeNull();
    expect(await streamFile(dir, null, {})).toBeNull();
  });
});
