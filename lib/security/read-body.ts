import { readBodyCapped } from '@/lib/http/body';

/**
 * Reads a request body as UTF-8 text, stopping at `maxBytes`: a declared `Content-Length` over the cap is
 * refused without reading anything, and a body without one (chunked) is read chunk by chunk and abandoned as
 * soon as it passes the cap, so no more than `maxBytes` (plus one chunk) is ever held in memory.
 * Returns `{ ok: false }` for too large; throws only what the stream itself throws (a dropped connection).
 */
export type BodyRead = { ok: true; text: string } | { ok: false; reason: 'too-large' };

export async function readBodyWithLimit(request: Request, maxBytes: number): Promise<BodyRead> {
  const declared = request.headers.get('content-length');
  if (declared !== null && (!/^\d+$/.test(declared) || Number(declared) > maxBytes)) {
    await request.body?.cancel().catch(() => {});
    return { ok: false, reason: 'too-large' };
  }
  // The stream itself is read by the one capped reader the other handlers use.
  const text = await readBodyCapped(request.body, maxBytes);
  return text === null ? { ok: false, reason: 'too-large' } : { ok: true, text };
}
