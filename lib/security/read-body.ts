import { readBodyCapped, readBytesCapped } from '@/lib/http/body';

/**
 * Reads a request body as UTF-8 text, stopping at `maxBytes`: a declared `Content-Length` over the cap is
 * refused without reading anything, and a body without one (chunked) is read chunk by chunk and abandoned as
 * soon as it passes the cap, so no more than `maxBytes` (plus one chunk) is ever held in memory.
 * Returns `{ ok: false }` for too large; throws only what the stream itself throws (a dropped connection).
 */
export type BodyRead = { ok: true; text: string } | { ok: false; reason: 'too-large' };

export async function readBodyWithLimit(request: Request, maxBytes: number): Promise<BodyRead> {
  if (await declaredTooLarge(request, maxBytes)) return { ok: false, reason: 'too-large' };
  // The stream itself is read by the one capped reader the other handlers use.
  const text = await readBodyCapped(request.body, maxBytes);
  return text === null ? { ok: false, reason: 'too-large' } : { ok: true, text };
}

/** The same as `readBodyWithLimit`, for bodies that are not text (multipart with files). */
export type BytesRead = { ok: true; bytes: Uint8Array<ArrayBuffer> } | { ok: false; reason: 'too-large' };

export async function readBytesWithLimit(request: Request, maxBytes: number): Promise<BytesRead> {
  if (await declaredTooLarge(request, maxBytes)) return { ok: false, reason: 'too-large' };
  const bytes = await readBytesCapped(request.body, maxBytes);
  return bytes === null ? { ok: false, reason: 'too-large' } : { ok: true, bytes };
}

/** A `Content-Length` that is not a number or is over the cap: the body is let go unread. */
async function declaredTooLarge(request: Request, maxBytes: number): Promise<boolean> {
  const declared = request.headers.get('content-length');
  if (declared !== null && (!/^\d+$/.test(declared) || Number(declared) > maxBytes)) {
    await request.body?.cancel().catch(() => {});
    return true;
  }
  return false;
}
