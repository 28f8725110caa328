import { describe, expect, it } from 'vitest';

import { readBodyWithLimit } from '@/lib/security/read-body';

function streamed(chunks: number, chunkBytes: number) {
  const pulled = { bytes: 0 };
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent === chunks) return controller.close();
      sent += 1;
      pulled.bytes += chunkBytes;
      controller.enqueue(new Uint8Array(chunkBytes).fill(0x61));
    },
  });
  // @ts-expect-error -- Node's fetch needs `duplex` for a streamed body; the DOM typings lack it.
  return { request: new Request('http://x/', { method: 'POST', body, duplex: 'half' }), pulled };
}

describe('readBodyWithLimit', () => {
  it('reads a body within the cap', async () => {
    const { request } = streamed(3, 100);
    expect(await readBodyWithLimit(request, 300)).toEqual({ ok: true, text: 'a'.repeat(300) });
    expect(await readBodyWithLimit(new Request('http://x/', { method: 'POST', body: 'héllo' }), 16)).toEqual({
      ok: true,
      text: 'héllo',
    });
  });

  it('abandons a chunked body as soon as it passes the cap', async () => {
    const { request, pulled } = streamed(10_000, 1024);
    expect(await readBodyWithLimit(request, 16 * 1024)).toEqual({ ok: false, reason: 'too-large' });
    expect(pulled.bytes).toBeLessThan(100 * 1024);
  });

  it('refuses a declared length over the cap, or a malformed one, without reading', async () => {
    const big = new Request('http://x/', {
      method: 'POST',
      body: 'x'.repeat(20),
      headers: { 'content-length': '20' },
    });
    expect(await readBodyWithLimit(big, 10)).toEqual({ ok: false, reason: 'too-large' });
  });

  it('an empty body is empty text', async () => {
    expect(await readBodyWithLimit(new Request('http://x/', { method: 'POST' }), 10)).toEqual({
      ok: true,
      text: '',
    });
  });
});
